/**
 * What the process does on SIGTERM / SIGINT (docs/security/shutdown.md), independent of Nest so it
 * can be tested alone: stop accepting work, run the application's shutdown (drain, cut, settle,
 * flush, close the database), exit 0. A last-resort timer exits 1 after drain + grace, naming what
 * was still pending, so a hung step can never keep the process alive. A second signal cuts the
 * drain short; a third exits at once.
 */
export interface ShutdownSteps {
  /** Stops taking new connections and new relay requests. */
  stopAccepting(): void;
  /** The application's own shutdown hooks. */
  close(): Promise<void>;
  /** Cuts whatever is still in flight, now. */
  hurry(): void;
  /** What is still pending (for the last-resort log line). */
  pending(): string[];
}

export interface ShutdownBounds {
  /** How long requests in flight may take to finish. */
  readonly drainMs: number;
  /** After the drain: cut requests settle, writes flush, connections and the database close. */
  readonly graceMs: number;
}

export interface ShutdownLog {
  log(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export class GracefulShutdown {
  private signals = 0;
  private timer?: NodeJS.Timeout;
  private deadlineAt = Infinity;

  constructor(
    private readonly steps: ShutdownSteps,
    private readonly bounds: ShutdownBounds,
    private readonly logger: ShutdownLog,
    private readonly exit: (code: number) => void = (code) => process.exit(code),
  ) {}

  /** Listens for SIGTERM and SIGINT. */
  listen(): void {
    for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => this.onSignal(signal));
  }

  onSignal(signal: NodeJS.Signals): void {
    this.signals++;
    if (this.signals === 1) {
      void this.run(signal);
    } else if (this.signals === 2) {
      this.logger.warn(`${signal} again: cutting requests in flight now`);
      this.arm(this.bounds.graceMs);
      this.steps.hurry();
    } else {
      this.logger.error(`${signal} a third time: exiting now (pending: ${this.describePending()})`);
      this.exit(1);
    }
  }

  private async run(signal: NodeJS.Signals): Promise<void> {
    const { drainMs, graceMs } = this.bounds;
    this.logger.log(`${signal}: shutting down; requests in flight may finish for ${drainMs / 1000} s`);
    this.arm(drainMs + graceMs);
    let code = 0;
    try {
      this.steps.stopAccepting();
      await this.steps.close();
      this.logger.log('shutdown complete');
    } catch (err) {
      this.logger.error(`shutdown failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      code = 1;
    }
    clearTimeout(this.timer);
    this.exit(code);
  }

  /** Sets the last-resort exit `ms` from now, unless one is already due sooner. */
  private arm(ms: number): void {
    const at = Date.now() + ms;
    if (at >= this.deadlineAt) return;
    this.deadlineAt = at;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.logger.error(`shutdown did not finish in time; exiting (pending: ${this.describePending()})`);
      this.exit(1);
    }, ms);
  }

  private describePending(): string {
    try {
      return this.steps.pending().join('; ') || 'nothing known';
    } catch {
      return 'unknown';
    }
  }
}
