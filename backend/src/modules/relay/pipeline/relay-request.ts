import type { RelayBody, RelayMode } from '../../../providers/provider';
import { imagePriceRatio } from '@gw/shared';
import { boundaryOf, readField, readFile } from '../../../providers/shared/multipart';
import { audioDurationTokens } from '../metering/audio-duration';
import { RelayError } from '../http/relay-error';
import type { InboundRequest } from '../inbound/inbound-dialect';
import { promptParts, type PromptParts } from '../metering/prompt-parts';
import { jsonSourceOf } from '../../../common/http/json-source';

/** One client request, validated: everything the pipeline needs to route, reserve and bill. */
export interface RelayRequest {
  readonly mode: RelayMode;
  readonly model: string;
  readonly body: RelayBody;
  readonly stream: boolean;
  /** The client asked for the usage chunk itself (stream_options.include_usage). */
  readonly clientWantsUsage: boolean;
  /** max tokens × n when the client set a limit, else 0 (for the reservation). */
  readonly maxCompletionTokens: number;
  /** Billable units for per-call pricing: images n × size/quality price ratio (may be fractional), else 1. */
  readonly calls: number;
  /** Whisper (transcriptions, translations): the upload's duration as tokens, billed as completion. */
  readonly durationTokens?: number;
  readonly prompt: PromptParts;
  /** Set when the client spoke a native format (Anthropic, Gemini); `body` is then its OpenAI conversion. */
  readonly inbound?: InboundRequest;
}

const STREAM_MODES = new Set<RelayMode>(['chat', 'completions', 'responses']);
const DEFAULT_MODEL: Partial<Record<RelayMode, string>> = {
  moderations: 'omni-moderation-latest',
  'images.generations': 'dall-e-2',
  'images.edits': 'dall-e-2',
};
const MAX_TOKENS_LIMIT = 10_000_000;
const MAX_N = 128;
const MAX_IMAGES = 10;

const bad = (detail: string) => RelayError.invalidRequest('relay.invalid_request', 'invalid_request', { detail });

function intField(body: Readonly<Record<string, unknown>>, name: string, min: number, max: number): number | undefined {
  const v = body[name];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max)
    throw bad(`${name} must be an integer between ${min} and ${max}`);
  return v;
}

function modelOf(mode: RelayMode, value: unknown): string {
  const model = value === undefined || value === null || value === '' ? DEFAULT_MODEL[mode] : value;
  if (typeof model !== 'string' || !model.trim())
    throw RelayError.invalidRequest('relay.model_required', 'model_required');
  if (model.length > 191) throw bad('model is too long');
  return model.trim();
}

/** multipart/form-data (uploads): passed through; only the model field is read. */
function parseMultipart(mode: RelayMode, raw: Buffer, contentType: string): RelayRequest {
  const boundary = boundaryOf(contentType);
  if (!boundary) throw bad('multipart boundary missing');
  const model = modelOf(mode, readField(raw, boundary, 'model'));
  const n = Number(readField(raw, boundary, 'n') ?? 1);
  const prompt = readField(raw, boundary, 'prompt');
  const images = Number.isInteger(n) && n >= 1 && n <= MAX_IMAGES ? n : 1;
  const transcription = mode === 'audio.transcriptions' || mode === 'audio.translations';
  const file = transcription ? readFile(raw, boundary, 'file') : null;
  const durationTokens = transcription ? (file ? audioDurationTokens(file) : 0) : undefined;
  return {
    mode,
    model,
    body: { kind: 'multipart', raw, contentType },
    stream: false,
    clientWantsUsage: false,
    // Whisper's bill is known from the upload: reserve it.
    maxCompletionTokens: durationTokens ?? 0,
    calls:
      mode === 'images.edits'
        ? images * imagePriceRatio(model, readField(raw, boundary, 'size'), readField(raw, boundary, 'quality'))
        : 1,
    ...(durationTokens !== undefined ? { durationTokens } : {}),
    prompt: { texts: prompt ? [prompt] : [], fixedTokens: 0, opaque: true },
  };
}

/**
 * Validates a request body for `mode`. Extreme or malformed numbers are refused (400). Pure but for
 * one lookup: the client's own text of a JSON body, kept by the body parser (json-source.ts).
 */
export function parseRelayRequest(mode: RelayMode, body: unknown, contentType: string): RelayRequest {
  if (Buffer.isBuffer(body)) return parseMultipart(mode, body, contentType);
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw bad('the body must be a JSON object');
  const json = body as Readonly<Record<string, unknown>>;
  const model = modelOf(mode, json.model);
  if (json.stream !== undefined && json.stream !== null && typeof json.stream !== 'boolean')
    throw bad('stream must be a boolean');
  const stream = json.stream === true && STREAM_MODES.has(mode);
  if (mode === 'chat' && !Array.isArray(json.messages)) throw bad('messages must be an array');
  const opts = json.stream_options;
  const clientWantsUsage =
    !!opts && typeof opts === 'object' && (opts as { include_usage?: unknown }).include_usage === true;

  const maxTokens =
    intField(json, 'max_completion_tokens', 0, MAX_TOKENS_LIMIT) ??
    intField(json, 'max_tokens', 0, MAX_TOKENS_LIMIT) ??
    intField(json, 'max_output_tokens', 0, MAX_TOKENS_LIMIT) ??
    0;
  const imageMode = mode === 'images.generations' || mode === 'images.edits';
  const n = intField(json, 'n', 1, imageMode ? MAX_IMAGES : MAX_N) ?? 1;
  return {
    mode,
    model,
    body: { kind: 'json', json, source: jsonSourceOf(json) },
    stream,
    clientWantsUsage,
    maxCompletionTokens: imageMode ? 0 : maxTokens * n,
    calls: imageMode ? n * imagePriceRatio(model, json.size, json.quality) : 1,
    prompt: promptParts(mode, json),
  };
}
