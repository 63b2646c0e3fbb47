import { jsonTooDeep, MAX_JSON_DEPTH } from '@gw/shared';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest, RawServerDefault, RouteOptions } from 'fastify';
import type { AppConfig } from '../../config/env';
import { routeInventory } from '../../modules/auth/route-inventory';
import { AppError } from './app-error';

/**
 * Body cap of everything that does not authenticate its caller: the 'public' routes (login,
 * register, setup, and the OAuth and payment callbacks to come), unknown paths and the web files.
 * Nothing they take comes close; a public route that must take uploads needs its own decision
 * (docs/security/bodies-and-headers.md). Also the adapter's global limit, which unknown paths get.
 */
export const ANONYMOUS_BODY_LIMIT = 64 * 1024;

/**
 * Bounds request bodies before any work is done on them (docs/security/bodies-and-headers.md):
 * JSON deeper than MAX_JSON_DEPTH is refused while parsing, on every route; routes whose callers
 * authenticate take MAX_REQUEST_BODY_MB, all others ANONYMOUS_BODY_LIMIT. Call between
 * NestFactory.create() and app.init(), before any route is registered.
 */
export function applyRequestBounds(app: NestFastifyApplication, config: AppConfig): void {
  const fastify: FastifyInstance = app.getHttpAdapter().getInstance();
  registerJsonParser(app, fastify);
  assignBodyLimits(app, fastify, config.maxRequestBodyBytes);
}

/**
 * application/json parsed as Fastify's own parser does (prototype poisoning refused), after a
 * one-pass depth scan: a 10,000-deep body is a 400 here instead of a stack overflow in JSON.stringify,
 * a validator or a converter later on. Errors take the format of the path (envelope or relay error).
 * The parser's own limit only applies to a route without one, which assignBodyLimits leaves none.
 */
function registerJsonParser(app: NestFastifyApplication, fastify: FastifyInstance): void {
  const parse = fastify.getDefaultJsonParser('error', 'error');
  app.useBodyParser<RawServerDefault>('application/json', { bodyLimit: ANONYMOUS_BODY_LIMIT }, (req, body, done) => {
    const text = body.toString('utf8');
    if (jsonTooDeep(text)) {
      done(new AppError('common.json_too_deep', 400, { max: MAX_JSON_DEPTH }), undefined);
      return;
    }
    parse(req, text, done);
  });
}

/**
 * Gives each route its body limit as Fastify registers it, from the route's Access metadata: the
 * large one only to routes that authenticate their caller ('user', 'admin', 'root', 'relay'), the
 * small one to 'public' routes and to anything registered outside Nest. A route added later is
 * covered without being listed anywhere, and fails closed. Fastify answers 413 from the declared
 * Content-Length before reading, and for a chunked body as soon as the count passes the limit.
 * Boot fails if a controller route was not seen registered (the table and Fastify disagree).
 */
function assignBodyLimits(app: NestFastifyApplication, fastify: FastifyInstance, authenticatedLimit: number): void {
  const access = new Map(routeInventory(app).map((r) => [routeKey(r.method, r.path), r.access]));
  const unseen = new Set(access.keys());
  fastify.addHook('onRoute', (route: RouteOptions) => {
    const keys = ['ALL', ...([] as string[]).concat(route.method)].map((m) => routeKey(m, route.url));
    const levels = keys.flatMap((k) => (access.has(k) ? [access.get(k)] : []));
    keys.forEach((k) => unseen.delete(k));
    const authenticated = levels.length > 0 && !levels.includes('public');
    route.bodyLimit = authenticated ? authenticatedLimit : ANONYMOUS_BODY_LIMIT;
  });
  fastify.addHook('onReady', async () => {
    if (unseen.size > 0)
      throw new Error(`controller routes Fastify never registered (no body limit set): ${[...unseen].join(', ')}`);
  });
}

const routeKey = (method: string, path: string) => `${method.toUpperCase()} ${path.replace(/\/+$/, '') || '/'}`;

/** How long the rest of a refused body is read and dropped before the connection is cut. */
const LINGER_MS = 5_000;

/**
 * Lets the client read a 413 sent while it is still uploading. Closing at once (Fastify asks for
 * `Connection: close`) would reset a socket with unread data, and the reset often destroys the
 * answer before the client reads it. Instead the rest of the body is read and dropped, never
 * buffered, for at most LINGER_MS, and the connection is cut then if the body has not ended.
 */
export function lingerAfterRefusal(req: FastifyRequest, reply: FastifyReply): void {
  reply.removeHeader('connection');
  const raw = req.raw;
  reply.raw.once('finish', () => {
    if (raw.complete) return;
    raw.resume();
    const timer = setTimeout(() => raw.socket?.destroy(), LINGER_MS);
    timer.unref();
    raw.once('end', () => clearTimeout(timer));
    raw.socket?.once('close', () => clearTimeout(timer));
  });
}
