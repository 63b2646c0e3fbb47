import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GRANULARITIES, mergeIntoBuckets } from '@gw/shared';
import type { DataSource } from 'typeorm';
import { openDatabase } from '../../database/data-source';
import { QuotaDataEntity } from '../../database/entities';
import { SqliteReader } from '../../database/sqlite-reader';
import { QuotaDataRepository } from './quota-data.repository';

const H = 3600;
/** An hour start; usage every 11 hours from there (across days and a week's end), rolled up before ROLLED. */
const T0 = 1_767_225_600;
const STEP = 11 * H;
const HOURS = 20;
const ROLLED = T0 + 12 * STEP;
/** Names JSON must escape or carry as UTF-8, and names that sort differently by case. */
const MODELS = ['gpt-4o', 'Gpt-4o', 'a "quoted" \\ name', 'line\nbreak\ttab', '模型-中文', 'emoji 🚀', 'claude-3'];

/**
 * On SQLite every user's answer is written as JSON by the database (everyoneJson). It must be the very
 * text the app would send for ofEveryone()'s rows after mergeIntoBuckets, for hours, days and weeks, for
 * any range across the rolled-up and the live hours (docs/dashboard.md). Days and weeks follow the TZ
 * the suite runs in.
 */
describe('QuotaDataRepository on SQLite: the JSON the database writes', () => {
  let dir: string;
  let ds: DataSource;
  let repo: QuotaDataRepository;
  let reader: SqliteReader;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'gw-quota-data-'));
    const database = { type: 'sqlite' as const, path: join(dir, 'q.db'), busyTimeoutMs: 1000 };
    ds = await openDatabase({ database, dbLogging: false });
    reader = new SqliteReader(ds, database.path);
    reader.onModuleInit(); // the JSON comes from the reader's worker thread, as in the app
    repo = new QuotaDataRepository(ds.getRepository(QuotaDataEntity), reader);
    const insert =
      'INSERT INTO quota_data (user_id, username, model_name, created_at, token_used, count, quota) VALUES (?, ?, ?, ?, ?, ?, ?)';
    for (let h = 0; h < HOURS; h++) {
      for (const [i, model] of MODELS.entries()) {
        if ((h + i) % 3 === 0) continue;
        for (const user of [1, 2, 3].slice(0, 1 + ((h * i) % 3))) {
          await ds.query(insert, [user, `u${user}`, model, T0 + h * STEP, 100 * user + i, user + h, 7 * user + h + i]);
        }
      }
    }
    await repo.rollUp(T0, ROLLED);
  });

  afterAll(async () => {
    await reader.onApplicationShutdown();
    await ds.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  const ranges: [string, number, number][] = [
    ['rolled-up hours only', T0, ROLLED - 1],
    ['live hours only', ROLLED, T0 + HOURS * STEP],
    ['across the last roll-up', T0 + 2 * STEP, T0 + 17 * STEP],
    ['bounds inside hours and days (both included)', T0 + STEP + 1, T0 + 15 * STEP + 7],
    ['the whole table', 0, T0 + 100 * STEP],
    ['a range with no usage', T0 + 50 * STEP, T0 + 60 * STEP],
  ];
  const cases = GRANULARITIES.flatMap((g) => ranges.map(([name, from, to]) => [g, name, from, to] as const));

  it.each(cases)('by %s, %s: the same text as the rows the app builds', async (g, _name, from, to) => {
    const rows = mergeIntoBuckets(await repo.ofEveryone(from, to), g);
    const json = await repo.everyoneJson(from, to, g);
    expect(json?.toString('utf8')).toBe(JSON.stringify(rows));
  });

  it('the rows are checked for real: live hours are summed over users, in (hour, model) order', async () => {
    const hour = ROLLED + STEP; // usage index 13
    const rows = JSON.parse((await repo.everyoneJson(hour, hour + H - 1, 'hour'))!.toString('utf8')) as {
      model_name: string;
      count: number;
    }[];
    expect(rows.map((r) => r.model_name)).toEqual([...MODELS].filter((_, i) => (13 + i) % 3 !== 0).sort());
    // Users 1 and 2 used the second model in that hour ((13 × 1) % 3 = 1): counts 1 + 13 and 2 + 13.
    expect(rows.find((r) => r.model_name === MODELS[1])?.count).toBe(1 + 13 + (2 + 13));
  });
});
