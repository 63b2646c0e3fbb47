/**
 * The OpenAI-format surface as far as the gateway checks it (docs/relay.md): request bodies are passed
 * on to the upstream, so these schemas name only the fields the relay reads and validates, and let
 * every other field through (loose objects); answers are the upstream's, in OpenAI's shapes.
 */
import { z } from 'zod';

const model = z.string().min(1).max(191).describe('Required; the channel is chosen by it.');
const maxTokens = z.number().int().min(0).max(10_000_000);
const stream = z.boolean().nullable().optional().describe('true: server-sent events, ending with `data: [DONE]`.');
const usage = z.looseObject({ prompt_tokens: z.number(), completion_tokens: z.number().optional(), total_tokens: z.number() });

export const openAIErrorSchema = z
  .strictObject({
    error: z.looseObject({ message: z.string(), type: z.string(), param: z.string().nullable().optional(), code: z.unknown().optional() }),
  })
  .meta({ id: 'OpenAIError', description: 'A relay refusal, with the HTTP status (400, 401, 403, 404, 413, 429, 500, 502, 503).' });

export const chatRequestSchema = z
  .looseObject({
    model,
    messages: z.array(z.looseObject({ role: z.string(), content: z.unknown() })),
    stream,
    stream_options: z.looseObject({ include_usage: z.boolean().optional() }).optional(),
    max_tokens: maxTokens.optional(),
    max_completion_tokens: maxTokens.optional(),
    n: z.number().int().min(1).max(128).optional(),
  })
  .meta({ id: 'ChatCompletionRequest' });

export const chatResponseSchema = z
  .looseObject({
    id: z.string(),
    object: z.literal('chat.completion'),
    created: z.number(),
    model: z.string(),
    choices: z.array(
      z.looseObject({
        index: z.number(),
        message: z.looseObject({ role: z.string(), content: z.string().nullable() }),
        finish_reason: z.string().nullable(),
      }),
    ),
    usage: usage.optional(),
  })
  .meta({ id: 'ChatCompletion' });

export const completionRequestSchema = z.looseObject({
  model,
  prompt: z.unknown(),
  stream,
  max_tokens: maxTokens.optional(),
  n: z.number().int().min(1).max(128).optional(),
});
export const completionResponseSchema = z.looseObject({
  id: z.string(),
  object: z.literal('text_completion'),
  created: z.number(),
  model: z.string(),
  choices: z.array(z.looseObject({ index: z.number(), text: z.string(), finish_reason: z.string().nullable() })),
  usage: usage.optional(),
});

export const embeddingRequestSchema = z.looseObject({ model, input: z.union([z.string(), z.array(z.unknown())]) });
export const embeddingResponseSchema = z.looseObject({
  object: z.literal('list'),
  data: z.array(z.looseObject({ object: z.literal('embedding'), index: z.number(), embedding: z.union([z.array(z.number()), z.string()]) })),
  model: z.string(),
  usage,
});

export const imageRequestSchema = z.looseObject({
  model,
  prompt: z.string(),
  n: z.number().int().min(1).max(10).optional(),
  size: z.string().optional().describe('Priced per size (docs/relay.md#billing-formula).'),
  quality: z.string().optional(),
});
export const imageResponseSchema = z.looseObject({
  created: z.number(),
  data: z.array(z.looseObject({ url: z.string().optional(), b64_json: z.string().optional(), revised_prompt: z.string().optional() })),
});

export const speechRequestSchema = z.looseObject({ model, input: z.string(), voice: z.string() });
export const transcriptionResponseSchema = z.looseObject({ text: z.string() });

export const modelSchema = z.looseObject({ id: z.string(), object: z.literal('model'), created: z.number(), owned_by: z.string() }).meta({ id: 'Model' });
export const modelListSchema = z.looseObject({ object: z.literal('list'), data: z.array(modelSchema) });
/** Anthropic's Models API shapes, answered to a client that sends `anthropic-version`. */
export const anthropicModelSchema = z
  .strictObject({ type: z.literal('model'), id: z.string(), display_name: z.string(), created_at: z.string().describe('RFC 3339.') })
  .meta({ id: 'AnthropicModel' });
export const anthropicModelListSchema = z.strictObject({
  data: z.array(anthropicModelSchema),
  first_id: z.string().nullable(),
  last_id: z.string().nullable(),
  has_more: z.boolean(),
});

export const subscriptionSchema = z.looseObject({
  object: z.literal('billing_subscription'),
  has_payment_method: z.boolean(),
  soft_limit_usd: z.number(),
  hard_limit_usd: z.number(),
  system_hard_limit_usd: z.number(),
  access_until: z.number(),
});
export const usageSchema = z.looseObject({ object: z.literal('list'), total_usage: z.number().describe('Cents.') });

/** Any JSON object with a model: the bodies the relay passes on after reading only the model. */
export const modelOnlyRequestSchema = z.looseObject({ model });
export const passThroughResponseSchema = z.looseObject({}).describe("The upstream's answer, in its provider's format.");
