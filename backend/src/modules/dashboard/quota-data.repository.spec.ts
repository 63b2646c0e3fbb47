import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mergeIntoBuckets } from '@gw/shared';
import type { DataSource } from 'typeorm';
import { openDatabase } from '../../database/data-source';
import { QuotaDataEntity } from '../../database/entities';
import { SqliteReader } from '../../database/sqlite-reader';
import { QuotaDataRepository } from './quota-data.repository';

const H = 3600;
/** An hour start; the totals hold the hours before ROLLED, quota_data every hour. */
const T0 = 1_767_225_600;
const ROLLED = T0 + 5 * H;
/** Names JSON must escape or carry as UTF-8, and names that sort differently by case. */
const MODELS = ['gpt-4o', 'Gpt-4o', 'a "quoted" \\ name', 'line\nbreak\ttab', '模型-中文', 'emoji 🚀', 'claude-3'];

/**
 * On SQLite the every-user hourly answer is written as JSON by the database (everyoneJson). It must be the
 * very text the app would send for ofEveryone()'s rows after mergeIntoBuckets, for any range across the
 * rolled-up and the live hours (docs/dashboard.md).
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
    for (let h = 0; h < 8; h++) {
      for (const [i, model] of MODELS.entries()) {
        if ((h + i) % 3 === 0) continue;
        for (const user of [1, 2, 3].slice(0, 1 + ((h * i) % 3))) {
          await ds.query(insert, [user, `u${user}`, model, T0 + h * H, 100 * user + i, user + h, 7 * user + h + i]);
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

  it.each([
    ['rolled-up hours only', T0, ROLLED - 1],
    ['live hours only', ROLLED, T0 + 8 * H],
    ['across the last roll-up', T0 + 2 * H, T0 + 7 * H],
    ['bounds inside hours (both included)', T0 + H + 1, T0 + 6 * H],
    ['the whole table', 0, T0 + 100 * H],
    ['a range with no usage', T0 + 50 * H, T0 + 60 * H],
  ])('%s: the same text as the rows the app builds', async (_name, from, to) => {
    const rows = mergeIntoBuckets(await repo.ofEveryone(from, to), 'hour');
    const json = await repo.everyoneJson(from, to);
    expect(json?.toString('utf8')).toBe(JSON.stringify(rows));
  });

  it('the rows are checked for real: live hours are summed over users, in (hour, model) order', async () => {
    const rows = JSON.parse((await repo.everyoneJson(ROLLED, ROLLED + H - 1))!.toString('utf8')) as {
      model_name: string;
      count: number;
    }[];
    expect(rows.map((r) => r.model_name)).toEqual([...MODELS].filter((_, i) => (5 + i) % 3 !== 0).sort());
    // Users 1 and 2 used the third model in that hour: counts 1 + 5 and 2 + 5.
    expect(rows.find((r) => r.model_name === MODELS[2])?.count).toBe(1 + 5 + (2 + 5));
  });
});
