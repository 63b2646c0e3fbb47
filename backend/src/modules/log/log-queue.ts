import { appendFile } from 'node:fs/promises';
import type { LogEntity } from '../../database/entities';
import { cutChars, fitLogRecord } from './log-limits';

export type LogRecord = Partial<LogEntity> & Pick<LogEntity, 'type' | 'user_id'>;

/** A row the database refused MAX_LOG_ATTEMPTS times, as `log_dead_letters` stores it. */
export interface DeadLetter {
  created_at: number;
  user_id: number;
  type: number;
  attempts: number;
  error: string;
  /** The record as JSON, long strings shortened. */
  row: string;
}

/** Where the queue writes (the log service gives it the repositories). */
export interface LogStore {
  insert(rows: LogRecord[]): Promise<void>;
  insertDeadLetter(letter: DeadLetter): Promise<void>;
}

export interface LogQueueOptions {
  /** "Not now" rather than "not this row" (database down, lock timeout): the rows wait, uncounted. */
  isTransient(err: unknown): boolean;
  /** Last resort for a dead letter the database refuses too. */
  deadLetterFile: string;
  report: { warn(message: string): void; error(message: string): void };
  now(): number;
}

const CHUNK = 200;
/** Writes of one row the database refused before it goes to the dead letters. */
export const MAX_LOG_ATTEMPTS = 3;
/** Strings longer than this are shortened in a dead letter (it keeps the numbers, not whole prompts). */
const DEAD_LETTER_STRING_MAX = 4096;

interface Queued {
  record: LogRecord;
  /** Refusals so far. */
  attempts: number;
}

/**
 * The log write queue. Rows are fitted to their columns and written in batches; while the database
 * is down everything waits for the next flush. A batch the database refuses is written row by row,
 * so the other rows land at once; the refused row is retried alone on later flushes and, after
 * MAX_LOG_ATTEMPTS refusals, becomes a dead letter (table, else file) and is reported. One bad row
 * never holds back the rows behind it.
 */
export class LogQueue {
  private queue: Queued[] = [];
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly store: LogStore,
    private readonly options: LogQueueOptions,
  ) {}

  get size(): number {
    return this.queue.length;
  }

  push(record: LogRecord): void {
    this.queue.push({ record, attempts: 0 });
  }

  /** Writes everything queued so far; concurrent callers wait for the same work. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.writeQueued());
    return this.flushing;
  }

  private async writeQueued(): Promise<void> {
    const work = this.queue;
    this.queue = [];
    const handled = new Set<Queued>();
    const retryLater: Queued[] = [];
    try {
      for (let i = 0; i < work.length;) {
        // A row refused before is tried alone, so it cannot fail a whole batch again.
        const batch = work[i].attempts > 0 ? [work[i]] : takeFresh(work, i, CHUNK);
        i += batch.length;
        try {
          await this.store.insert(batch.map((q) => fitLogRecord(q.record)));
          for (const q of batch) handled.add(q);
        } catch (err) {
          if (this.options.isTransient(err)) throw err;
          if (batch.length > 1) {
            await this.writeOneByOne(batch, handled, retryLater);
          } else {
            await this.refused(batch[0], err, retryLater);
            handled.add(batch[0]);
          }
        }
      }
    } catch (err) {
      // Database down: nothing is lost; what was not written waits for the next flush.
      this.options.report.warn(`log flush failed, will retry: ${String(err)}`);
    } finally {
      // Unwritten rows go back before those recorded meanwhile; refused ones after them.
      this.queue = [...work.filter((q) => !handled.has(q)), ...this.queue, ...retryLater];
    }
  }

  /** Each row of a refused batch alone: the others are written now, only the culprit waits. */
  private async writeOneByOne(batch: Queued[], handled: Set<Queued>, retryLater: Queued[]): Promise<void> {
    for (const q of batch) {
      try {
        await this.store.insert([fitLogRecord(q.record)]);
      } catch (err) {
        if (this.options.isTransient(err)) throw err;
        await this.refused(q, err, retryLater);
      }
      handled.add(q);
    }
  }

  private async refused(q: Queued, err: unknown, retryLater: Queued[]): Promise<void> {
    q.attempts++;
    if (q.attempts < MAX_LOG_ATTEMPTS) retryLater.push(q);
    else await this.deadLetter(q, err);
  }

  private async deadLetter(q: Queued, err: unknown): Promise<void> {
    const { report } = this.options;
    const letter: DeadLetter = {
      created_at: this.options.now(),
      user_id: Number(q.record.user_id) || 0,
      type: Number(q.record.type) || 0,
      attempts: q.attempts,
      error: cutChars(err instanceof Error ? err.message : String(err), 2000),
      row: JSON.stringify(q.record, (_k, v: unknown) =>
        typeof v === 'string' && v.length > DEAD_LETTER_STRING_MAX
          ? `${cutChars(v, DEAD_LETTER_STRING_MAX)}…[${v.length} chars]`
          : v,
      ),
    };
    report.error(
      `log row (user ${letter.user_id}, type ${letter.type}) refused ${q.attempts} times, moved to the dead letters: ${letter.error}`,
    );
    try {
      await this.store.insertDeadLetter(letter);
    } catch (dlErr) {
      report.error(`dead letter refused too (${String(dlErr)}); appending it to ${this.options.deadLetterFile}`);
      await appendFile(this.options.deadLetterFile, `${JSON.stringify(letter)}\n`).catch((fileErr: unknown) =>
        report.error(`log row lost, the dead-letter file failed too (${String(fileErr)}): ${letter.row}`),
      );
    }
  }
}

/** Up to `max` rows from `from` that were never refused. */
function takeFresh(work: Queued[], from: number, max: number): Queued[] {
  let end = from;
  while (end < work.length && end - from < max && work[end].attempts === 0) end++;
  return work.slice(from, end);
}
