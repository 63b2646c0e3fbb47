import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { pickLocale, type Locale } from '../i18n/i18n';

/** The caller's locale from Accept-Language (zh default). */
export const ReqLocale = createParamDecorator((_: unknown, ctx: ExecutionContext): Locale =>
  pickLocale(ctx.switchToHttp().getRequest<FastifyRequest>().headers['accept-language']),
);

/** The client IP as Fastify computed it (X-Forwarded-For honoured only from TRUSTED_PROXIES). */
export const ClientIp = createParamDecorator(
  (_: unknown, ctx: ExecutionContext): string => ctx.switchToHttp().getRequest<FastifyRequest>().ip,
);
