import type { ServerResponse } from 'node:http';
import type { Settings } from '@gw/shared';
import type { AbortLike } from '../../../common/net/request-abort';
import type { StreamConverter, UpstreamErrorInfo, UsageReport } from '../../../providers/provider';
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
  /** The error the upstream reported inside the stream, when that is what ended it. */
  readonly upstreamError?: UpstreamErrorInfo;
  /** The relay cut the stream itself: a sensitive word in the output, or a client too slow to keep up. */
  readonly cut?: StreamCutReason;
}

export type StreamCutReason = 'sensitive_words_detected' | 'stream_queue_overflow';

export interface StreamPipeInput {
  readonly body: AsyncIterable<Buffer>;
  readonly raw: ServerResponse;
  /** Writes the response head; called just before the first event goes out. */
  readonly open: () => void;
  readonly converter: StreamConverter;
  /** Splits the upstream bytes into events (default: SSE). */
  readonly parser?: Pick<SseParser, 'push' | 'end'>;
  readonly meter: OutputMeter;
  readonly signal: AbortLike;
  readonly startedAt: number;
  /** True when the client went away (as opposed to a timeout or an upstream fault). */
  readonly clientGone: () => boolean;
  /**
   * The terminating event sent to the client when the stream breaks after it opened: the result
   * says why (`upstreamError`: the upstream reported one; `cut`: the relay cut it; else a broken upstream).
   */
  readonly errorEvent: (r: StreamResult) => string;
  /**
   * Keep-alive (general_setting.ping_interval_*): after this many ms without a write, an SSE comment
   * goes out so proxies keep an idle stream open. It opens the response, so the request can no longer
   * move to another channel. 0: off.
   */
  readonly pingMs?: number;
  /**
   * Screens each event's generated text (StopOnSensitiveEnabled): true cuts the stream before that
   * event goes out (`cut: 'sensitive_words_detected'`).
   */
  readonly screen?: (text: string) => boolean;
  /**
   * StreamCacheQueueLength: while the client's socket is not draining, events keep being read from
   * upstream and queued for it; more than this many queued cuts the stream (`cut:
   * 'stream_queue_overflow'`). 0: plain backpressure (upstream reading pauses until the client drains).
   */
  readonly queueLimit?: number;
  /**
   * Books the response before its last bytes go out: called once when the stream ends (complete,
   * client gone, or broken after it opened), before the held final events, the closing block and
   * the end of the response are written.
   */
  readonly settle: (r: StreamResult) => Promise<void>;
}

/** Events that end a stream in the client's format: held until the response is booked. */
const TERMINAL = /^data: \[DONE\]|^event: message_stop/m;

/** The keep-alive interval the options ask for (0: off). */
export function pingIntervalMs(settings: Settings): number {
  return settings['general_setting.ping_interval_enabled']
    ? settings['general_setting.ping_interval_seconds'] * 1000
    : 0;
}

/** An SSE comment line: every client ignores it. */
export const PING_EVENT = ': PING\n\n';

/** Thrown inside the pipe when a converter reports the upstream's error event. */
class UpstreamStreamError extends Error {
  constructor(readonly info: UpstreamErrorInfo) {
    super('upstream error in stream');
  }
}

/** Thrown inside the pipe when the relay cuts the stream itself. */
class StreamCut extends Error {
  constructor(readonly reason: StreamCutReason) {
    super(reason);
  }
}

/** Resolves when the client can take more, or when it is gone / the request aborted. */
function drained(raw: ServerResponse, signal: AbortLike): Promise<void> {
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
 * (backpressure). Events that only report usage, and terminal events ([DONE], message_stop), are
 * held back until the next content event or the end: the end is written only after `settle`, so a
 * client never sees a complete response that was not charged. Nothing else is held.
 */
export async function pipeStream(i: StreamPipeInput): Promise<StreamResult> {
  const parser = i.parser ?? new SseParser();
  let usage: UsageReport | null = null;
  let frtMs: number | null = null;
  let opened = false;
  let held = '';
  let upstreamError: UpstreamErrorInfo | undefined;
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
  const queueLimit = i.queueLimit ?? 0;
  let queued = 0;
  const onDrain = () => (queued = 0);
  if (queueLimit > 0) i.raw.on('drain', onDrain);
  let cut: StreamCutReason | undefined;
  const emit = async (events: ReturnType<SseParser['push']>): Promise<void> => {
    let out = '';
    let count = 0;
    for (const ev of events) {
      const step = i.converter.onEvent(ev);
      if (step.usage) usage = step.usage;
      if (step.error) {
        // What came before the error goes out; held usage / terminal events do not.
        upstreamError = step.error;
        break;
      }
      if (step.out === null) continue;
      if (step.text && i.screen?.(step.text)) {
        cut = 'sensitive_words_detected';
        break;
      }
      if (step.text) i.meter.add(step.text);
      if ((step.usage && !step.text) || TERMINAL.test(step.out)) {
        held += step.out;
        continue;
      }
      out += held + step.out;
      held = '';
      count++;
    }
    if (out) {
      frtMs ??= Math.round(performance.now() - i.startedAt);
      openOnce();
      lastWrite = performance.now();
      const flowing = i.raw.write(out);
      if (queueLimit > 0) {
        // Counted while the socket is not draining; a 'drain' empties the count.
        if (!flowing) queued += count;
        if (queued > queueLimit) cut = 'stream_queue_overflow';
      } else if (!flowing && !upstreamError && !cut) await drained(i.raw, i.signal);
    }
    if (upstreamError) throw new UpstreamStreamError(upstreamError);
    if (cut) throw new StreamCut(cut);
  };
  try {
    for await (const chunk of i.body) {
      await emit(parser.push(chunk));
      if (i.signal.aborted) throw i.signal.reason ?? new Error('aborted');
    }
    await emit(parser.end());
    const tail = held + (i.converter.finish() ?? '');
    frtMs ??= Math.round(performance.now() - i.startedAt);
    openOnce();
    const result: StreamResult = { end: 'complete', usage, frtMs, opened: true };
    await i.settle(result);
    if (tail) i.raw.write(tail);
    i.raw.end();
    return result;
  } catch (err) {
    if (i.clientGone()) {
      const result: StreamResult = { end: 'client_closed', usage, frtMs, opened };
      await i.settle(result);
      i.raw.destroy();
      return result;
    }
    const reported = err instanceof UpstreamStreamError ? err.info : undefined;
    const reason = reported
      ? `upstream error in stream: ${reported.type}`
      : String((err as { code?: string })?.code ?? (err as Error)?.message ?? 'stream error');
    const result: StreamResult = {
      end: 'interrupted',
      usage,
      frtMs,
      opened,
      reason,
      ...(reported ? { upstreamError: reported } : {}),
      ...(err instanceof StreamCut ? { cut: err.reason } : {}),
    };
    // Not opened: nothing reached the client and the request may go to another channel unbilled.
    if (opened) {
      await i.settle(result);
      if (!i.raw.destroyed) i.raw.end(i.errorEvent(result));
    }
    return result;
  } finally {
    stopPing();
    if (queueLimit > 0) i.raw.off('drain', onDrain);
  }
}
