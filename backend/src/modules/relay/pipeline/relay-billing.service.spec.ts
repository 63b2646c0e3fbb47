import { Logger } from '@nestjs/common';
import { buildSettings, type Settings } from '@gw/shared';
import type { AppConfig } from '../../../config/env';
import { FakeLedgerStore } from '../../../testing/fake-ledger-store';
import { partialFake } from '../../../testing/strict-fake';
import { QuotaLedger } from '../../billing/quota-ledger.service';
import type { LogService } from '../../log/log.service';
import type { UsageReport } from '../../../providers/provider';
import { RelayDirectory } from '../cache/relay-directory.service';
import type { CachedToken, CachedUser } from '../cache/relay-records';
import type { TokenizerService } from '../metering/tokenizer.service';
import type { RelayChannel } from '../routing/relay-channel';
import { admit } from './admission';
import { RelayBilling } from './relay-billing.service';
import type { RelayCaller } from './relay-caller';
import type { Delivered, RelayContext } from './relay-context';
import { parseRelayRequest } from './relay-request';

/**
 * The relay's money decisions: the price and reservation of a request (admit), then RelayBilling's
 * reserve, settle and refund, on the real QuotaLedger over the in-memory ledger (FakeLedgerStore).
 */
beforeAll(() => Logger.overrideLogger(false));
afterAll(() => Logger.overrideLogger(['log', 'error', 'warn']));

const USER = 1;
const TOKEN = 7;
const CHANNEL = 3;
const SETTINGS = {
  ModelRatio: JSON.stringify({ 'acme-chat': 2.5, 'acme-free': 0 }),
  CompletionRatio: JSON.stringify({ 'acme-chat': 4 }),
  ModelPrice: JSON.stringify({ 'acme-image': 0.04 }),
  GroupRatio: JSON.stringify({ default: 1, vip: 0.5, free: 0 }),
  UserUsableGroups: JSON.stringify({ vip: 'VIP', free: 'Free' }),
  QuotaPerUnit: '500000',
  PreConsumedQuota: '500',
};

interface World {
  store: FakeLedgerStore;
  billing: RelayBilling;
  settings: Settings;
  /** Cached balances as the relay's directory holds them. */
  cached: { user: number; token: number };
  tokenizerCalls: string[][];
}

function world(opts: { user?: number; token?: number; settings?: Record<string, string> } = {}): World {
  const store = FakeLedgerStore.create();
  store.seedUser(USER, opts.user ?? 100_000);
  store.seedToken(TOKEN, opts.token ?? 100_000);
  store.seedChannel(CHANNEL);
  const config = partialFake<AppConfig>('AppConfig', { nodeName: 'node-a', batchUpdateIntervalMs: 60_000 });
  const logs = partialFake<LogService>('LogService', {});
  const cached = { user: opts.user ?? 100_000, token: opts.token ?? 100_000 };
  const directory = partialFake<RelayDirectory>('RelayDirectory', {
    tokens: partialFake<RelayDirectory['tokens']>('tokens cache', {
      update: (_hash: string, fn: (t: CachedToken) => CachedToken) =>
        void (cached.token = fn(partialFake<CachedToken>('CachedToken', { remainQuota: cached.token })).remainQuota),
    }),
    users: partialFake<RelayDirectory['users']>('users cache', {
      update: (_id: number, fn: (u: CachedUser) => CachedUser) =>
        void (cached.user = fn(partialFake<CachedUser>('CachedUser', { quota: cached.user })).quota),
    }),
    // The real rule, on the caches above.
    moveQuota(...args: Parameters<RelayDirectory['moveQuota']>) {
      RelayDirectory.prototype.moveQuota.apply(directory, args);
    },
  });
  const tokenizerCalls: string[][] = [];
  const tokenizer = partialFake<TokenizerService>('TokenizerService', {
    count: async (_model: string, texts: readonly string[]) => (tokenizerCalls.push([...texts]), texts.join('').length),
  });
  const billing = new RelayBilling(new QuotaLedger(store, config, logs), directory, tokenizer, config);
  return { store, billing, settings: buildSettings({ ...SETTINGS, ...opts.settings }), cached, tokenizerCalls };
}

function callerOf(w: World, opts: { group?: string; unlimited?: boolean; playground?: boolean } = {}): RelayCaller {
  const user: CachedUser = {
    id: USER,
    username: 'alice',
    role: 1,
    status: 1,
    group: 'default',
    quota: w.cached.user,
    deleted: false,
    acceptUnpriced: false,
  };
  const token = partialFake<CachedToken>('CachedToken', {
    id: TOKEN,
    name: 'key',
    unlimited: opts.unlimited ?? false,
    remainQuota: w.cached.token,
    modelLimits: null,
  });
  return {
    user,
    token: opts.playground ? null : token,
    tokenHash: opts.playground ? null : 'hash',
    group: opts.group ?? 'default',
    pinnedChannelId: null,
    ip: '1.2.3.4',
  };
}

let seq = 0;
function contextOf(w: World, caller: RelayCaller, body: Record<string, unknown>): RelayContext {
  const req = parseRelayRequest(
    'chat',
    { messages: [{ role: 'user', content: 'hello' }], ...body },
    'application/json',
  );
  return partialFake<RelayContext>('RelayContext', {
    caller,
    req,
    admission: admit(caller, req, w.settings),
    settings: w.settings,
    path: '/v1/chat/completions',
    requestId: `req-${++seq}`,
    arrivedAt: 1_700_000_000,
    startedAt: performance.now(),
  });
}

const delivered = (usage: UsageReport | null, outputText: string | null = null): Delivered => ({
  kind: 'delivered',
  channel: partialFake<RelayChannel>('RelayChannel', { id: CHANNEL, name: 'upstream' }),
  upstreamModel: 'acme-chat',
  usage,
  outputText,
  meter: null,
  frtMs: null,
  streamEnd: null,
  tried: [CHANNEL],
});

const relayErrorOf = (fn: () => unknown) => {
  try {
    fn();
    return 'admitted';
  } catch (e) {
    return `${(e as { status: number }).status} ${(e as { message: string }).message}`;
  }
};

describe('the price and reservation of a request (admit)', () => {
  // The prompt "hello" is estimated at 8 tokens (3 per message, 3 to prime the reply, 5 bytes / 3).
  it.each([
    // [case, model, group, max_tokens, reserve, promptQuota (what a crash charges), free]
    [
      'ratio: PreConsumedQuota prompt tokens at the model ratio',
      'acme-chat',
      'default',
      undefined,
      500 * 2.5,
      8 * 2.5,
      false,
    ],
    [
      'ratio: plus max_tokens at the completion ratio',
      'acme-chat',
      'default',
      100,
      (500 + 100 * 4) * 2.5,
      8 * 2.5,
      false,
    ],
    ['ratio × group ratio', 'acme-chat', 'vip', 100, (500 + 100 * 4) * 2.5 * 0.5, 8 * 2.5 * 0.5, false],
    [
      'fixed price per call: ModelPrice × QuotaPerUnit',
      'acme-image',
      'default',
      100,
      0.04 * 500000,
      0.04 * 500000,
      false,
    ],
    ['fixed price × group ratio', 'acme-image', 'vip', undefined, 0.04 * 500000 * 0.5, 0.04 * 500000 * 0.5, false],
    ['a model ratio of 0 is free', 'acme-free', 'default', 100, 0, 0, true],
    ['a group ratio of 0 is free', 'acme-chat', 'free', 100, 0, 0, true],
  ])('%s', (_case, model, group, maxTokens, reserve, promptQuota, free) => {
    const w = world();
    const { admission } = contextOf(w, callerOf(w, { group }), { model, max_tokens: maxTokens });
    expect([admission.promptEstimate, admission.reserve, admission.promptQuota, admission.free]).toEqual([
      8,
      reserve,
      promptQuota,
      free,
    ]);
  });

  it.each([
    ['an unpriced model', { model: 'acme-unknown' }, {}, '403 relay.model_unpriced'],
    [
      'an unpriced model in self-use mode (free)',
      { model: 'acme-unknown' },
      { SelfUseModeEnabled: 'true' },
      'admitted',
    ],
    ['a priced model at a zero balance', { model: 'acme-chat' }, {}, '403 relay.user_quota_exhausted', 0],
    ['a free model at a zero balance', { model: 'acme-free' }, {}, 'admitted', 0],
  ])('%s: %s', (_case, body, settings, outcome, quota = 100) => {
    const w = world({ user: quota, settings });
    expect(relayErrorOf(() => contextOf(w, callerOf(w), body))).toBe(outcome);
  });
});

describe('RelayBilling.reserve', () => {
  it('holds the reservation on the token and the user, in the database and in the cached balances', async () => {
    const w = world();
    const ctx = contextOf(w, callerOf(w), { model: 'acme-chat', max_tokens: 100 });
    const hold = await w.billing.reserve(ctx);
    expect(hold).toEqual({ requestId: ctx.requestId, amount: 2250, tokenId: TOKEN, tokenDrawn: true });
    expect([w.store.user(USER)!.quota, w.store.token(TOKEN)!.remain_quota]).toEqual([97_750, 97_750]);
    expect(w.cached).toEqual({ user: 97_750, token: 97_750 });
    expect(w.store.state.reservations.get(ctx.requestId)).toMatchObject({
      amount: 2250,
      promptQuota: 20,
      node: 'node-a',
    });
  });

  it.each([
    ['an unlimited token', { unlimited: true }, TOKEN],
    ['the playground (no token)', { playground: true }, 0],
  ])('%s: only the user is drawn', async (_case, caller, tokenId) => {
    const w = world();
    const hold = await w.billing.reserve(contextOf(w, callerOf(w, caller), { model: 'acme-chat' }));
    expect(hold).toMatchObject({ tokenDrawn: false, tokenId, amount: 1250 });
    expect([w.store.user(USER)!.quota, w.store.token(TOKEN)!.remain_quota]).toEqual([98_750, 100_000]);
  });

  it.each([
    ['the token cannot pay', { user: 100_000, token: 1000 }, 'relay.token_exhausted'],
    ['the user cannot pay', { user: 1000, token: 100_000 }, 'relay.user_quota_exhausted'],
  ])('403 when %s, nothing taken', async (_case, balances, message) => {
    const w = world(balances);
    const ctx = contextOf(w, callerOf(w), { model: 'acme-chat' }); // reserves 1250
    await expect(w.billing.reserve(ctx)).rejects.toMatchObject({ status: 403, message, type: 'insufficient_quota' });
    expect(w.store.state.reservations.size).toBe(0);
    expect(w.cached).toEqual(balances);
  });

  it('a free request is held even on an exhausted token and a zero balance', async () => {
    const w = world({ user: 0, token: 0 });
    const hold = await w.billing.reserve(contextOf(w, callerOf(w), { model: 'acme-free' }));
    expect(hold.amount).toBe(0);
    expect(w.store.state.reservations.size).toBe(1);
  });
});

describe('RelayBilling.settle and refund', () => {
  async function held(
    model = 'acme-chat',
    body: Record<string, unknown> = { max_tokens: 100 },
    opts: Parameters<typeof world>[0] = {},
  ) {
    const w = world(opts);
    const ctx = contextOf(w, callerOf(w), { model, ...body });
    const hold = await w.billing.reserve(ctx);
    return { w, ctx, hold };
  }

  it.each([
    // [case, usage, charged] with acme-chat: ratio 2.5, completion ratio 4, reserved 2250
    ['below the reservation: the rest comes back', { promptTokens: 100, completionTokens: 50 }, (100 + 50 * 4) * 2.5],
    ['above the reservation: charged in full', { promptTokens: 2000, completionTokens: 100 }, (2000 + 100 * 4) * 2.5],
  ])('usage %s', async (_case, usage, charged) => {
    const { w, ctx, hold } = await held();
    expect(await w.billing.settle(ctx, delivered(usage), hold)).toBe(charged);
    expect(w.store.user(USER)).toMatchObject({ quota: 100_000 - charged, used_quota: charged, request_count: 1 });
    expect(w.store.token(TOKEN)).toMatchObject({ remain_quota: 100_000 - charged, used_quota: charged });
    expect(w.store.state.channels.get(CHANNEL)!.used_quota).toBe(charged);
    expect(w.cached).toEqual({ user: 100_000 - charged, token: 100_000 - charged });
    expect(w.store.state.logs).toEqual([
      expect.objectContaining({
        request_id: ctx.requestId,
        quota: charged,
        prompt_tokens: usage.promptTokens,
        completion_tokens: usage.completionTokens,
        channel_id: CHANNEL,
        model_name: 'acme-chat',
      }),
    ]);
    expect(w.tokenizerCalls).toEqual([]); // a plausible report needs no local count
  });

  it('the group ratio applies to the charge too', async () => {
    const w = world();
    const ctx = contextOf(w, callerOf(w, { group: 'vip' }), { model: 'acme-chat' });
    const hold = await w.billing.reserve(ctx);
    expect(await w.billing.settle(ctx, delivered({ promptTokens: 100, completionTokens: 50 }), hold)).toBe(
      300 * 2.5 * 0.5,
    );
  });

  it('no usage reported: the prompt and the output are counted locally', async () => {
    const { w, ctx, hold } = await held();
    const charged = await w.billing.settle(ctx, delivered(null, 'twelve chars'), hold);
    const [prompt, output] = w.tokenizerCalls;
    expect(output).toEqual(['twelve chars']);
    const promptTokens = ctx.req.prompt.fixedTokens + prompt.join('').length;
    expect(charged).toBe(Math.round((promptTokens + 12 * 4) * 2.5));
  });

  it('a fixed price is charged whatever the usage, without counting tokens', async () => {
    const { w, ctx, hold } = await held('acme-image');
    expect(await w.billing.settle(ctx, delivered({ promptTokens: 5000, completionTokens: 5000 }), hold)).toBe(20_000);
    expect(await w.billing.settle(ctx, delivered(null), hold)).toBe(20_000); // a repeated settle moves nothing more
    expect(w.store.user(USER)!.quota).toBe(80_000);
    expect(w.tokenizerCalls).toEqual([]);
  });

  it('a free request is charged nothing but still counts', async () => {
    const { w, ctx, hold } = await held('acme-free', {}, { user: 0, token: 0 });
    expect(await w.billing.settle(ctx, delivered({ promptTokens: 100, completionTokens: 100 }), hold)).toBe(0);
    expect(w.store.user(USER)).toMatchObject({ quota: 0, request_count: 1 });
  });

  it('with LogConsumeEnabled off the money moves and no log row is written', async () => {
    const { w, ctx, hold } = await held('acme-chat', {}, { settings: { LogConsumeEnabled: 'false' } });
    await w.billing.settle(ctx, delivered({ promptTokens: 100, completionTokens: 0 }), hold);
    expect([w.store.user(USER)!.quota, w.store.state.logs.length]).toEqual([100_000 - 250, 0]);
  });

  it('refund: nothing delivered, the whole reservation comes back and the request does not count', async () => {
    const { w, ctx, hold } = await held();
    await w.billing.refund(ctx.caller, hold);
    expect(w.store.user(USER)).toMatchObject({ quota: 100_000, used_quota: 0, request_count: 0 });
    expect(w.store.token(TOKEN)!.remain_quota).toBe(100_000);
    expect(w.cached).toEqual({ user: 100_000, token: 100_000 });
    expect([w.store.state.reservations.size, w.store.state.logs.length]).toEqual([0, 0]);
  });
});
