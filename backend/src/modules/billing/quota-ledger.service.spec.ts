import { Logger } from '@nestjs/common';
import type { AppConfig } from '../../config/env';
import { FakeLedgerStore } from '../../testing/fake-ledger-store';
import { partialFake } from '../../testing/strict-fake';
import type { LogRecord, LogService } from '../log/log.service';
import type { Reservation, ReserveOp, Settlement } from './ledger-types';
import { QuotaLedger } from './quota-ledger.service';

/**
 * QuotaLedger's rules against an in-memory ledger (FakeLedgerStore emulates the stores' conditional
 * statements; ledger-store.spec.ts and the money tier check those on the real databases).
 */
const USER = 1;
const TOKEN = 7;
const CHANNEL = 3;
const NODE = 'node-a';
beforeAll(() => Logger.overrideLogger(false));
afterAll(() => Logger.overrideLogger(['log', 'error', 'warn']));

function setup(user = 1000, token = 500) {
  const store = FakeLedgerStore.create();
  store.seedUser(USER, user);
  store.seedToken(TOKEN, token);
  store.seedChannel(CHANNEL);
  const recorded: LogRecord[] = [];
  const logs = partialFake<LogService>('LogService', {
    record: (r: LogRecord) => void recorded.push(r),
    flush: async () => undefined,
    finish: async () => undefined,
  });
  const config = partialFake<AppConfig>('AppConfig', { nodeName: NODE, batchUpdateIntervalMs: 60_000 });
  const ledger = new QuotaLedger(store, config, logs);
  return {
    store,
    ledger,
    recorded,
    balances: () => ({ user: store.user(USER)!.quota, token: store.token(TOKEN)!.remain_quota }),
  };
}

let seq = 0;
const reserveOp = (amount: number, over: Partial<Reservation> = {}, requirePositive = true): ReserveOp => ({
  reservation: {
    requestId: `req-${++seq}`,
    userId: USER,
    tokenId: TOKEN,
    tokenDrawn: true,
    amount,
    promptQuota: Math.floor(amount / 4),
    node: NODE,
    createdAt: 1_700_000_000,
    meta: JSON.stringify({
      username: 'alice',
      tokenName: 'k',
      model: 'gpt-4o',
      group: 'default',
      ip: '1.2.3.4',
      path: '/v1/chat/completions',
      stream: false,
    }),
    ...over,
  },
  requirePositive,
});
const settlementOf = (op: ReserveOp, charged: number, over: Partial<Settlement> = {}): Settlement => ({
  requestId: op.reservation.requestId,
  userId: USER,
  tokenId: op.reservation.tokenId,
  tokenDrawn: op.reservation.tokenDrawn,
  reserved: op.reservation.amount,
  charged,
  countRequest: true,
  channelId: CHANNEL,
  log: { type: 2, user_id: USER, quota: charged, request_id: op.reservation.requestId },
  usage: { username: 'alice', modelName: 'gpt-4o', tokens: 10, at: op.reservation.createdAt },
  ...over,
});
const dbDown = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:3306'), { code: 'ECONNREFUSED' });

describe('QuotaLedger.reserve', () => {
  it.each([
    // [case, user, token, amount, tokenDrawn, requirePositive, granted, user after, token after]
    ['takes from token and user', 1000, 500, 100, true, true, true, 900, 400],
    ['takes the whole token balance', 1000, 100, 100, true, true, true, 900, 0],
    ['refuses more than the token holds, the user untouched', 1000, 99, 100, true, true, false, 1000, 99],
    ['refuses more than the user holds, the token untouched', 99, 500, 100, true, true, false, 99, 500],
    ['an unlimited token: only the user pays', 1000, 0, 100, false, true, true, 900, 0],
    ['refuses a zero reservation at a zero balance', 0, 500, 0, true, true, false, 0, 500],
    ['refuses a zero reservation on an exhausted token', 1000, 0, 0, true, true, false, 1000, 0],
    ['refuses anything at a negative balance (earlier overage)', -50, 500, 0, true, true, false, -50, 500],
    ['admits a free request at a zero balance', 0, 0, 0, true, false, true, 0, 0],
  ])('%s', async (_case, user, token, amount, tokenDrawn, requirePositive, granted, userAfter, tokenAfter) => {
    const { store, ledger, balances } = setup(user, token);
    const op = reserveOp(amount, { tokenDrawn }, requirePositive);
    expect(await ledger.reserve(op)).toBe(granted);
    expect(balances()).toEqual({ user: userAfter, token: tokenAfter });
    expect(store.state.reservations.has(op.reservation.requestId)).toBe(granted);
    expect(ledger.pending.open).toBe(granted ? 1 : 0);
  });

  it('takes a reservation once, however often the same request id is reserved', async () => {
    const { ledger, balances } = setup();
    const op = reserveOp(100);
    expect([await ledger.reserve(op), await ledger.reserve(op)]).toEqual([true, true]);
    expect(balances()).toEqual({ user: 900, token: 400 });
  });

  it('reservations queued in one turn share one commit, each granted or refused on its own', async () => {
    const { store, ledger, balances } = setup(1000, 250);
    const results = await Promise.all([
      ledger.reserve(reserveOp(100)),
      ledger.reserve(reserveOp(200)),
      ledger.reserve(reserveOp(100)),
    ]);
    expect(results).toEqual([true, false, true]);
    expect(store.commits).toBe(1);
    expect(balances()).toEqual({ user: 800, token: 50 });
  });

  it('a database that is down refuses the reservation with its error (nothing taken)', async () => {
    const { store, ledger, balances } = setup();
    store.failures.push(dbDown());
    await expect(ledger.reserve(reserveOp(100))).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(balances()).toEqual({ user: 1000, token: 500 });
  });
});

describe('QuotaLedger.settle', () => {
  async function reserved(amount: number, over: Partial<Reservation> = {}) {
    const world = setup();
    const op = reserveOp(amount, over);
    await world.ledger.reserve(op);
    return { ...world, op };
  }

  it.each([
    // [case, reserved, charged, user after, token after]
    ['usage below the reservation: the rest comes back', 300, 120, 880, 380],
    ['usage equal to the reservation', 300, 300, 700, 200],
    ['usage above the reservation is charged in full (balances may go negative)', 300, 1600, -600, -1100],
    ['nothing delivered: all of it comes back', 300, 0, 1000, 500],
  ])('%s', async (_case, amount, charged, userAfter, tokenAfter) => {
    const { store, ledger, op, balances } = await reserved(amount);
    expect(await ledger.settle(settlementOf(op, charged))).toBe(true);
    expect(balances()).toEqual({ user: userAfter, token: tokenAfter });
    expect(store.user(USER)).toMatchObject({ used_quota: charged, request_count: 1 });
    expect(store.token(TOKEN)).toMatchObject({ used_quota: charged, accessed_time: store.now });
    expect(store.state.channels.get(CHANNEL)!.used_quota).toBe(charged);
    expect(store.state.logs.map((l) => [l.request_id, l.quota])).toEqual([[op.reservation.requestId, charged]]);
    expect(store.state.reservations.size).toBe(0);
    expect(ledger.pending).toEqual({ queued: 0, open: 0 });
  });

  it('an unlimited token: the refund goes to the user only, the token still counts what it used', async () => {
    const { store, ledger, op, balances } = await reserved(300, { tokenDrawn: false });
    await ledger.settle(settlementOf(op, 100));
    expect(balances()).toEqual({ user: 900, token: 500 });
    expect(store.token(TOKEN)!.used_quota).toBe(100);
  });

  it('a refunded failure does not count as a request and writes no usage', async () => {
    const { store, ledger, op } = await reserved(300);
    await ledger.settle(settlementOf(op, 0, { countRequest: false, channelId: 0, log: undefined, usage: undefined }));
    expect(store.user(USER)).toMatchObject({ quota: 1000, request_count: 0, used_quota: 0 });
    expect([store.state.logs.length, store.state.quotaData.size]).toEqual([0, 0]);
  });

  it('applies once per request id: a repeated settlement moves nothing', async () => {
    const { store, ledger, op, balances } = await reserved(300);
    await ledger.settle(settlementOf(op, 100));
    expect(await ledger.settle(settlementOf(op, 100))).toBe(true); // found already committed
    expect(balances()).toEqual({ user: 900, token: 400 });
    expect([store.user(USER)!.request_count, store.state.logs.length]).toEqual([1, 1]);
  });

  it('while the database is down a settlement resolves false, stays queued and is committed once it is back', async () => {
    const { store, ledger, op, balances } = await reserved(300);
    store.failures.push(dbDown());
    expect(await ledger.settle(settlementOf(op, 100))).toBe(false);
    expect(ledger.pending.queued).toBe(1);
    expect(balances()).toEqual({ user: 700, token: 200 }); // still reserved
    await ledger.flush();
    expect(balances()).toEqual({ user: 900, token: 400 });
    expect(ledger.pending.queued).toBe(0);
  });

  it('money first: a log row the database refuses is left out of the settlement and handed to the log writer', async () => {
    const { store, ledger, recorded, balances } = setup();
    const good = reserveOp(100);
    const bad = reserveOp(100);
    await Promise.all([ledger.reserve(good), ledger.reserve(bad)]);
    store.refuseLog = (row) => row.request_id === bad.reservation.requestId;
    const results = await Promise.all([ledger.settle(settlementOf(good, 50)), ledger.settle(settlementOf(bad, 70))]);
    expect(results).toEqual([true, true]);
    expect(balances()).toEqual({ user: 880, token: 380 });
    expect(store.state.logs.map((l) => l.request_id)).toEqual([good.reservation.requestId]);
    expect(recorded.map((l) => [l.request_id, l.quota])).toEqual([[bad.reservation.requestId, 70]]);
  });
});

describe('QuotaLedger at boot: reservations an interrupted run left open', () => {
  it("closes this node's: the prompt part charged, the rest refunded, logged as interrupted; other nodes' stay", async () => {
    const { store, ledger, balances } = setup();
    const mine = reserveOp(400); // promptQuota 100
    const other = reserveOp(50, { node: 'node-b' });
    await store.commit([mine, other], []); // written by the run that died
    await ledger.onModuleInit();
    try {
      expect(balances()).toEqual({ user: 1000 - 100 - 50, token: 500 - 100 - 50 });
      expect([...store.state.reservations.keys()]).toEqual([other.reservation.requestId]);
      const [log] = store.state.logs;
      expect(log).toMatchObject({
        request_id: mine.reservation.requestId,
        quota: 100,
        model_name: 'gpt-4o',
        username: 'alice',
      });
      expect(JSON.parse(log.other!)).toMatchObject({ interrupted: true, reserved: 400 });
      // The request's own settlement, should it still arrive, finds the reservation gone.
      await ledger.settle(settlementOf(mine, 400));
      expect(balances().user).toBe(850);
    } finally {
      await ledger.onApplicationShutdown();
    }
  });

  it('with nothing open, boot moves no money', async () => {
    const { store, ledger, balances } = setup();
    await ledger.onModuleInit();
    await ledger.onApplicationShutdown();
    expect([balances(), store.commits]).toEqual([{ user: 1000, token: 500 }, 0]);
  });
});
