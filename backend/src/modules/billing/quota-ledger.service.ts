import { Inject, Injectable, Logger, Optional, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/env';
import { isDatabaseDown } from '../../common/http/error-body';
import { LogService } from '../log/log.service';
import { RelayMetrics } from '../metrics/relay-metrics.service';
import { interruptedSettlement } from './interrupted';
import { LEDGER_STORE } from './ledger-store.provider';
import type { LedgerStore, ReserveOp, Settlement } from './ledger-types';

interface QueuedReserve {
  op: ReserveOp;
  resolve: (ok: boolean) => void;
  reject: (err: unknown) => void;
}
interface QueuedSettlement {
  s: Settlement;
  resolve: (committed: boolean) => void;
}

/**
 * Money movements of the relay (docs/ledger.md). Reservations and settlements are group-committed:
 * everything queued in one event-loop turn shares one transaction, and each promise resolves only
 * after that commit, so the balance the next request sees is the true one. A settlement that could
 * not be committed because the database is down resolves `false` and stays queued; its reservation
 * row keeps it safe meanwhile (recovered at the next boot if the process dies first).
 */
@Injectable()
export class QuotaLedger implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(QuotaLedger.name);
  private reserves: QueuedReserve[] = [];
  private settlements: QueuedSettlement[] = [];
  /** Settlements refused by a database that is down, committed again on the timer. */
  private retry: Settlement[] = [];
  private scheduled = false;
  /** Reservations taken and not yet settled by this process: the requests in flight. */
  private open = 0;
  private chain: Promise<void> = Promise.resolve();
  private timer?: NodeJS.Timeout;
  private readonly movedListeners: ((userIds: readonly number[]) => void)[] = [];

  constructor(
    @Inject(LEDGER_STORE) private readonly store: LedgerStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly logs: LogService,
    @Optional() private readonly metrics?: RelayMetrics,
  ) {}

  /** Closes what a crash left open before the node serves again. */
  async onModuleInit(): Promise<void> {
    await this.drainLogs();
    const closed = await this.recover();
    if (closed > 0) this.logger.warn(`closed ${closed} reservation(s) left open by an interrupted run`);
    this.timer = setInterval(() => {
      if (this.retry.length > 0) void this.flush();
      void this.drainLogs();
    }, this.config.batchUpdateIntervalMs);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
    await this.drainLogs();
    // The log writer and the database live in global modules, whose hooks run after this one in no
    // set order between them (the database closed first, and queued log rows were lost): flush the
    // writer here, while the database is open (docs/security/shutdown.md), and move the rows on to the
    // log database if there is one (docs/logs.md).
    await this.logs.finish();
  }

  /**
   * Usage rows committed since the last drain become visible in `logs` (SQLite batches them); a row
   * `logs` refuses goes to the log writer, which retries it and then keeps it as a dead letter.
   */
  private async drainLogs(): Promise<void> {
    try {
      for (const row of (await this.store.drainLogs?.()) ?? []) this.logs.record(row);
    } catch (err) {
      this.logger.warn(`moving usage rows to logs failed, will retry: ${String(err)}`);
    }
  }

  /** Takes `amount` from the token (when drawn) and the user, all or nothing, with its reservation row. */
  reserve(op: ReserveOp): Promise<boolean> {
    const solo = this.open === 0;
    return new Promise<boolean>((resolve, reject) => {
      this.reserves.push({ op, resolve, reject });
      this.schedule(solo);
    }).then((ok) => {
      if (ok) this.open++;
      return ok;
    });
  }

  /** Books a request's outcome; resolves true once committed (or found already committed). */
  settle(s: Settlement): Promise<boolean> {
    const solo = this.open <= 1;
    this.open = Math.max(0, this.open - 1);
    return new Promise((resolve) => {
      this.settlements.push({ s, resolve });
      this.schedule(solo);
    });
  }

  /**
   * Calls `listener` after each commit with the users whose balance it moved (reservations and
   * settlements; an id may repeat). It runs on the relay's path: it must be cheap and defer its work
   * (the low-quota alert only notes the ids). A throw is logged and ignored.
   */
  onBalanceMoved(listener: (userIds: readonly number[]) => void): void {
    this.movedListeners.push(listener);
  }

  private balanceMoved(userIds: readonly number[]): void {
    if (userIds.length === 0) return;
    for (const listener of this.movedListeners) {
      try {
        listener(userIds);
      } catch (err) {
        this.logger.warn(`balance listener failed: ${String(err)}`);
      }
    }
  }

  /** Money movements not yet committed, and reservations not yet settled (reported if the shutdown hangs). */
  get pending(): { queued: number; open: number } {
    return { queued: this.reserves.length + this.settlements.length + this.retry.length, open: this.open };
  }

  /** Commits everything queued so far (and retries what the database refused while down). */
  flush(): Promise<void> {
    this.chain = this.chain.then(() => this.commitQueued());
    return this.chain;
  }

  /** Closes this node's open reservations: prompt part charged, the rest refunded (interrupted). */
  async recover(): Promise<number> {
    const open = await this.store.openReservations(this.config.nodeName);
    if (open.length === 0) return 0;
    await this.store.commit([], open.map(interruptedSettlement));
    await this.drainLogs();
    return open.length;
  }

  /**
   * A request alone in flight commits at once (no wait for the loop turn); with others in flight,
   * everything queued until the end of this turn shares one commit.
   */
  private schedule(solo: boolean): void {
    if (solo && !this.scheduled && this.reserves.length + this.settlements.length === 1) {
      void this.flush();
      return;
    }
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.flush();
    });
  }

  private async commitQueued(): Promise<void> {
    const reserves = this.reserves;
    const waiting = this.settlements;
    const again = this.retry;
    this.reserves = [];
    this.settlements = [];
    this.retry = [];
    if (reserves.length + waiting.length + again.length === 0) return;
    const settlements = [...again, ...waiting.map((w) => w.s)];
    const began = performance.now();
    try {
      const results = await this.store.commit(
        reserves.map((r) => r.op),
        settlements,
      );
      this.metrics?.ledgerFlushed(performance.now() - began);
      reserves.forEach((r, i) => r.resolve(results[i]));
      for (const w of waiting) w.resolve(true);
      this.balanceMoved([...reserves.map((r) => r.op.reservation.userId), ...settlements.map((s) => s.userId)]);
    } catch (err) {
      if (isDatabaseDown(err)) {
        this.logger.warn(`ledger commit failed, settlements kept for retry: ${String(err)}`);
        for (const r of reserves) r.reject(err);
        this.retry = settlements.concat(this.retry);
        for (const w of waiting) w.resolve(false);
        return;
      }
      // One refused row must not hold the others back: commit them one by one.
      this.logger.error(`ledger batch refused, committing one by one: ${String(err)}`);
      for (const r of reserves) {
        await this.store.commit([r.op], []).then((res) => r.resolve(res[0]), r.reject);
      }
      const committed = await Promise.all(settlements.map((s) => this.commitAlone(s)));
      const byId = new Map(settlements.map((s, i) => [s.requestId, committed[i]]));
      for (const w of waiting) w.resolve(byId.get(w.s.requestId) ?? false);
    }
  }

  /**
   * Money first: if the log row is what the database refuses, the settlement goes in without it and
   * the row goes to the log writer, which retries it and then keeps it as a dead letter.
   */
  private async commitAlone(s: Settlement): Promise<boolean> {
    try {
      await this.store.commit([], [s]);
      return true;
    } catch (err) {
      if (isDatabaseDown(err)) {
        this.retry.push(s);
        return false;
      }
      this.logger.error(`settlement ${s.requestId} refused (${String(err)}); booked without its log row`);
      try {
        await this.store.commit([], [{ ...s, log: undefined, usage: undefined }]);
        if (s.log) this.logs.record(s.log);
        return true;
      } catch (again) {
        this.logger.error(`settlement ${s.requestId} refused twice, kept for retry: ${String(again)}`);
        this.retry.push(s);
        return false;
      }
    }
  }
}
