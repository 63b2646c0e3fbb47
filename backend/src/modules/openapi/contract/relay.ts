/** The relay: OpenAI format under /v1, Anthropic and Gemini formats, the playground (docs/relay.md). */
import { z } from 'zod';
import type { Contract } from '../route-doc';
import * as s from './openai-shapes';

const tag = 'relay';
const multipart = 'multipart/form-data';
const legacySubscription = { tag, summary: "OpenAI's legacy billing: the key's (or, unlimited, the user's) quota in USD", response: s.subscriptionSchema };
const legacyUsage = { tag, summary: "OpenAI's legacy billing: usage in cents", response: s.usageSchema };

export const relayRoutes: Contract = {
  'POST /v1/chat/completions': { tag, summary: 'Chat completion', body: s.chatRequestSchema, response: s.chatResponseSchema, streams: true },
  'POST /pg/chat/completions': {
    tag,
    summary: "The console's playground: a chat completion on the session, billed to the caller",
    body: s.chatRequestSchema,
    response: s.chatResponseSchema,
    streams: true,
  },
  'POST /v1/completions': { tag, summary: 'Text completion (legacy)', body: s.completionRequestSchema, response: s.completionResponseSchema, streams: true },
  'POST /v1/embeddings': { tag, summary: 'Embeddings', body: s.embeddingRequestSchema, response: s.embeddingResponseSchema },
  'POST /v1/moderations': { tag, summary: 'Moderation', body: z.looseObject({ input: z.unknown(), model: z.string().optional() }), response: s.passThroughResponseSchema },
  'POST /v1/images/generations': { tag, summary: 'Image generation (n × size/quality priced)', body: s.imageRequestSchema, response: s.imageResponseSchema },
  'POST /v1/images/edits': { tag, summary: 'Image edit (multipart upload)', bodyType: multipart, response: s.imageResponseSchema },
  'POST /v1/audio/speech': { tag, summary: 'Text to speech; answers the audio bytes', body: s.speechRequestSchema, response: 'text' },
  'POST /v1/audio/transcriptions': { tag, summary: 'Speech to text (multipart upload; billed by duration)', bodyType: multipart, response: s.transcriptionResponseSchema },
  'POST /v1/audio/translations': { tag, summary: 'Speech to English text (multipart upload)', bodyType: multipart, response: s.transcriptionResponseSchema },
  'POST /v1/rerank': { tag, summary: 'Rerank (Jina/Cohere format)', body: s.modelOnlyRequestSchema, response: s.passThroughResponseSchema },
  'POST /v1/responses': { tag, summary: 'OpenAI Responses API', body: s.modelOnlyRequestSchema, response: s.passThroughResponseSchema, streams: true },
  'GET /v1/models': {
    tag,
    summary: "Models the key may use (Anthropic's list shape when the request carries anthropic-version)",
    response: z.union([s.modelListSchema, s.anthropicModelListSchema]),
  },
  'GET /v1/models/:model': {
    tag,
    summary: "One model the key may use (Anthropic's shape when the request carries anthropic-version)",
    response: z.union([s.modelSchema, s.anthropicModelSchema]),
  },
  'GET /v1/dashboard/billing/subscription': legacySubscription,
  'GET /v1/dashboard/billing/usage': legacyUsage,
  'GET /dashboard/billing/subscription': legacySubscription,
  'GET /dashboard/billing/usage': legacyUsage,
  'ALL /v1/*': { skip: 'catch-all: OpenAI endpoints not offered answer 501, unknown paths 404, in the OpenAI error format' },

  'POST /v1/messages': {
    tag: 'relay-anthropic',
    summary: 'Anthropic Messages (key in x-api-key or Bearer)',
    body: z.looseObject({ model: z.string(), messages: z.array(z.unknown()), max_tokens: z.number().int().min(1), stream: z.boolean().optional() }),
    response: s.passThroughResponseSchema,
    streams: true,
  },
  'POST /v1/messages/count_tokens': {
    tag: 'relay-anthropic',
    summary: 'Anthropic token count',
    body: z.looseObject({ model: z.string(), messages: z.array(z.unknown()) }),
    response: z.looseObject({ input_tokens: z.number().int() }),
  },
  'ALL /v1/messages/*': { skip: 'catch-all: other Anthropic paths answer 404 in the Anthropic error format' },

  'GET /v1beta/models': { tag: 'relay-gemini', summary: "Models in Gemini's list format (key in x-goog-api-key, ?key= or Bearer)", response: z.looseObject({ models: z.array(z.looseObject({ name: z.string() })) }) },
  'GET /v1beta/models/*': { tag: 'relay-gemini', summary: 'One model in Gemini format', paths: ['/v1beta/models/{model}'], response: z.looseObject({ name: z.string() }) },
  'POST /v1beta/models/*': {
    tag: 'relay-gemini',
    summary: 'Gemini generateContent, streamGenerateContent, embedContent, batchEmbedContents, countTokens (model and action in the path)',
    paths: ['/v1beta/models/{model}:{action}'],
    body: z.looseObject({ contents: z.array(z.unknown()).optional() }),
    response: s.passThroughResponseSchema,
    streams: true,
  },
  'ALL /v1beta/*': { skip: 'catch-all: other Gemini paths answer 404 in the Gemini error format' },
};
