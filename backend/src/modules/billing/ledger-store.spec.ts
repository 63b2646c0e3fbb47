import type { DataSource } from 'typeorm';
import { SqliteWriteQueue } from '../../database/sqlite-write-queue';
import { TokenEntity, UserEntity } from '../../database/entities';
import { mariadbAvailable, mariadbTestDatabase, sqliteTestDatabase } from '../../testing/test-databases';
import type { LedgerStore, Reservation, Settlement } from './ledger-types';
import { MysqlLedgerStore } from './mysql-ledger-store';
import { SqliteLedgerStore, type SqliteDatabase } from './sqlite-ledger-store';

/** The ledger stores on the real databases: SQLite always, MariaDB when it answers (always in CI). */
interface World {
  ds: DataSource;
  store: LedgerStore;
  close(): Promise<void>;
}

async function sqliteWorld(): Promise<World> {
  const { ds, close } = await sqliteTestDatabase('ledger');
  const db = (ds.driver as unknown as { databaseConnection: SqliteDatabase }).databaseConnection;
  return { ds, store: new SqliteLedgerStore(db, SqliteWriteQueue.of(ds)!), close };
}

async function mysqlWorld(): Promise<World> {
  const { ds, close } = await mariadbTestDatabase('ledger');
  return { ds, store: new MysqlLedgerStore(ds), close };
}

const reservation = (requestId: string, amount: number, over: Partial<Reservation> = {}): Reservation => ({
  requestId,
  userId: 1,
  tokenId: 1,
  tokenDrawn: true,
  amount,
  promptQuota: Math.floor(amount / 2),
  node: 'n1',
  createdAt: 1000,
  meta: '{"username":"u","model":"m"}',
  ...over,
});
const settlement = (requestId: string, reserved: number, charged: number): Settlement => ({
  requestId,
  userId: 1,
  tokenId: 1,
  tokenDrawn: true,
  reserved,
  charged,
  countRequest: true,
  channelId: 0,
  log: { type: 2, user_id: 1, quota: charged, request_id: requestId },
});

describe.each([
  ['SQLite', sqliteWorld, async () => true],
  ['MariaDB', mysqlWorld, mariadbAvailable],
])('ledger store on %s', (_name, makeWorld, available) => {
  let w: World | null = null;
  const balances = async () => {
    await w!.store.drainLogs?.();
    const [u] = await w!.ds.query('SELECT quota, used_quota, request_count FROM users WHERE id = 1');
    const [t] = await w!.ds.query('SELECT remain_quota, used_quota FROM tokens WHERE id = 1');
    const [l] = await w!.ds.query('SELECT COUNT(*) AS n, COALESCE(SUM(quota), 0) AS q FROM logs WHERE type = 2');
    const [r] = await w!.ds.query('SELECT COUNT(*) AS n FROM reservations');
    return {
      user: Number(u.quota),
      used: Number(u.used_quota),
      requests: Number(u.request_count),
      token: Number(t.remain_quota),
      logs: Number(l.n),
      charged: Number(l.q),
      open: Number(r.n),
    };
  };

  beforeEach(async () => {
    if (!(await available())) return;
    w = await makeWorld();
    await w.ds.getRepository(UserEntity).insert({ id: 1, username: 'u', password: '', display_name: 'u', quota: 1000 });
    await w.ds
      .getRepository(TokenEntity)
      .insert({ id: 1, user_id: 1, key: 'k', key_hash: 'h', name: 't', remain_quota: 500 });
  });
  afterEach(async () => {
    await w?.close();
    w = null;
  });

  it('takes a reservation once, however often the commit is repeated', async () => {
    if (!w) return;
    expect(await w.store.commit([{ reservation: reservation('a', 100), requirePositive: true }], [])).toEqual([true]);
    expect(await w.store.commit([{ reservation: reservation('a', 100), requirePositive: true }], [])).toEqual([true]);
    expect(await balances()).toMatchObject({ user: 900, token: 400, open: 1 });
  });

  it('applies a settlement once and charges usage above the reservation in full', async () => {
    if (!w) return;
    await w.store.commit([{ reservation: reservation('a', 100), requirePositive: true }], []);
    await w.store.commit([], [settlement('a', 100, 1300)]);
    await w.store.commit([], [settlement('a', 100, 1300)]); // a repeated batch
    expect(await balances()).toEqual({
      user: -300,
      used: 1300,
      requests: 1,
      token: -800,
      logs: 1,
      charged: 1300,
      open: 0,
    });
  });

  it('refuses at or below zero even for a zero reservation, unless free', async () => {
    if (!w) return;
    await w.ds.query('UPDATE users SET quota = 0 WHERE id = 1');
    const [paid, free] = await w.store.commit(
      [
        { reservation: reservation('z', 0), requirePositive: true },
        { reservation: reservation('f', 0), requirePositive: false },
      ],
      [],
    );
    expect([paid, free]).toEqual([false, true]);
    expect((await balances()).open).toBe(1);
  });

  it('moves a large inbox to logs completely, letting other work run between slices', async () => {
    if (!w?.store.drainLogs) return; // MariaDB writes usage rows to logs directly
    const n = 200;
    const ids = Array.from({ length: n }, (_, i) => `r${i}`);
    await w.store.commit(
      ids.map((id) => ({ reservation: reservation(id, 1, { tokenDrawn: false, tokenId: 0 }), requirePositive: true })),
      [],
    );
    await w.store.commit(
      [],
      ids.map((id) => ({ ...settlement(id, 1, 1), tokenDrawn: false, tokenId: 0 })),
    );
    let turnDuringDrain = false;
    let draining = true;
    setImmediate(() => (turnDuringDrain = draining));
    await w.store.drainLogs();
    draining = false;
    expect(turnDuringDrain).toBe(true);
    const [inbox] = await w.ds.query('SELECT COUNT(*) AS n FROM log_inbox');
    const [logs] = await w.ds.query('SELECT COUNT(*) AS n, COUNT(DISTINCT request_id) AS d FROM logs WHERE type = 2');
    expect([Number(inbox.n), Number(logs.n), Number(logs.d)]).toEqual([0, n, n]);
  });

  it('keeps each reservation of a batch all-or-nothing', async () => {
    if (!w) return;
    const results = await w.store.commit(
      [
        { reservation: reservation('a', 400), requirePositive: true },
        { reservation: reservation('b', 400), requirePositive: true }, // the token has only 100 left
        { reservation: reservation('c', 50, { tokenId: 0, tokenDrawn: false }), requirePositive: true },
      ],
      [],
    );
    expect(results).toEqual([true, false, true]);
    expect(await balances()).toMatchObject({ user: 550, token: 100, open: 2 });
  });

  it('lists the open reservations of one node for recovery', async () => {
    if (!w) return;
    await w.store.commit(
      [
        { reservation: reservation('a', 10), requirePositive: true },
        { reservation: reservation('b', 10, { node: 'n2' }), requirePositive: true },
      ],
      [],
    );
    expect(
      (await w.store.openReservations('n1')).map((r) => [r.requestId, r.amount, r.promptQuota, r.tokenDrawn]),
    ).toEqual([['a', 10, 5, true]]);
  });
});
