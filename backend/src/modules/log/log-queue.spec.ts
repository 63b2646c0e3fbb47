import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LogType } from '@gw/shared';
import type { LogEntity } from '../../database/entities';
import { LogQueue, MAX_LOG_ATTEMPTS, type DeadLetter, type LogRecord } from './log-queue';

const POISON = 666;

/** A logs table that refuses user 666's rows (like a constraint) and can be "down". */
class FakeLogs {
  rows: LogRecord[] = [];
  deadLetters: DeadLetter[] = [];
  down = false;
  deadLettersRefused = false;
  insert = jest.fn(async (rows: LogRecord[]) => {
    if (this.down) throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    if (rows.some((x) => x.user_id === POISON))
      throw Object.assign(new Error('CHECK constraint failed'), { code: 'SQLITE_CONSTRAINT_CHECK' });
    this.rows.push(...rows);
  });
  insertDeadLetter = async (letter: DeadLetter) => {
    if (this.deadLettersRefused) throw new Error('no such table: log_dead_letters');
    this.deadLetters.push(letter);
  };
}

function service(dir = tmpdir()) {
  const repo = new FakeLogs();
  const logs = new LogQueue(repo, {
    isTransient: (err) => (err as { code?: string }).code === 'ECONNREFUSED',
    deadLetterFile: join(dir, 'log-dead-letters.jsonl'),
    report: { warn: () => undefined, error: () => undefined },
    now: () => 1_700_000_000,
  });
  return { repo, logs };
}

const row = (user_id: number, extra: Partial<LogEntity> = {}): LogRecord => ({
  type: LogType.Consume,
  user_id,
  ...extra,
});
const users = (rows: LogRecord[]) => rows.map((r) => r.user_id);

describe('LogQueue', () => {
  it('writes the rows around a refused one at once, retries it a bounded number of times, then dead-letters it', async () => {
    const { repo, logs } = service();
    logs.push(row(1));
    logs.push(row(POISON, { content: 'bad' }));
    logs.push(row(2));
    await logs.flush();
    expect(users(repo.rows)).toEqual([1, 2]);
    logs.push(row(3));
    for (let i = 1; i < MAX_LOG_ATTEMPTS; i++) await logs.flush();
    expect(users(repo.rows)).toEqual([1, 2, 3]);
    expect(repo.deadLetters).toEqual([
      expect.objectContaining({
        user_id: POISON,
        type: LogType.Consume,
        attempts: MAX_LOG_ATTEMPTS,
        error: 'CHECK constraint failed',
      }),
    ]);
    expect(JSON.parse(repo.deadLetters[0].row)).toMatchObject({ user_id: POISON, content: 'bad' });
    // Gone from the queue: later flushes neither retry it nor dead-letter it twice.
    await logs.flush();
    expect(repo.deadLetters).toHaveLength(1);
    // Tried in the first batch, alone, then alone on each later flush: never again once dead-lettered.
    expect(repo.insert.mock.calls.filter(([rows]) => rows.some((r) => r.user_id === POISON))).toHaveLength(
      MAX_LOG_ATTEMPTS + 1,
    );
  });

  it('fits rows to their columns before writing', async () => {
    const { repo, logs } = service();
    logs.push(row(1, { group: 'g'.repeat(100) }));
    await logs.flush();
    expect(repo.rows[0].group).toBe('g'.repeat(64));
  });

  it('keeps the queue while the database is down without counting refusals', async () => {
    const { repo, logs } = service();
    repo.down = true;
    logs.push(row(1));
    logs.push(row(2));
    for (let i = 0; i < MAX_LOG_ATTEMPTS + 2; i++) await logs.flush();
    expect(repo.rows).toEqual([]);
    repo.down = false;
    logs.push(row(3));
    await logs.flush();
    expect(users(repo.rows)).toEqual([1, 2, 3]);
    expect(repo.deadLetters).toEqual([]);
  });

  it('appends to a file beside the database when the dead-letter table refuses too', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gw-dl-'));
    const { repo, logs } = service(dir);
    repo.deadLettersRefused = true;
    logs.push(row(POISON));
    for (let i = 0; i < MAX_LOG_ATTEMPTS; i++) await logs.flush();
    const lines = readFileSync(join(dir, 'log-dead-letters.jsonl'), 'utf8').trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(JSON.parse(lines[0]).row)).toMatchObject({ user_id: POISON });
  });
});
