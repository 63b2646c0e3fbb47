import { Global, Module } from '@nestjs/common';
import { RedisConnection } from './redis-connection.service';

/** The cluster's shared Redis, when REDIS_CONN_STRING is set (docs/cluster.md). */
@Global()
@Module({
  providers: [RedisConnection],
  exports: [RedisConnection],
})
export class RedisModule {}
