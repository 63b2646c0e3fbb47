import { Global, Module } from '@nestjs/common';
import { ClusterBus } from './cluster-bus.service';
import { RedisConnection } from './redis-connection.service';

/** The cluster's shared Redis, when REDIS_CONN_STRING is set, and the cache invalidation bus over it (docs/cluster.md). */
@Global()
@Module({
  providers: [RedisConnection, ClusterBus],
  exports: [RedisConnection, ClusterBus],
})
export class RedisModule {}
