import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AccessLevel } from '../../auth/access.decorator';
import { RelayError } from '../http/relay-error';
import { sendRelayRefusal } from '../http/relay-refusal';
import { anthropicDialect } from '../inbound/anthropic-dialect';
import { geminiArrayClient, geminiDialect, parseGeminiEmbed, splitModelAction } from '../inbound/gemini-dialect';
import type { InboundDialect } from '../inbound/inbound-dialect';
import { responsesDialect } from '../inbound/responses-dialect';
import type { RelayMode } from '../../../providers/provider';
import type { RelayService } from '../pipeline/relay.service';
import type { RelayKeyRoutes } from './relay-key-routes';

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

type Handler = (req: FastifyRequest, reply: FastifyReply) => Promise<void> | void;

/** What a relay route's handler needs. */
interface RelayHandlers {
  relay: RelayService;
  keyRoutes: RelayKeyRoutes;
}

/** A format whose request is its body and headers: the route hands them to the dialect's parser. */
const byDialect =
  (dialect: InboundDialect) =>
  ({ relay }: RelayHandlers): Handler =>
  (req, reply) =>
    relay.relayAs(dialect, () => dialect.parse({ body: req.body, headers: req.headers }), req, reply);

/** The other formats' endpoints that run the pipeline: Responses, Anthropic Messages, Gemini's model methods. */
const OTHER_RELAY_ROUTES: ReadonlyArray<readonly [path: string, handler: (h: RelayHandlers) => Handler]> = [
  ['/v1/responses', byDialect(responsesDialect)],
  ['/v1/messages', byDialect(anthropicDialect)],
  ['/v1beta/models/*', geminiMethod],
];

/** Their paths, POST with access 'relay': the route inventory lists them beside the Nest routes. */
export const RELAY_ROUTE_PATHS: readonly string[] = [
  ...OPENAI_RELAY_ROUTES.map(([path]) => `/v1/${path}`),
  ...OTHER_RELAY_ROUTES.map(([path]) => path),
];

/**
 * Registers the relay's POST endpoints as plain Fastify routes. Their handler hands the raw request to
 * the pipeline, which authenticates the key and writes the answer itself, so Nest's router (execution
 * context, guard, parameter resolution) would only add work to every relay request
 * (docs/benchmarks.md). The body limit and the key check before a large body come from `access`, as
 * Nest routes get them from their decorator; an error escaping the pipeline reaches the same global
 * filter. The other relay routes (model lists, billing, count_tokens, unsupported paths) stay in the
 * controllers.
 */
export function registerRelayRoutes(fastify: FastifyInstance, handlers: RelayHandlers): void {
  const route = (path: string, handler: Handler) => fastify.post(path, { config: { access: 'relay' } }, handler);
  for (const [path, mode] of OPENAI_RELAY_ROUTES)
    route(`/v1/${path}`, (req, reply) => handlers.relay.relay(mode, req, reply));
  for (const [path, handler] of OTHER_RELAY_ROUTES) route(path, handler(handlers));
}

/** What a route's `*` matched ('' when nothing). */
export function wildcard(req: FastifyRequest): string {
  return (req.params as Record<string, string | undefined>)['*'] ?? '';
}

/**
 * `POST /v1beta/models/{model}:{method}`: generateContent and streamGenerateContent, the embedding
 * methods and countTokens; other methods get Gemini's 404.
 */
function geminiMethod({ relay, keyRoutes }: RelayHandlers): Handler {
  return (req, reply) => {
    const { model, action } = splitModelAction(wildcard(req));
    const input = { body: req.body, headers: req.headers, model };
    if (action === 'countTokens') return keyRoutes.countTokens(geminiDialect, input, req, reply);
    if (action === 'embedContent' || action === 'batchEmbedContents') {
      const parse = () => parseGeminiEmbed(input, action === 'batchEmbedContents');
      return relay.relayAs(geminiDialect, parse, req, reply);
    }
    if (action !== 'generateContent' && action !== 'streamGenerateContent')
      return sendRelayRefusal(req, reply, RelayError.routeNotFound(), geminiDialect.errors);
    const stream = action === 'streamGenerateContent';
    // Without alt=sse Gemini streams one JSON array (@google/genai asks for SSE).
    const jsonArray = stream && (req.query as { alt?: unknown } | undefined)?.alt !== 'sse';
    const parse = () => geminiDialect.parse({ ...input, stream, jsonArray });
    return relay.relayAs(jsonArray ? geminiArrayClient : geminiDialect, parse, req, reply);
  };
}
