import type { LogEntity } from '../../database/entities';
import type { LogArchive } from './log-archive';
import type { LogConditions, LogKey, LogRepository } from './log.repository';

/** Newest first: created_at, then id, descending (the order of every log page). */
function newerFirst(a: LogKey, b: LogKey): number {
  return b.created_at - a.created_at || b.id - a.id;
}

/**
 * Reads with LOG_SQL_DSN set (docs/logs.md, "A separate log database"): the rows still in the main
 * database's outbox and the log database's rows, as one set. The outbox is read first and its ids are
 * left out of the log database's side, so a row caught in both during its move counts once and a row
 * moved between the two reads is still seen (it is in the outbox's read). Pages are exact: with m
 * outbox rows matching, page rows come from the log database's positions offset − m onwards.
 */
export class MergedLogReader {
  constructor(
    private readonly outbox: LogRepository,
    private readonly archive: LogArchive,
  ) {}

  async page(where: LogConditions, offset: number, limit: number): Promise<[LogEntity[], number]> {
    const mine = (await this.outbox.keys(where)).sort(newerFirst);
    const exclude = mine.map((k) => k.id);
    const total = mine.length + (await this.archive.count(where, exclude));
    const from = Math.max(0, offset - mine.length);
    const theirs = await this.archive.keys(where, exclude, from, offset + limit - from);
    const merged = pageOfMerged(mine, theirs, from, offset, limit);
    return [await this.rows(merged, new Set(exclude)), total];
  }

  async totals(where: LogConditions): Promise<{ quota: number; rows: number; tokens: number }> {
    const mine = await this.outbox.usage(where);
    const theirs = await this.archive.totals(
      where,
      mine.map((u) => u.id),
    );
    return {
      quota: theirs.quota + mine.reduce((s, u) => s + u.quota, 0),
      rows: theirs.rows + mine.length,
      tokens: theirs.tokens + mine.reduce((s, u) => s + u.tokens, 0),
    };
  }

  /** Full rows in page order: outbox rows from the main database (or, moved meanwhile, the log database). */
  private async rows(page: LogKey[], inOutbox: Set<number>): Promise<LogEntity[]> {
    const local = await this.outbox.byIds(page.filter((k) => inOutbox.has(k.id)).map((k) => k.id));
    const found = new Map(local.map((r) => [r.id, r]));
    const remote = await this.archive.byIds(page.filter((k) => !found.has(k.id)).map((k) => k.id));
    for (const r of remote) found.set(Number(r.id), r);
    return page.map((k) => found.get(k.id)).filter((r): r is LogEntity => r !== undefined);
  }
}

/**
 * Pure: the page [offset, offset + limit) of the merged order, given every outbox key (`mine`) and the
 * log database's keys from its position `from` = max(0, offset − |mine|) (`theirs`). A row at or after
 * theirs[0] has `from` log-database rows before the window plus its index in the merged window before
 * it; outbox rows before theirs[0] fall before `offset` (at most |mine| − 1 of them past `from`).
 */
export function pageOfMerged(mine: LogKey[], theirs: LogKey[], from: number, offset: number, limit: number): LogKey[] {
  const window = [...mine, ...theirs].sort(newerFirst);
  return window.slice(offset - from, offset - from + limit);
}
