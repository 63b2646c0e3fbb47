import 'reflect-metadata';
import { startTracing } from './modules/tracing/otel-sdk';
import { Logger } from '@nestjs/common';
import { createApp } from './app.factory';
import { gracefulShutdown } from './app.shutdown';
import { ConfigError, loadConfig } from './config/env';

const LISTEN_BACKLOG = 65_535;

async function main(): Promise<void> {
  const config = loadConfig();
  // Before the app: spans need the global provider (off unless OTEL_EXPORTER_OTLP_ENDPOINT is set).
  startTracing();
  const app = await createApp(config);
  gracefulShutdown(app, config).listen();
  // The kernel caps the accept backlog at net.core.somaxconn; Node's default of 511 would leave a burst
  // of thousands of connects waiting on SYN retries (docs/benchmarks.md, "Ten thousand streams").
  await app.listen({ port: config.port, host: '0.0.0.0', backlog: LISTEN_BACKLOG });
  const { port } = app.getHttpServer().address() as { port: number };
  const line = `listening on http://localhost:${port} (${config.database.type})`;
  // Printed even when logging is silenced: test harnesses and scripts wait for it.
  if (process.env.LOG_LEVEL === 'silent') console.log(line);
  else new Logger('Gateway').log(line);
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
