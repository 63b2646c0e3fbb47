import type { LogEntity } from '../../database/entities';
import { sameRow, type LogFingerprint } from './log-archive';

/** The two sides of a move (LogRepository and LogArchive, or fakes in specs). */
export interface ShipperStores {
  outbox: {
    shippable(afterId: number, limit: number): Promise<LogEntity[]>;
    deleteIds(ids: readonly number[]): Promise<void>;
  };
  archive: {
    insertMissing(rows: readonly LogEntity[]): Promise<void>;
    fingerprints(ids: readonly number[]): Promise<LogFingerprint[]>;
  };
}

export interface ShipperOptions {
  batchSize: number;
  report: { warn(message: string): void; error(message: string): void };
}

/** What one pass did. */
export interface ShipResult {
  moved: number;
  /** Rows the log database holds differently under the same id: left in the main database. */
  conflicts: number;
}

/**
 * Moves log rows from the main database's `logs` (the outbox) to the log database, oldest first
 * (docs/logs.md, "A separate log database"). Each batch is inserted there under its own ids
 * (a row already there is skipped), read back, and only the rows found there unchanged are deleted
 * from the main database. Any step may be cut short (kill -9, the log database going away): a row is
 * then in the main database, or in both, never in neither, and the next pass finishes the move.
 * Passes of several nodes may overlap for the same reason. Never throws: a failure ends the pass.
 */
export class LogShipper {
  private chain: Promise<ShipResult> = Promise.resolve({ moved: 0, conflicts: 0 });
  private reportedConflicts = new Set<number>();

  constructor(
    private readonly stores: ShipperStores,
    private readonly options: ShipperOptions,
  ) {}

  /** One pass over the outbox (`maxBatches` batches at most); passes of this process run one at a time. */
  ship(maxBatches = Number.POSITIVE_INFINITY): Promise<ShipResult> {
    this.chain = this.chain.then(() => this.pass(maxBatches));
    return this.chain;
  }

  private async pass(maxBatches: number): Promise<ShipResult> {
    const { outbox, archive } = this.stores;
    const result: ShipResult = { moved: 0, conflicts: 0 };
    let after = 0;
    try {
      for (let n = 0; n < maxBatches; n++) {
        const rows = await outbox.shippable(after, this.options.batchSize);
        if (rows.length === 0) break;
        after = rows[rows.length - 1].id;
        await archive.insertMissing(rows);
        const there = new Map((await archive.fingerprints(rows.map((r) => r.id))).map((f) => [Number(f.id), f]));
        const moved: number[] = [];
        for (const row of rows) {
          const copy = there.get(row.id);
          if (copy && sameRow(row, copy)) moved.push(row.id);
          else this.conflict(row, copy);
        }
        await outbox.deleteIds(moved);
        result.moved += moved.length;
        result.conflicts += rows.length - moved.length;
        if (rows.length < this.options.batchSize) break;
      }
    } catch (err) {
      this.options.report.warn(
        `moving log rows to the log database failed, they wait in the main database: ${String(err)}`,
      );
    }
    return result;
  }

  /** Reported once per row and process: it stays in the main database, where reads still find it. */
  private conflict(row: LogEntity, copy: LogFingerprint | undefined): void {
    if (this.reportedConflicts.has(row.id)) return;
    this.reportedConflicts.add(row.id);
    this.options.report.error(
      copy
        ? `log row #${row.id} differs from the log database's row #${row.id}; kept in the main database`
        : `log row #${row.id} was not found in the log database after its insert; kept in the main database`,
    );
  }
}
