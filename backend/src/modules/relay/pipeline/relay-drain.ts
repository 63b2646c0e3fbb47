import type { ServerResponse } from 'node:http';
import type { BeforeApplicationShutdown } from '@nestjs/common';
import type { Abortable, AbortLike } from '../../../common/net/request-abort';
import { RelayError } from '../http/relay-error';

/** The abort reason of a request cut because the server shuts down (not the client, not a timeout). */
export class ShutdownAbort extends Error {
  constructor() {
    super('server shutting down');
    this.name = 'ShutdownAbort';
  }
}

/** Whether the request was cut by the shutdown. */
export function cutByShutdown(signal: Pick<AbortLike, 'aborted' | 'reason'>): boolean {
  return signal.aborted && signal.reason instanceof ShutdownAbort;
}

/** What a refused or cut request is told, in its client's format (503: retry elsewhere). */
export function shuttingDown(): RelayError {
  return RelayError.unavailable('relay.shutting_down', 'service_unavailable');
}

/** Calls `fn` once the response was handed to the OS whole, or its connection closed. */
export function afterResponse(raw: ServerResponse, fn: () => void): void {
  if (raw.writableFinished || raw.destroyed) return fn();
  let called = false;
  const once = () => {
    if (called) return;
    called = true;
    raw.off('finish', once);
    raw.off('close', once);
    fn();
  };
  raw.on('finish', once);
  raw.on('close', once);
}

/** Longest wait, after the cut, for cut requests to settle and write their last event. */
const CUT_SETTLE_MS = 4_000;
/** Then, with the tokenizer stopped (output billed by estimate), the last wait. */
const ESTIMATE_SETTLE_MS = 2_000;

export interface DrainLog {
  log(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

/**
 * The relay requests in flight, for the shutdown (docs/security/shutdown.md): once it begins, new
 * requests are refused; those in flight may finish for SHUTDOWN_DRAIN_SECONDS; then each one still
 * running is aborted with a ShutdownAbort, which the stream pipe answers like an upstream reset (a
 * terminating error event in the client's format, settled for prompt + delivered output). It runs
 * before the ledger's final flush and the database closing (onApplicationShutdown). Provided by a
 * factory in RelayModule (no Nest imports here, so it is unit-tested alone).
 */
export class RelayDrain implements BeforeApplicationShutdown {
  private readonly live = new Set<Abortable>();
  private closing = false;
  private cut = false;
  /** Re-checks the condition a shutdown step waits for. */
  private wake?: () => void;

  /**
   * `stopCounting` stops the tokenizer: counts still waiting fail, and their requests bill the
   * output by its byte estimate instead.
   */
  constructor(
    private readonly drainMs: number,
    private readonly stopCounting: () => Promise<void>,
    private readonly logger: DrainLog,
  ) {}

  /** Counts a request in, with the controller that aborts it; false once the shutdown began. */
  enter(abort: Abortable): boolean {
    if (this.closing) return false;
    this.live.add(abort);
    return true;
  }

  leave(abort: Abortable): void {
    if (this.live.delete(abort)) this.wake?.();
  }

  get inFlight(): number {
    return this.live.size;
  }

  /** Refuses new requests from now on (the first signal, before the application's hooks run). */
  begin(): void {
    this.closing = true;
  }

  /** Cuts every request still in flight, now (end of the drain, or a second signal). */
  cutNow(): void {
    this.closing = true;
    if (this.cut) return;
    this.cut = true;
    if (this.live.size > 0) this.logger.warn(`cutting ${this.live.size} relay request(s) still in flight`);
    for (const abort of this.live) abort.abort(new ShutdownAbort());
    this.wake?.();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.begin();
    if (this.live.size > 0)
      this.logger.log(`draining ${this.live.size} relay request(s) for up to ${this.drainMs / 1000} s`);
    await this.until(() => this.live.size === 0 || this.cut, this.drainMs);
    this.cutNow();
    await this.until(() => this.live.size === 0, CUT_SETTLE_MS);
    if (this.live.size > 0) {
      // Cut streams are billed for the output they delivered, counted by the tokenizer worker, which
      // may still be loading its ranks on a busy machine: stop it, and they bill the byte estimate.
      this.logger.warn(`${this.live.size} cut request(s) still settling: billing their output by estimate`);
      await this.stopCounting();
      await this.until(() => this.live.size === 0, ESTIMATE_SETTLE_MS);
    }
    if (this.live.size > 0) this.logger.error(`${this.live.size} relay request(s) still open after the cut`);
  }

  /** Resolves when `done()` holds (checked whenever a request leaves or is cut) or after `ms`. */
  private until(done: () => boolean, ms: number): Promise<void> {
    return new Promise((resolve) => {
      const finish = () => {
        clearTimeout(timer);
        this.wake = undefined;
        resolve();
      };
      const timer = setTimeout(finish, ms);
      this.wake = () => {
        if (done()) finish();
      };
      this.wake();
    });
  }
}
