import { jsonSourceOf } from '../../../common/http/json-source';
import { parseJsonObject } from '../../../common/json';
import type { OpenAIChatChunk } from '../../../providers';
import type { ProtocolAdaptor, RelayBody, RelayMode, StreamConverter, StreamStep } from '../../../providers/provider';
import { estimateTokens } from '../metering/prompt-parts';
import type { RelayRequest } from '../pipeline/relay-request';
import type { InboundRequest } from './inbound-dialect';
import { jsonArrayStream, sseData } from './json-array-stream';

/**
 * The adaptor one request uses on one channel. OpenAI clients: the channel's own. Native clients
 * (Anthropic, Gemini, Responses): pass-through when the channel speaks the client's format (its
 * `dialect`, or for Responses the `responses` mode among its modes), else the channel's adaptor with
 * its OpenAI-format answer converted into the client's format. Either way usage is read by the
 * channel's adaptor, so billing is the one of the OpenAI path.
 */
export function adaptorFor(
  req: RelayRequest,
  adaptor: ProtocolAdaptor & { readonly modes?: ReadonlySet<RelayMode> },
): ProtocolAdaptor {
  const inbound = req.inbound;
  if (!inbound) return adaptor;
  if (inbound.nativeMode && adaptor.modes?.has(inbound.nativeMode))
    return inNativeMode(inbound, inbound.nativeMode, adaptor);
  const native =
    adaptor.dialect === inbound.dialect.name ? passThrough(inbound, adaptor) : converting(req, inbound, adaptor);
  if (!inbound.jsonArray) return native;
  return { ...native, streamConverter: (...args) => jsonArrayStream(native.streamConverter(...args)) };
}

/** The client's body goes upstream; the upstream's bytes come back untouched, whole or event by event. */
function passThrough(inbound: InboundRequest, adaptor: ProtocolAdaptor): ProtocolAdaptor {
  return {
    ...adaptor,
    streamFraming: 'sse',
    buildCall: (input) => inbound.dialect.passThroughCall(inbound, input),
    readResponse(input) {
      // The adaptor's own reading yields usage (and text); its converted body is not used.
      const read = adaptor.readResponse(input);
      return { ...read, body: input.body, contentType: input.contentType };
    },
    streamConverter(mode, _clientWantsUsage, model): StreamConverter {
      const reader = adaptor.streamConverter(mode, true, model);
      return {
        onEvent(ev): StreamStep {
          let step: StreamStep = { out: null };
          try {
            step = reader.onEvent(ev);
          } catch {
            // An event the reader cannot read: the client receives it as the upstream sent it.
          }
          // The upstream's error event: the relay ends the stream with it in the client's format (redacted).
          if (step.error) return { out: null, usage: step.usage, error: step.error };
          return { out: `${ev.raw}\n\n`, usage: step.usage, text: step.text };
        },
        finish: () => null,
      };
    },
  };
}

/**
 * The channel's adaptor serving the client's own body in `mode` (Responses onto a type with the
 * `responses` capability): its call (model mapping, param_override), answer and usage reading as for
 * any request of that mode; the answer goes back as the upstream sent it.
 */
function inNativeMode(inbound: InboundRequest, mode: RelayMode, adaptor: ProtocolAdaptor): ProtocolAdaptor {
  // The client's own object: its text may go upstream, the model edited in (providers/openai/adaptor.ts).
  const body: RelayBody = { kind: 'json', json: inbound.native, source: jsonSourceOf(inbound.native) };
  return {
    ...adaptor,
    buildCall: (input) => adaptor.buildCall({ ...input, mode, body }),
    readResponse: (input) => adaptor.readResponse({ ...input, mode, request: body }),
    streamConverter: (_mode, clientWantsUsage, model) => adaptor.streamConverter(mode, clientWantsUsage, model),
  };
}

/** OpenAI-format output of the channel's adaptor, re-read and written in the client's format. */
function converting(req: RelayRequest, inbound: InboundRequest, adaptor: ProtocolAdaptor): ProtocolAdaptor {
  const { dialect } = inbound;
  return {
    ...adaptor,
    readResponse(input) {
      const read = adaptor.readResponse(input);
      if (read.error) return read;
      const res = parseJsonObject(read.body.toString('utf8'));
      if (!res) return read;
      const native = dialect.fromOpenAI(res, req);
      return { ...read, body: Buffer.from(JSON.stringify(native)), contentType: 'application/json' };
    },
    streamConverter(mode, _clientWantsUsage, model): StreamConverter {
      // Usage chunks are always asked for: the native stream ends with the usage.
      const inner = adaptor.streamConverter(mode, true, model);
      const writer = dialect.streamFromOpenAI(req.model, estimateTokens(req.prompt), req);
      const convert = (out: string | null): string | null =>
        out === null
          ? null
          : openAIChunks(out)
              .map((c) => writer.push(c))
              .join('');
      return {
        onEvent: (ev): StreamStep => {
          const step = inner.onEvent(ev);
          return { ...step, out: convert(step.out) };
        },
        finish: () => (convert(inner.finish()) ?? '') + writer.finish(),
      };
    },
  };
}

/** The chat chunks inside complete SSE blocks (`data: {…}`); [DONE], comments and non-JSON are skipped. */
export function openAIChunks(sse: string): OpenAIChatChunk[] {
  const out: OpenAIChatChunk[] = [];
  for (const data of sseData(sse)) {
    if (data.charCodeAt(0) !== 123 /* { */) continue;
    const chunk = parseJsonObject(data);
    if (chunk) out.push(chunk as unknown as OpenAIChatChunk);
  }
  return out;
}
