import type { Settings } from '@gw/shared';
import type { Capability } from './capabilities';
import type { ServiceAccountKey } from './vertex/service-account';

/**
 * The contract every provider implements (pure: the relay and channel management send the calls these
 * functions describe). docs/relay.md describes the relay around it.
 */

/** The OpenAI-format endpoints the relay serves; adaptors declare which ones they support. */
export const RELAY_MODES = [
  'chat',
  'completions',
  'embeddings',
  'moderations',
  'images.generations',
  'images.edits',
  'audio.speech',
  'audio.transcriptions',
  'audio.translations',
  'rerank',
  'responses',
] as const;
export type RelayMode = (typeof RELAY_MODES)[number];

/** The client's request body: parsed JSON, or multipart passed through as bytes. */
export type RelayBody =
  | {
      readonly kind: 'json';
      readonly json: Readonly<Record<string, unknown>>;
      /**
       * The client's own text of `json`, set only where `json` is the parser's own object (never for a
       * derived body): an adaptor may send it instead of `json`, with the edits of
       * providers/shared/json-text.ts made in place.
       */
      readonly source?: string;
    }
  | { readonly kind: 'multipart'; readonly raw: Buffer; readonly contentType: string };

/** What an adaptor needs to know about the chosen channel and key. */
export interface AdaptorTarget {
  readonly baseUrl: string;
  readonly key: string;
  readonly organization: string;
  readonly paramOverride: Readonly<Record<string, unknown>> | null;
  readonly other: string;
  /** What prepare() resolved from the key (Vertex: an OAuth access token); the key itself stays in `key`. */
  readonly credential?: string;
}

export interface BuildInput {
  readonly mode: RelayMode;
  readonly body: RelayBody;
  /** Model name after model_mapping. */
  readonly upstreamModel: string;
  readonly stream: boolean;
  readonly target: AdaptorTarget;
  /** The options snapshot of the request (claude.*, gemini.* provider settings). */
  readonly settings: Settings;
}

/** An upstream answer to read, with what the reader may need besides the bytes. */
export interface ReadInput {
  readonly mode: RelayMode;
  readonly body: Buffer;
  readonly contentType: string;
  /** Extract the generated text even when usage is present (content logging, channel tests). */
  readonly wantText?: boolean;
  /** The upstream model name (native converters put it into the OpenAI answer). */
  readonly model?: string;
  /** The client's body, for answers that echo parts of it (rerank documents, base64 embeddings). */
  readonly request?: RelayBody;
}

/** One upstream HTTP request, fully described (the upstream client sends it as is). */
export interface UpstreamCall {
  readonly origin: string;
  readonly path: string;
  readonly method: 'POST' | 'GET';
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string | Buffer | null;
}

/**
 * Token usage as an upstream reports it: numbers not yet checked (negative, fractional, huge or
 * Infinity stay as they came; billing replaces implausible reports by local counts).
 */
export interface UsageReport {
  promptTokens: number;
  completionTokens: number;
  /** Parts of promptTokens: read from / written to the prompt cache, audio. */
  cachedTokens?: number;
  cacheCreationTokens?: number;
  audioInputTokens?: number;
  /** Part of completionTokens that was audio. */
  audioOutputTokens?: number;
  /** A usage field was present but not a number (a string, an object...): the report is not usable. */
  malformed?: boolean;
}

export interface ReadResult {
  /** Body for the client, in OpenAI format. */
  readonly body: Buffer;
  readonly contentType: string;
  readonly usage: UsageReport | null;
  /** Generated text, extracted when usage is missing (to count it locally) or when asked for (content logging). */
  readonly outputText: string | null;
  /**
   * Set when a success status carried no answer: a body that is not valid JSON where JSON was
   * expected, or an `error` object. The attempt fails (502, refunded, retryable) instead of billing.
   */
  readonly error?: UpstreamErrorInfo;
}

/** What to do with one upstream event. */
export interface StreamStep {
  /** Text for the client (a complete SSE block with its blank line), or null to drop the event. */
  readonly out: string | null;
  readonly usage?: UsageReport;
  /** Generated text carried by the event (counted when usage never arrives). */
  readonly text?: string;
  /**
   * The upstream reported an error inside the stream (an OpenAI `{"error":…}` chunk, Anthropic's
   * `error` event, a Gemini element carrying `error`, a Bedrock exception). The stream ends here:
   * `out` is not written; the relay ends the client's stream with its own error event (docs/relay.md).
   * The only way a converter signals an upstream error.
   */
  readonly error?: UpstreamErrorInfo;
}

/** One server-sent event: its text as received (normalised to \n) and its parsed fields. */
export interface SseEvent {
  /** The event block without its terminating blank line. */
  readonly raw: string;
  readonly event: string | null;
  /** Joined data lines; null for comment-only blocks (keep-alive pings). */
  readonly data: string | null;
}

/** Per-stream state machine (pure: no I/O); one per request. */
export interface StreamConverter {
  /** Content type of the stream the client receives (default: text/event-stream). */
  readonly contentType?: string;
  onEvent(ev: SseEvent): StreamStep;
  /** Upstream ended cleanly: a closing block for the client, if the format needs one. */
  finish(): string | null;
}

/** How a channel type lists the models its key can use (channel "fetch models"). */
export interface ModelListing {
  /** The upstream request (GET usually) for the model list. */
  call(target: AdaptorTarget): UpstreamCall;
  /** Model ids (upstream names) from a successful answer. */
  read(body: Buffer): string[];
}

export interface UpstreamErrorInfo {
  readonly message: string;
  readonly type: string;
  readonly code: string | null;
}

export type StreamFraming = 'sse' | 'ndjson' | 'aws-eventstream';

/**
 * A channel type's protocol. Everything here is pure conversion; sending, retrying, billing and
 * logging live in the pipeline. Modes outside `modes` are refused centrally.
 */
export interface RelayAdaptor {
  readonly modes: ReadonlySet<RelayMode>;
  /** How the upstream frames a stream: SSE (default), newline-delimited JSON (Ollama), AWS event-stream (Bedrock). */
  readonly streamFraming?: StreamFraming;
  /** The native client format the upstream speaks: such clients' requests are passed through. */
  readonly dialect?: 'anthropic' | 'gemini';
  /**
   * The upstream takes chat images only inline (base64), not by URL: the relay fetches http(s) image
   * URLs into data: URLs before buildCall (docs/relay.md, "Inline images").
   */
  readonly inlineImages?: boolean;
  /**
   * Credentials that need I/O before the call (Vertex: service-account JWT → OAuth access token),
   * resolved into the target; cached by the adaptor. Absent: the stored key is used as it is.
   */
  prepare?(target: AdaptorTarget, signal?: AbortSignal): Promise<AdaptorTarget>;
  /**
   * The parts of a composite key that travel on their own (Bedrock: the access key id in the
   * signature header, the session token): redacted from error texts wherever the key is.
   */
  keySecrets?(key: string): readonly string[];
  /** Absent: the type cannot list its models. */
  readonly models?: ModelListing;
  buildCall(input: BuildInput): UpstreamCall;
  readResponse(input: ReadInput): ReadResult;
  streamConverter(mode: RelayMode, clientWantsUsage: boolean, model?: string): StreamConverter;
  readError(status: number, body: Buffer): UpstreamErrorInfo;
}

/** An adaptor before the registry gives it the modes its channel type declares (providers/adaptor-registry.ts). */
export type ProtocolAdaptor = Omit<RelayAdaptor, 'modes'>;

/** OAuth access tokens from a service account (Vertex); the fetching and caching is I/O, done outside providers/. */
export interface AccessTokenSource {
  token(key: ServiceAccountKey, signal?: AbortSignal): Promise<string>;
}

/** What the upstream layer hands to the adaptors that need I/O of their own. */
export interface ProviderDeps {
  readonly accessTokens: AccessTokenSource;
}

/** How the balance of a key is queried: GET paths relative to the base URL (Bearer key) and a pure reader of the answers. */
export interface BalanceQuery {
  paths(now: Date): string[];
  /** NaN when the answers carry no balance. */
  read(answers: readonly unknown[]): number;
}

/**
 * A native (non-OpenAI) provider: everything the gateway knows of it, in its folder
 * (providers/<name>/index.ts), listed once in providers/registry.ts.
 */
export interface NativeProvider<P extends string = string> {
  /** The wire protocol; one converter set per protocol. */
  readonly protocol: P;
  /** The channel types (libs/shared CHANNEL_TYPES ids) served by this protocol. */
  readonly channelTypes: readonly number[];
  /** What the upstream serves; other modes are refused centrally. */
  readonly capabilities: readonly Capability[];
  /** Legacy endpoints riding on chat that the wire format has (Azure: completions). */
  readonly chatExtras?: readonly RelayMode[];
  /** The endpoint follows from the key (Bedrock region, Vertex project): a base_url only overrides the host. */
  readonly endpointFromKey?: boolean;
  /** Absent: the type reports no balance. */
  readonly balance?: BalanceQuery;
  /** The adaptor glue (call building, answer and stream conversion, errors, model listing). */
  adaptor(deps: ProviderDeps): ProtocolAdaptor;
}
