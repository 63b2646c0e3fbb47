import type { ServerResponse } from 'node:http';
import type { Settings } from '@gw/shared';
import type { StreamConverter, UsageReport } from '../adaptors/adaptor';
import type { OutputMeter } from '../metering/output-meter';
import { SseParser } from './sse-parser';

export type StreamEnd = 'complete' | 'client_closed' | 'interrupted';

export interface StreamResult {
  readonly end: StreamEnd;
  readonly usage: UsageReport | null;
  /** Milliseconds from `startedAt` to the first byte written to the client; null if none. */
  readonly frtMs: number | null;
  /** Whether anything (headers included) reached the client; if not, the request may be retried. */
  readonly opened: boolean;
  /** Why an interrupted stream stopped (for the error log; no secrets). */
  readonly reason?: string;
}

export interface StreamPipeInput {
  readonly body: AsyncIterable<Buffer>;
  readonly raw: ServerResponse;
  /** Writes the response head; called just before the first event goes out. */
  readonly open: () => void;
  readonly converter: StreamConverter;
  /** Splits the upstream bytes into events (default: SSE). */
  readonly parser?: Pick<SseParser, 'push' | 'end'>;
  readonly meter: OutputMeter;
  readonly signal: AbortSignal;
  readonly startedAt: number;
  /** True when the client went away (as opposed to a timeout or an upstream fault). */
  readonly clientGone: () => boolean;
  /** The terminating event sent to the client when upstream breaks mid-stream. */
  readonly errorEvent: (reason: string) => string;
  /**
   * Keep-alive (general_setting.ping_interval_*): after this many ms without a write, an SSE comment
   * goes out so proxies keep an idle stream open. It opens the response, so the request can no longer
   * move to another channel. 0: off.
   */
  readonly pingMs?: number;
}

/** The keep-alive interval the options ask for (0: off). */
export function pingIntervalMs(settings: Settings): number {
  return settings['general_setting.ping_interval_enabled']
    ? settings['general_setting.ping_interval_seconds'] * 1000
    : 0;
}

/** An SSE comment line: every client ignores it. */
export const PING_EVENT = ': PING\n\n';

/** Resolves when the client can take more, or when it is gone / the request aborted. */
function drained(raw: ServerResponse, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      raw.off('drain', done);
      raw.off('close', done);
      signal.removeEventListener('abort', done);
      resolve();
    };
    raw.on('drain', done);
    raw.on('close', done);
    signal.addEventListener('abort', done);
  });
}

/** Calls `tick` a few times per interval until stopped (the tick decides whether a ping is due). */
function keepAlive(intervalMs: number, tick: () => void): () => void {
  if (intervalMs <= 0) return () => undefined;
  const timer = setInterval(tick, Math.max(250, Math.floor(intervalMs / 4)));
  return () => clearInterval(timer);
}

/**
 * Copies an upstream SSE stream to the client event by event. The events of one upstream chunk go
 * out in one write, at once; when the client is slow we stop reading upstream until it drains
 * (backpressure). Nothing but the incomplete tail of an event is held.
 */
export async function pipeStream(i: StreamPipeInput): Promise<StreamResult> {
  const parser = i.parser ?? new SseParser();
  let usage: UsageReport | null = null;
  let frtMs: number | null = null;
  let opened = false;
  let lastWrite = performance.now();
  const openOnce = () => {
    if (opened) return;
    i.open();
    opened = true;
  };
  const stopPing = keepAlive(i.pingMs ?? 0, () => {
    if (performance.now() - lastWrite < i.pingMs! || i.raw.writableEnded || i.raw.writableNeedDrain) return;
    openOnce();
    i.raw.write(PING_EVENT);
    lastWrite = performance.now();
  });
  const emit = async (events: ReturnType<SseParser['push']>): Promise<void> => {
    let out = '';
    for (const ev of events) {
      const step = i.converter.onEvent(ev);
      if (step.usage) usage = step.usage;
      if (step.out === null) continue;
      if (step.text) i.meter.add(step.text);
      out += step.out;
    }
    if (!out) return;
    frtMs ??= Math.round(performance.now() - i.startedAt);
    openOnce();
    lastWrite = performance.now();
    if (!i.raw.write(out)) await drained(i.raw, i.signal);
  };
  try {
    for await (const chunk of i.body) {
      await emit(parser.push(chunk));
      if (i.signal.aborted) throw i.signal.reason ?? new Error('aborted');
    }
    await emit(parser.end());
    openOnce();
    const tail = i.converter.finish();
    if (tail) i.raw.write(tail);
    i.raw.end();
    return { end: 'complete', usage, frtMs, opened };
  } catch (err) {
    if (i.clientGone()) {
      i.raw.destroy();
      return { end: 'client_closed', usage, frtMs, opened };
    }
    const reason = String((err as { code?: string })?.code ?? (err as Error)?.message ?? 'stream error');
    if (opened && !i.raw.destroyed) i.raw.end(i.errorEvent(reason));
    return { end: 'interrupted', usage, frtMs, opened, reason };
  } finally {
    stopPing();
  }
}
