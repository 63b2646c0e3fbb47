import { EventEmitter } from 'node:events';

/** What the relay reads of an abort signal; a standard AbortSignal has all of it too. */
export interface AbortLike {
  readonly aborted: boolean;
  readonly reason: unknown;
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}

/** Anything that aborts a request in flight (a RequestAbort, an AbortController). */
export interface Abortable {
  abort(reason?: unknown): void;
}

/**
 * The signal of a RequestAbort: an EventEmitter, which undici takes as a request's `signal`, with the
 * parts of AbortSignal the relay reads. `standard()` gives a real AbortSignal that follows it, for
 * code that needs one (fetch, AbortSignal.any), made on first use.
 */
export class RequestSignal extends EventEmitter implements AbortLike {
  aborted = false;
  reason: unknown = undefined;
  private follower?: AbortController;

  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void {
    if (options?.once) this.once(type, listener);
    else this.on(type, listener);
  }

  removeEventListener(type: 'abort', listener: () => void): void {
    this.off(type, listener);
  }

  standard(): AbortSignal {
    if (!this.follower) {
      this.follower = new AbortController();
      if (this.aborted) this.follower.abort(this.reason);
    }
    return this.follower.signal;
  }

  /** Aborts once: later calls change nothing (as AbortController.abort). */
  fire(reason: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    this.follower?.abort(reason);
    this.emit('abort');
  }
}

/**
 * A relay request's abort handle (client gone, timeout, shutdown), shaped like an AbortController.
 * On Node 20 an AbortController's signal is slow to make (the signal's prototype is set after its
 * creation) and to add and remove undici's listener on: ~15 µs a request on a slow host, against
 * well under 1 µs for this (docs/benchmarks.md).
 */
export class RequestAbort implements Abortable {
  readonly signal = new RequestSignal();

  abort(reason: unknown = new DOMException('This operation was aborted', 'AbortError')): void {
    this.signal.fire(reason);
  }
}
