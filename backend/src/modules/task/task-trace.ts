import type { FastifyReply, FastifyRequest } from 'fastify';
import { RelayTrace } from '../tracing/relay-trace';
import { callUpstream, type UpstreamAnswer } from './task-upstream';

/**
 * Serves one task relay request (Midjourney, Suno) under a relay span named `operation` until it is
 * answered. The handler stamps Server-Timing (`answered`) before it sends.
 */
export async function traced(
  req: FastifyRequest,
  reply: FastifyReply,
  operation: string,
  fn: (trace: RelayTrace) => Promise<void>,
): Promise<void> {
  const trace = RelayTrace.ensure(req, reply);
  trace.operation(operation);
  try {
    await fn(trace);
  } finally {
    trace.ended(reply);
  }
}

/** Server-Timing of a task answer, and the span's error when `status` is one. */
export function answered(reply: FastifyReply, status: number, code: string | number | null = null): void {
  const trace = RelayTrace.of(reply);
  if (!trace) return;
  if (status >= 400) trace.failed(reply, { code: code === null ? null : String(code), status });
  else trace.stampServerTiming(reply);
}

/** One call to a task upstream: a child span of the request's, with its traceparent sent along. */
export async function tracedCall(
  trace: RelayTrace,
  channel: { id: number; type: number },
  url: string,
  init: Parameters<typeof callUpstream>[1],
): Promise<UpstreamAnswer> {
  const { origin, pathname } = new URL(url);
  const { headers, attempt } = trace.attempt(channel, {
    origin,
    path: pathname,
    method: init.method,
    headers: init.headers,
  });
  try {
    const res = await callUpstream(url, { ...init, headers });
    attempt.end(res.status);
    return res;
  } catch (err) {
    attempt.end(null, 'upstream_unreachable');
    throw err;
  }
}
