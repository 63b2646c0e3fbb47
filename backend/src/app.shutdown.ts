import type { Server } from 'node:http';
import { Logger } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { GracefulShutdown } from './common/lifecycle/graceful-shutdown';
import type { AppConfig } from './config/env';
import { QuotaLedger } from './modules/billing/quota-ledger.service';
import { LogService } from './modules/log/log.service';
import { RelayDrain } from './modules/relay/pipeline/relay-drain';
import { stopTracing } from './modules/tracing/otel-sdk';

/**
 * After the drain: up to 5 s for cut requests to settle and send their last event, then the final
 * ledger commit, the log flush and closing connections and the database (docs/security/shutdown.md).
 */
const GRACE_MS = 10_000;

/** The process's answer to SIGTERM / SIGINT for a running gateway (main.ts). */
export function gracefulShutdown(app: NestFastifyApplication, config: AppConfig): GracefulShutdown {
  const drain = app.get(RelayDrain);
  const ledger = app.get(QuotaLedger);
  const logs = app.get(LogService);
  const server = app.getHttpServer() as Server;
  return new GracefulShutdown(
    {
      stopAccepting: () => {
        drain.begin();
        // No new connections; Fastify closes the remaining ones once the drain is over.
        server.close(() => undefined);
      },
      // Then the spans still queued are exported.
      close: () => app.close().then(stopTracing),
      hurry: () => drain.cutNow(),
      pending: () => {
        const money = ledger.pending;
        return [
          `${drain.inFlight} relay request(s) in flight`,
          `${money.queued} ledger write(s) not committed`,
          `${money.open} reservation(s) open (closed at the next boot)`,
          `${logs.pending} log row(s) not written`,
        ];
      },
    },
    { drainMs: config.shutdownDrainSec * 1000, graceMs: GRACE_MS },
    new Logger('Shutdown'),
  );
}
