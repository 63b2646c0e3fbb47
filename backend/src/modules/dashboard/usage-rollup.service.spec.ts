import { QuotaDataEntity } from '../../database/entities';
import { SqliteReader } from '../../database/sqlite-reader';
import { turnsDuring } from '../../testing/event-loop-turns';
import { partialFake } from '../../testing/strict-fake';
import { sqliteTestDatabase, type TestDatabase } from '../../testing/test-databases';
import type { AppConfig } from '../../config/env';
import type { OptionService } from '../option/option.service';
import type { ClusterJobs } from '../redis/cluster-jobs.service';
import { QuotaDataRepository } from './quota-data.repository';
import { UsageRollupService } from './usage-rollup.service';

const HOUR = 3600;
const NOW = 1_767_225_600 + 30 * HOUR + 120; // two minutes into an hour
const FIRST = NOW - (NOW % HOUR) - 30 * HOUR;

/**
 * The roll-up on SQLite, whose statements hold the event loop while they run: it sums an hour per
 * statement and lets the event loop turn after each (docs/dashboard.md, "Freshness").
 */
describe('UsageRollupService on SQLite', () => {
  let db: TestDatabase;
  let data: QuotaDataRepository;
  let reader: SqliteReader;

  beforeAll(async () => {
    db = await sqliteTestDatabase('rollup');
    reader = new SqliteReader(db.ds, null);
    data = new QuotaDataRepository(db.ds.getRepository(QuotaDataEntity), reader);
    const rows = [];
    for (let h = 0; h < 30; h++) {
      for (const user of [1, 2, 3]) {
        rows.push({
          user_id: user,
          username: `u${user}`,
          model_name: `m${h % 2}`,
          created_at: FIRST + h * HOUR,
          token_used: h,
          count: user,
          quota: 10 * h + user,
        });
      }
    }
    await db.ds.getRepository(QuotaDataEntity).insert(rows);
  });
  afterAll(() => db.close());

  it('sums every completed hour, one statement an hour, with a turn of the event loop after each', async () => {
    const service = new UsageRollupService(
      partialFake<AppConfig>('config', {}),
      partialFake<OptionService>('options', {}),
      data,
      partialFake<ClusterJobs>('jobs', {}),
    );
    const statements = jest.spyOn(data, 'rollUp');
    const [, turns] = await turnsDuring(() => service.rollUp(NOW));

    expect(statements).toHaveBeenCalledTimes(30);
    for (const [from, to] of statements.mock.calls) expect(to - from).toBeLessThanOrEqual(HOUR);
    expect(turns).toBeGreaterThanOrEqual(29);
    const totals = await data.ofEveryone(FIRST, NOW);
    expect(totals).toHaveLength(30);
    expect(totals.map((r) => r.quota)).toEqual(Array.from({ length: 30 }, (_, h) => 30 * h + 6));
  });
});
