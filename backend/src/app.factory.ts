import fastifyCookie from '@fastify/cookie';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppModule } from './app.module';
import { AllExceptionsFilter } from './common/http/all-exceptions.filter';
import { ANONYMOUS_BODY_LIMIT, applyRequestBounds } from './common/http/request-bounds';
import type { AppConfig } from './config/env';
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
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config), adapter, {
    logger: process.env.LOG_LEVEL === 'silent' ? false : ['error', 'warn', 'log'],
  });
  applyRequestBounds(app, config);
  await app.register(fastifyCookie, { secret: config.sessionSecret });
  const web = await registerWeb(app, config);
  app.useGlobalFilters(new AllExceptionsFilter(web));
  app.enableShutdownHooks();
  await app.init();
  return app;
}
