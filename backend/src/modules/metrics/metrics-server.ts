import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { APP_CONFIG, type AppConfig } from '../../config/env';
import { RelayMetrics } from './relay-metrics.service';

/**
 * /metrics without a token on its own port (METRICS_PORT), for a scraper on a private network; every
 * other path answers 404. Not started when METRICS_PORT is 0.
 */
@Injectable()
export class MetricsServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(MetricsServer.name);
  private server?: Server;

  constructor(
    private readonly metrics: RelayMetrics,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.metrics.port > 0) await this.listen(this.config.metrics.port);
  }

  /** Starts the listener (port 0: any free port); resolves to the port bound. */
  listen(port: number): Promise<number> {
    const server = createServer((req, res) => {
      const path = (req.url ?? '').split('?')[0];
      if (req.method !== 'GET' || path !== '/metrics') {
        res.writeHead(404).end();
        return;
      }
      this.metrics.registry.metrics().then(
        (body) => res.writeHead(200, { 'content-type': this.metrics.registry.contentType }).end(body),
        (err: unknown) => {
          this.logger.warn(`metrics scrape failed: ${String(err)}`);
          res.writeHead(500).end();
        },
      );
    });
    this.server = server;
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, () => {
        server.off('error', reject);
        const bound = (server.address() as AddressInfo).port;
        this.logger.log(`metrics served on port ${bound}`);
        resolve(bound);
      });
    });
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    if (!server) return;
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
