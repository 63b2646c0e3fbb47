import { Global, Module } from '@nestjs/common';
import { ClusterBus } from './cluster-bus.service';
import { ClusterJobs } from './cluster-jobs.service';
import { RedisConnection } from './redis-connection.service';

/**
 * The cluster's shared Redis, when REDIS_CONN_STRING is set: the cache invalidation bus and the job
 * leases over it (docs/cluster.md).
 */
@Global()
@Module({
  providers: [RedisConnection, ClusterBus, ClusterJobs],
  exports: [RedisConnection, ClusterBus, ClusterJobs],
})
export class RedisModule {}
