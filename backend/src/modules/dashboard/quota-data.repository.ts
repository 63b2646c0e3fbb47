import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { bucketBounds, type Granularity, type QuotaDataRow } from '@gw/shared';
import type { Repository } from 'typeorm';
import { QuotaDataEntity } from '../../database/entities';
import { SqliteReader } from '../../database/sqlite-reader';

const HOUR = 3600;
const COLUMNS = 'model_name, created_at, token_used, count, quota';
const SUMS = 'model_name, created_at, SUM(token_used) AS token_used, SUM(count) AS count, SUM(quota) AS quota';

/** The order in which mergeIntoBuckets passes hourly rows through without merging (the totals' unique key). */
const ORDER = 'ORDER BY created_at, model_name';

/**
 * Every user's hourly rows in [?, ?] from the totals and in [?, ?] summed from quota_data, as the UTF-8 bytes
 * of their JSON array, in (hour, model) order: the same rows as ofEveryone() (each range may be empty). A
 * BLOB, so that the text is never decoded into a JS string only to be encoded again for the socket.
 */
const EVERYONE_JSON =
  "SELECT CAST(json_group_array(json_object('model_name', model_name, 'created_at', created_at, 'token_used', token_used, " +
  "'count', count, 'quota', quota) ORDER BY created_at, model_name) AS BLOB) AS data FROM (" +
  `SELECT ${COLUMNS} FROM quota_data_totals WHERE created_at >= ? AND created_at <= ? UNION ALL ` +
  `SELECT ${SUMS} FROM quota_data WHERE created_at >= ? AND created_at <= ? GROUP BY created_at, model_name)`;

/** `[bucket start, first hour, end hour)` of each bucket, as JSON text (a parameter of BUCKETED_JSON). */
const BOUNDS = (param: string) =>
  `SELECT value ->> 0 AS start, value ->> 1 AS lo, value ->> 2 AS hi FROM json_each(${param})`;

/**
 * The same for days or weeks: the hours of each bucket summed per model, the bucket's start as
 * `created_at`. The buckets come as two lists of hour ranges, one over the totals and one over quota_data,
 * each already cut to its part of the range; CROSS JOIN keeps the short list outside, so that each range
 * is one index search.
 */
const BUCKETED_JSON =
  "SELECT CAST(json_group_array(json_object('model_name', model_name, 'created_at', start, 'token_used', token_used, " +
  "'count', count, 'quota', quota) ORDER BY start, model_name) AS BLOB) AS data FROM (" +
  'SELECT start, model_name, SUM(token_used) AS token_used, SUM(count) AS count, SUM(quota) AS quota FROM (' +
  `SELECT b.start, t.model_name, t.token_used, t.count, t.quota FROM (${BOUNDS('?')}) b ` +
  'CROSS JOIN quota_data_totals t ON t.created_at >= b.lo AND t.created_at < b.hi UNION ALL ' +
  `SELECT b.start, q.model_name, q.token_used, q.count, q.quota FROM (${BOUNDS('?')}) b ` +
  'CROSS JOIN quota_data q ON q.created_at >= b.lo AND q.created_at < b.hi' +
  ') GROUP BY start, model_name)';

/** Each bucket's hours inside [lo, hi] (both included), as `[start, first, end)`; buckets left empty are dropped. */
const cut = (bounds: [number, number][], lo: number, hi: number) =>
  JSON.stringify(
    bounds.map(([start, next]) => [start, Math.max(start, lo), Math.min(next, hi + 1)]).filter(([, a, b]) => a < b),
  );

/** mysql2 answers BIGINT and SUM() as strings. */
const numbered = (raw: Record<string, unknown>[]): QuotaDataRow[] =>
  raw.map((r) => ({
    model_name: String(r.model_name),
    created_at: Number(r.created_at),
    token_used: Number(r.token_used),
    count: Number(r.count),
    quota: Number(r.quota),
  }));

/**
 * Reads the hourly aggregates (`quota_data`, written by the ledger with each settlement) and owns
 * `quota_data_totals`, their sums over every user that the roll-up keeps (docs/dashboard.md).
 */
@Injectable()
export class QuotaDataRepository {
  constructor(
    @InjectRepository(QuotaDataEntity) private readonly rows: Repository<QuotaDataEntity>,
    private readonly reader: SqliteReader,
  ) {}

  private get mysql(): boolean {
    return this.rows.manager.connection.options.type === 'mysql';
  }

  /** better-sqlite3 answers these columns as numbers already: only mysql2's rows are converted. */
  private async select(sql: string, params: number[]): Promise<QuotaDataRow[]> {
    const raw = (await this.rows.query(sql, params)) as Record<string, unknown>[];
    return this.mysql ? numbered(raw) : (raw as unknown as QuotaDataRow[]);
  }

  /** One user's hourly rows with created_at in [from, to] (the unique key leads with user_id). */
  async ofUser(userId: number, from: number, to: number): Promise<QuotaDataRow[]> {
    return this.select(
      `SELECT ${COLUMNS} FROM quota_data WHERE user_id = ? AND created_at >= ? AND created_at <= ? ${ORDER}`,
      [userId, from, to],
    );
  }

  /**
   * Every user's rows per (hour, model) in [from, to]: hours the roll-up has reached come from
   * quota_data_totals, later ones are summed from quota_data as they are now.
   */
  async ofEveryone(from: number, to: number): Promise<QuotaDataRow[]> {
    const rolled = await this.rolledUntil();
    // Joined without spreading them into a call: a year of hours × models is more arguments than one call takes.
    const parts: QuotaDataRow[][] = [];
    if (from < rolled) {
      const until = Math.min(to, rolled - 1);
      parts.push(
        await this.select(
          `SELECT ${COLUMNS} FROM quota_data_totals WHERE created_at >= ? AND created_at <= ? ${ORDER}`,
          [from, until],
        ),
      );
    }
    if (to >= rolled) {
      const since = Math.max(from, rolled);
      const live = `SELECT ${SUMS} FROM quota_data WHERE created_at >= ? AND created_at <= ? GROUP BY created_at, model_name ${ORDER}`;
      parts.push(await this.select(live, [since, to]));
    }
    return parts.length === 1 ? parts[0] : parts.flat();
  }

  /**
   * Every user's rows in [from, to] by `granularity`, as the JSON of their array (UTF-8), built by SQLite
   * itself: the same rows as mergeIntoBuckets(ofEveryone(from, to), granularity). A month of every model by
   * hour is ~36,000 rows; made into objects, merged, copied and serialised in the app, they cost about
   * twice the query and most of the garbage collection of the answer (docs/dashboard.md). The query runs
   * off the event loop (SqliteReader). Null on MySQL, whose JSON functions print numbers and spaces their
   * own way: there the caller uses ofEveryone().
   */
  async everyoneJson(from: number, to: number, granularity: Granularity): Promise<Buffer | null> {
    if (this.mysql) return null;
    const rolled = await this.rolledUntil();
    const [until, since] = [Math.min(to, rolled - 1), Math.max(from, rolled)];
    let sql = EVERYONE_JSON;
    let params: unknown[] = [from, until, since, to];
    if (granularity !== 'hour') {
      const bounds = bucketBounds(from, to, granularity);
      sql = BUCKETED_JSON;
      params = [cut(bounds, from, until), cut(bounds, since, to)];
    }
    // An aggregate without GROUP BY always answers one row ('[]' when nothing matched).
    return (await this.reader.get<{ data: Buffer }>(sql, params))!.data;
  }

  /** The first hour the roll-up has not reached: the hour after the latest total (0 when none). */
  async rolledUntil(): Promise<number> {
    const [r] = (await this.rows.query('SELECT MAX(created_at) AS m FROM quota_data_totals')) as { m: unknown }[];
    return r?.m === null || r?.m === undefined ? 0 : Number(r.m) + HOUR;
  }

  /** The earliest hour with usage, or null when there is none. */
  async firstHour(): Promise<number | null> {
    const [r] = (await this.rows.query('SELECT MIN(created_at) AS m FROM quota_data')) as { m: unknown }[];
    return r?.m === null || r?.m === undefined ? null : Number(r.m);
  }

  /** Recomputes the totals of hours in [from, to) from quota_data, replacing what they held. */
  async rollUp(from: number, to: number): Promise<void> {
    const select = `SELECT ${SUMS} FROM quota_data WHERE created_at >= ? AND created_at < ? GROUP BY created_at, model_name`;
    const insert = `INSERT INTO quota_data_totals (${COLUMNS}) ${select}`;
    await this.rows.query(
      this.mysql
        ? `${insert} ON DUPLICATE KEY UPDATE token_used = VALUES(token_used), count = VALUES(count), quota = VALUES(quota)`
        : `${insert} ON CONFLICT (created_at, model_name) DO UPDATE SET token_used = excluded.token_used, count = excluded.count, quota = excluded.quota`,
      [from, to],
    );
  }
}
