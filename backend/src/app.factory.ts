import fastifyCookie from '@fastify/cookie';
import fastifyWebsocket from '@fastify/websocket';
import { NestFactory } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppModule } from './app.module';
import { AllExceptionsFilter } from './common/http/all-exceptions.filter';
import { callerChecks } from './common/http/caller-checks';
import { constrainIdParams } from './common/http/id-params';
import { ANONYMOUS_BODY_LIMIT, applyRequestBounds } from './common/http/request-bounds';
import type { AppConfig } from './config/env';
import { RealtimeGateway } from './modules/relay/realtime/realtime-gateway';
import { GlobalRateLimits } from './modules/throttle/global-rate-limits';
import { JsonLogger } from './modules/tracing/json-logger';
import { registerWeb } from './web/static-web';

/** Builds the application (used by main.ts and by the API tests, which listen on a random port). */
export async function createApp(config: AppConfig): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({
    // X-Forwarded-For is honoured only from the configured proxies.
    trustProxy: config.trustedProxies.length > 0 ? [...config.trustedProxies] : false,
    // What unknown paths may send; each route gets its own limit from applyRequestBounds.
    bodyLimit: ANONYMOUS_BODY_LIMIT,
    routerOptions: { ignoreTrailingSlash: true },
    logger: false,
    // Closing the server ends every connection: it runs after the relay drain (app.shutdown.ts).
    forceCloseConnections: true,
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config), adapter, {
    // One JSON line per entry (docs/observability.md#traces-and-logs).
    logger: process.env.LOG_LEVEL === 'silent' ? false : new JsonLogger(),
  });
  // Per-IP request budgets, before any route exists (docs/security/throttling.md).
  app.get(GlobalRateLimits).register(app.getHttpAdapter().getInstance());
  applyRequestBounds(app, config, callerChecks(app));
  constrainIdParams(app.getHttpAdapter().getInstance());
  await app.register(fastifyCookie, { secret: config.sessionSecret });
  // GET /v1/realtime (WebSocket), in a scope of its own: the plugin's hooks wrap only this route.
  const realtime = app.get(RealtimeGateway);
  await app.register(async (scope: FastifyInstance) => {
    await scope.register(fastifyWebsocket, { options: realtime.serverOptions() });
    realtime.register(scope);
  });
  const web = await registerWeb(app, config);
  app.useGlobalFilters(new AllExceptionsFilter(web));
  // SIGTERM / SIGINT are handled by main.ts (app.shutdown.ts): a bounded drain, then app.close().
  await app.init();
  return app;
}
