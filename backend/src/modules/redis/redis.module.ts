import { Global, Module } from '@nestjs/common';
import { ClusterJobs } from './cluster-jobs.service';
import { RedisConnection } from './redis-connection.service';

/** The cluster's shared Redis, when REDIS_CONN_STRING is set, and the job leases on it (docs/cluster.md). */
@Global()
@Module({
  providers: [RedisConnection, ClusterJobs],
  exports: [RedisConnection, ClusterJobs],
})
export class RedisModule {}
