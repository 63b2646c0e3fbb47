import { Global, Module } from '@nestjs/common';
import { BillingModule } from '../billing/billing.module';
import { MetricsController } from './metrics.controller';
import { MetricsProbes } from './metrics-probes';
import { MetricsServer } from './metrics-server';
import { RelayMetrics } from './relay-metrics.service';

/** Prometheus metrics: the registry (RelayMetrics, injectable anywhere), /metrics and its probes. */
@Global()
@Module({
  imports: [BillingModule],
  controllers: [MetricsController],
  providers: [RelayMetrics, MetricsProbes, MetricsServer],
  exports: [RelayMetrics],
})
export class MetricsModule {}
