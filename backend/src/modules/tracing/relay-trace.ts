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
import { requestIdOf } from '../relay/http/request-id';
import { operationName, providerName } from './gen-ai';
import { UpstreamAttemptTrace } from './upstream-attempt-trace';

export { UpstreamAttemptTrace };

const tracer = trace.getTracer('ai-gateway.relay');
/**
 * A reply's trace is a property of the reply, not a WeakMap's value: V8's young-generation collections
 * keep a WeakMap's values alive after their keys died, so every request's trace and span were copied
 * and then moved to the old generation (docs/benchmarks.md).
 */
const TRACE = Symbol('relayTrace');
type TracedReply = FastifyReply & { [TRACE]?: RelayTrace };
const SERVER_TIMING = 'server-timing';

/** What a Realtime session reports to its span (RelayTrace.session). */
export interface SessionTrace {
  /** One settled response: its billed usage and quota. */
  responded(usage: BilledUsage, quota: number): void;
  closed(): void;
}

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
  private done = false;

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
    (reply as TracedReply)[TRACE] = t;
    return t;
  }

  static of(reply: FastifyReply): RelayTrace | undefined {
    return (reply as TracedReply)[TRACE];
  }

  /**
   * The trace of a relay answer given outside the pipeline (refusals before it, the key routes, the
   * task relays, Realtime): the reply's own, or one started now under its request id.
   */
  static ensure(req: FastifyRequest, reply: FastifyReply, startedAt = performance.now()): RelayTrace {
    return RelayTrace.of(reply) ?? RelayTrace.start(req, reply, startedAt, requestIdOf(reply));
  }

  /** The parsed request: names the span `{operation} {model}`. */
  request(mode: Parameters<typeof operationName>[0], model: string, stream: boolean): void {
    this.operation(operationName(mode), model);
    this.span.setAttribute('gateway.stream', stream);
  }

  /** Names the span `{operation} {model}` (`{operation}` without a model). */
  operation(op: string, model?: string): void {
    this.span.updateName(model ? `${op} ${model}` : op);
    this.span.setAttribute('gen_ai.operation.name', op);
    if (model) this.span.setAttribute('gen_ai.request.model', model);
  }

  /** The channel serving the request (task relays, Realtime). */
  channel(channel: { id: number; type: number }): void {
    this.span.setAttributes({ 'gen_ai.provider.name': providerName(channel.type), 'gateway.channel.id': channel.id });
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
    reply.raw.setHeader(SERVER_TIMING, this.serverTiming());
  }

  /** The Server-Timing value as of now (`upstream` only once an upstream answered). */
  serverTiming(): string {
    const total = performance.now() - this.startedAt;
    const upstream = Math.min(this.upstreamMs, total);
    const parts = [`gateway;dur=${(total - upstream).toFixed(1)}`];
    if (this.upstreamMs > 0) parts.push(`upstream;dur=${upstream.toFixed(1)}`);
    return parts.join(', ');
  }

  /** The gateway answers an error: its Server-Timing and the span's error. */
  failed(reply: FastifyReply, error: { code: string | null; status: number }): void {
    this.stampServerTiming(reply);
    const type = error.code ?? String(error.status);
    this.span.setAttribute('error.type', type);
    if (error.status >= 500) this.span.setStatus({ code: SpanStatusCode.ERROR, message: type });
  }

  /**
   * A Realtime session's span stays open until the session closes: its responses' usage is summed
   * on it, and the upstream connection's span ends with it.
   */
  session(connection: UpstreamAttemptTrace): SessionTrace {
    const sum = { input: 0, output: 0, quota: 0, responses: 0 };
    return {
      responded: (usage, quota) => {
        sum.input += usage.promptTokens;
        sum.output += usage.completionTokens;
        sum.quota += quota;
        sum.responses++;
      },
      closed: () => {
        connection.end(101);
        this.span.setAttributes({
          'gen_ai.usage.input_tokens': sum.input,
          'gen_ai.usage.output_tokens': sum.output,
          'gateway.quota': sum.quota,
          'gateway.realtime.responses': sum.responses,
        });
        this.ended(null, 101);
      },
    };
  }

  /** Ends the span (once) with the status sent to the client, or `status` (a WebSocket's 101). */
  ended(reply: FastifyReply | null, status = reply?.raw.statusCode ?? 0): void {
    if (this.done) return;
    this.done = true;
    this.span.setAttribute('http.response.status_code', status);
    this.span.end();
  }
}
