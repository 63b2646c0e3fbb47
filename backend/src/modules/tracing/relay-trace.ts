import {
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Context,
  type Span,
} from '@opentelemetry/api';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UpstreamCall } from '../../providers/provider';
import type { BilledUsage } from '../relay/pipeline/usage-log';
import { operationName, providerName } from './gen-ai';

const tracer = trace.getTracer('ai-gateway.relay');
const traces = new WeakMap<FastifyReply, RelayTrace>();
const SERVER_TIMING = 'server-timing';

/**
 * One relay request's span (GenAI conventions) and its timings for the Server-Timing header. The
 * pipeline calls it at fixed points; with tracing off the spans are no-ops and only the timing is kept
 * (docs/observability.md#traces-and-logs).
 */
export class RelayTrace {
  private readonly span: Span;
  private readonly ctx: Context;
  /** Time spent waiting on upstreams, in ms (the current attempt's running part excluded). */
  private upstreamMs = 0;

  private constructor(
    req: FastifyRequest,
    private readonly startedAt: number,
  ) {
    // An incoming traceparent continues the client's trace.
    const parent = propagation.extract(ROOT_CONTEXT, req.headers);
    this.span = tracer.startSpan('relay', { kind: SpanKind.SERVER }, parent);
    this.ctx = trace.setSpan(parent, this.span);
  }

  /** Starts the trace of a relay request (kept until the reply is gone). */
  static start(req: FastifyRequest, reply: FastifyReply, startedAt: number, requestId: string): RelayTrace {
    const t = new RelayTrace(req, startedAt);
    t.span.setAttribute('gateway.request_id', requestId);
    traces.set(reply, t);
    return t;
  }

  static of(reply: FastifyReply): RelayTrace | undefined {
    return traces.get(reply);
  }

  /** The parsed request: names the span `{operation} {model}`. */
  request(mode: Parameters<typeof operationName>[0], model: string, stream: boolean): void {
    const op = operationName(mode);
    this.span.updateName(`${op} ${model}`);
    this.span.setAttributes({ 'gen_ai.operation.name': op, 'gen_ai.request.model': model, 'gateway.stream': stream });
  }

  /**
   * One upstream attempt: a client span, child of the relay span. Returns the call's headers with
   * `traceparent` added (the adaptors stay unaware of tracing) and the attempt's handle.
   */
  attempt(
    channel: { id: number; type: number },
    call: Pick<UpstreamCall, 'origin' | 'path' | 'method' | 'headers'>,
  ): { headers: Record<string, string>; attempt: UpstreamAttemptTrace } {
    // The query string is left out: some upstreams take the key there.
    const url = call.origin + call.path.split('?')[0];
    const method = call.method;
    const headers = call.headers;
    const span = tracer.startSpan(
      `${method} upstream`,
      {
        kind: SpanKind.CLIENT,
        attributes: {
          'http.request.method': method,
          'url.full': url,
          'gateway.channel.id': channel.id,
          'gen_ai.provider.name': providerName(channel.type),
        },
      },
      this.ctx,
    );
    const out: Record<string, string> = { ...headers };
    propagation.inject(trace.setSpan(this.ctx, span), out);
    return { headers: out, attempt: new UpstreamAttemptTrace(span, (ms) => (this.upstreamMs += ms)) };
  }

  /** The request was delivered: upstream model, channel and the billed usage. */
  delivered(channel: { id: number; type: number }, upstreamModel: string): void {
    this.span.setAttributes({
      'gen_ai.response.model': upstreamModel,
      'gen_ai.provider.name': providerName(channel.type),
      'gateway.channel.id': channel.id,
    });
  }

  billed(usage: BilledUsage | null, quota?: number): void {
    if (!usage) return;
    this.span.setAttributes({
      'gen_ai.usage.input_tokens': usage.promptTokens,
      'gen_ai.usage.output_tokens': usage.completionTokens,
    });
    if (quota !== undefined) this.span.setAttribute('gateway.quota', quota);
  }

  /** `gateway;dur=X, upstream;dur=Y` as of now, set on the reply's head. */
  stampServerTiming(reply: FastifyReply): void {
    if (reply.raw.headersSent) return;
    const total = performance.now() - this.startedAt;
    const upstream = Math.min(this.upstreamMs, total);
    const parts = [`gateway;dur=${(total - upstream).toFixed(1)}`];
    if (this.upstreamMs > 0) parts.push(`upstream;dur=${upstream.toFixed(1)}`);
    reply.raw.setHeader(SERVER_TIMING, parts.join(', '));
  }

  /** The gateway answers an error: its Server-Timing and the span's error. */
  failed(reply: FastifyReply, error: { code: string | null; status: number }): void {
    this.stampServerTiming(reply);
    const type = error.code ?? String(error.status);
    this.span.setAttribute('error.type', type);
    if (error.status >= 500) this.span.setStatus({ code: SpanStatusCode.ERROR, message: type });
  }

  /** Ends the span with the status sent to the client. */
  ended(reply: FastifyReply): void {
    this.span.setAttribute('http.response.status_code', reply.raw.statusCode);
    this.span.end();
  }
}

/** One upstream call's span; `headers()` marks the response head, `end()` the attempt's end. */
export class UpstreamAttemptTrace {
  private readonly sentAt = performance.now();
  private counted = false;

  constructor(
    private readonly span: Span,
    private readonly addUpstreamMs: (ms: number) => void,
  ) {}

  /** The upstream's time so far counts into Server-Timing's `upstream` (once per attempt). */
  count(): void {
    if (this.counted) return;
    this.counted = true;
    this.addUpstreamMs(performance.now() - this.sentAt);
  }

  end(status: number | null, error?: string): void {
    this.count();
    if (status !== null) this.span.setAttribute('http.response.status_code', status);
    if (error || status === null || status >= 400) {
      this.span.setAttribute('error.type', error ?? String(status));
      this.span.setStatus({ code: SpanStatusCode.ERROR, message: error });
    }
    this.span.end();
  }
}
