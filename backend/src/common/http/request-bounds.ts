import { MAX_JSON_DEPTH, scanJson } from '@gw/shared';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preParsingHookHandler,
  RawServerDefault,
  RouteOptions,
} from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';
import type { AppConfig } from '../../config/env';
import { routeInventory } from '../../modules/auth/route-inventory';
import { AppError } from './app-error';
import { rememberJsonSource } from './json-source';

/**
 * Body cap of everything that does not authenticate its caller: the 'public' routes (login,
 * register, setup, and the OAuth and payment callbacks to come), unknown paths and the web files.
 * Nothing they take comes close; a public route that must take uploads needs its own decision
 * (docs/security/bodies-and-headers.md). Also the adapter's global limit, which unknown paths get.
 */
export const ANONYMOUS_BODY_LIMIT = 64 * 1024;

/**
 * Identifies the caller of an authenticated route from the request head alone, before its body is
 * read. Resolves true when the caller may go on; false once it has answered the refusal itself;
 * rejects with an error for the global error filter to answer.
 */
export type CallerCheck = (req: FastifyRequest, reply: FastifyReply) => Promise<boolean>;

/** The check for an authenticated route: 'relay' (API key), or a console level (session or access token, and role). */
export type CallerChecks = (kind: 'relay' | ConsoleLevel, url: string) => CallerCheck;
export type ConsoleLevel = 'user' | 'admin' | 'root';

/**
 * Bounds request bodies before any work is done on them (docs/security/bodies-and-headers.md):
 * JSON deeper than MAX_JSON_DEPTH is refused while parsing, on every route; routes whose callers
 * authenticate take MAX_REQUEST_BODY_MB, and check the caller first when the body may be larger
 * than ANONYMOUS_BODY_LIMIT, which all other routes take. Call between NestFactory.create() and
 * app.init(), before any route is registered.
 */
export function applyRequestBounds(app: NestFastifyApplication, config: AppConfig, checks: CallerChecks): void {
  const fastify: FastifyInstance = app.getHttpAdapter().getInstance();
  registerJsonParser(app, fastify);
  assignBodyLimits(app, fastify, config.maxRequestBodyBytes, checks);
}

/**
 * application/json parsed as Fastify's own parser does (prototype poisoning refused), after a
 * one-pass depth scan: a 10,000-deep body is a 400 here instead of a stack overflow in JSON.stringify,
 * a validator or a converter later on. Errors take the format of the path (envelope or relay error).
 * The same pass counts the top-level names, so the text is kept for a body without duplicates
 * (json-source.ts).
 * The parser's own limit only applies to a route without one, which assignBodyLimits leaves none.
 */
function registerJsonParser(app: NestFastifyApplication, fastify: FastifyInstance): void {
  const parse = fastify.getDefaultJsonParser('error', 'error');
  app.useBodyParser<RawServerDefault>('application/json', { bodyLimit: ANONYMOUS_BODY_LIMIT }, (req, body, done) => {
    const text = body.toString('utf8');
    const scan = scanJson(text);
    if (scan.tooDeep) {
      done(new AppError('common.json_too_deep', 400, { max: MAX_JSON_DEPTH }), undefined);
      return;
    }
    parse(req, text, (err, parsed) => {
      if (!err) rememberJsonSource(parsed, text, scan.topLevelMembers);
      done(err, parsed);
    });
  });
}

/**
 * Gives each route its body limit as Fastify registers it, from the route's Access metadata: the
 * large one only to routes that authenticate their caller ('user', 'admin', 'root', 'relay'), the
 * small one to 'public' routes and to anything registered outside Nest without `config.access`
 * (relay-routes.ts declares it). A route added later is covered without being listed anywhere, and
 * fails closed. Fastify answers 413 from the declared Content-Length before reading, and for a
 * chunked body as soon as the count passes the limit.
 * Authenticated routes also get the caller check of their kind before the body (checkFirst).
 * Boot fails if a controller route was not seen registered (the table and Fastify disagree).
 */
function assignBodyLimits(
  app: NestFastifyApplication,
  fastify: FastifyInstance,
  authenticatedLimit: number,
  checks: CallerChecks,
): void {
  const access = new Map(routeInventory(app).map((r) => [routeKey(r.method, r.path), r.access]));
  const unseen = new Set(access.keys());
  fastify.addHook('onRoute', (route: RouteOptions) => {
    const keys = ['ALL', ...([] as string[]).concat(route.method)].map((m) => routeKey(m, route.url));
    // Nest routes by their decorator; a route registered on Fastify directly declares `config.access`.
    const declared = route.config?.access;
    const levels = declared ? [declared] : keys.flatMap((k) => (access.has(k) ? [access.get(k)] : []));
    keys.forEach((k) => unseen.delete(k));
    const authenticated = levels.length > 0 && !levels.includes('public');
    route.bodyLimit = authenticated ? authenticatedLimit : ANONYMOUS_BODY_LIMIT;
    if (authenticated) {
      const check = checks(levels.includes('relay') ? 'relay' : leastConsoleLevel(levels), route.url);
      route.preParsing = [...([] as preParsingHookHandler[]).concat(route.preParsing ?? []), checkFirst(check)];
    }
  });
  fastify.addHook('onReady', async () => {
    if (unseen.size > 0)
      throw new Error(`controller routes Fastify never registered (no body limit set): ${[...unseen].join(', ')}`);
  });
}

/**
 * Runs `check` before the body of a request that may carry more than ANONYMOUS_BODY_LIMIT: a
 * Content-Length above it, or a body without one (chunked). Nothing of the body has been read
 * then, so a caller without valid credentials gets its refusal (and the linger below) instead of
 * having MAX_REQUEST_BODY_MB buffered first. Smaller bodies go on at the cost of a header read:
 * the route's own authentication (guard, relay pipeline) handles them as before.
 */
function checkFirst(check: CallerCheck): preParsingHookHandler {
  return (req, reply, payload, done) => {
    if (!mayExceedAnonymousLimit(req.headers)) {
      done(null, payload);
      return;
    }
    check(req, reply).then(
      (goOn) => {
        if (goOn) done(null, payload);
        else lingerAfterRefusal(req, reply);
      },
      (err: unknown) => {
        lingerAfterRefusal(req, reply);
        done(err as Error);
      },
    );
  };
}

/** A declared length above ANONYMOUS_BODY_LIMIT (or not a number), or a body of unknown length. */
function mayExceedAnonymousLimit(headers: IncomingHttpHeaders): boolean {
  const length = headers['content-length'];
  if (length === undefined) return headers['transfer-encoding'] !== undefined;
  return !(Number(length) <= ANONYMOUS_BODY_LIMIT);
}

/** The least demanding console level among a route's methods (the guard still checks each call). */
function leastConsoleLevel(levels: ReadonlyArray<string | undefined>): ConsoleLevel {
  return (['user', 'admin', 'root'] as const).find((l) => levels.includes(l)) ?? 'root';
}

const routeKey = (method: string, path: string) => `${method.toUpperCase()} ${path.replace(/\/+$/, '') || '/'}`;

/** How long the rest of a refused body is read and dropped before the connection is cut. */
const LINGER_MS = 5_000;

/**
 * Lets the client read a refusal (413, or 401 before the body) sent while it is still uploading.
 * Closing at once (Fastify asks for `Connection: close` on a 413) would reset a socket with unread
 * data, and the reset often destroys the answer before the client reads it. Instead the rest of
 * the body is read and dropped, never buffered, for at most LINGER_MS, and the connection is cut
 * then if the body has not ended. Works whether or not the answer has already gone out.
 */
export function lingerAfterRefusal(req: FastifyRequest, reply: FastifyReply): void {
  reply.removeHeader('connection');
  const raw = req.raw;
  const drop = () => {
    if (raw.complete) return;
    raw.resume();
    const timer = setTimeout(() => raw.socket?.destroy(), LINGER_MS);
    timer.unref();
    raw.once('end', () => clearTimeout(timer));
    raw.socket?.once('close', () => clearTimeout(timer));
  };
  if (reply.raw.writableFinished) drop();
  else reply.raw.once('finish', drop);
}
