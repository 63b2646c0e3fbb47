import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AccessLevel } from '../../auth/access.decorator';
import { responsesDialect } from '../inbound/responses-dialect';
import type { RelayMode } from '../../../providers/provider';
import type { RelayService } from '../pipeline/relay.service';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The access level of a route registered outside Nest (request-bounds.ts reads it). */
    access?: AccessLevel;
  }
}

/** The OpenAI-format relay endpoints that run the pipeline, by path under /v1. */
const OPENAI_RELAY_ROUTES: ReadonlyArray<readonly [path: string, mode: RelayMode]> = [
  ['chat/completions', 'chat'],
  ['completions', 'completions'],
  ['embeddings', 'embeddings'],
  ['moderations', 'moderations'],
  ['images/generations', 'images.generations'],
  ['images/edits', 'images.edits'],
  ['audio/speech', 'audio.speech'],
  ['audio/transcriptions', 'audio.transcriptions'],
  ['audio/translations', 'audio.translations'],
  ['rerank', 'rerank'],
];

/** Their paths, POST with access 'relay': the route inventory lists them beside the Nest routes. */
export const RELAY_ROUTE_PATHS: readonly string[] = [...OPENAI_RELAY_ROUTES.map(([path]) => path), 'responses'].map(
  (path) => `/v1/${path}`,
);

/**
 * Registers the OpenAI-format POST endpoints as plain Fastify routes. Their handler hands the raw
 * request to the pipeline, which authenticates the key and writes the answer itself, so Nest's router
 * (execution context, guard, parameter resolution) would only add work to every relay request
 * (docs/benchmarks.md). The body limit and the key check before a large body come from `access`, as
 * Nest routes get them from their decorator; an error escaping the pipeline reaches the same global
 * filter. The other /v1 routes (models, billing, unsupported paths) stay in RelayController.
 */
export function registerRelayRoutes(fastify: FastifyInstance, relay: RelayService): void {
  const route = (path: string, handler: (req: FastifyRequest, reply: FastifyReply) => Promise<void>) =>
    fastify.post(`/v1/${path}`, { config: { access: 'relay' } }, handler);
  for (const [path, mode] of OPENAI_RELAY_ROUTES) route(path, (req, reply) => relay.relay(mode, req, reply));
  route('responses', (req, reply) =>
    relay.relayAs(responsesDialect, () => responsesDialect.parse({ body: req.body, headers: req.headers }), req, reply),
  );
}
