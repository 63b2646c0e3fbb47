/**
 * GET /api/pricing (docs/pricing.md): which models are listed, in which groups, at which ratios, and
 * the prices the console computes from them (libs/shared public-pricing.ts).
 */
import { itemPrices, QuotaType, type PricingAnswer, type PricingItem } from '@gw/shared';
import { ApiClient } from '../support/api-client';
import { createUser, setOption, setupRoot } from '../support/fixtures';
import { createChannel } from '../support/relay-fixtures';
import { startApp, type TestApp } from '../support/test-app';

/** Prices of these models: per token, per call, dated (priced by its undated name), unpriced. */
const PRICES = {
  ModelRatio: { 'pr-token': 1.5, 'gpt-pr-a': 0.5, 'pr-dated': 2 },
  CompletionRatio: { 'pr-token': 3 },
  ModelPrice: { 'pr-call': 0.1 },
  GroupRatio: { default: 1, vip: 2, svip: 0.5, hidden: 3 },
  // ghost is offered but has no GroupRatio: the relay refuses it, so pricing does not offer it.
  UserUsableGroups: { default: 'Default group', vip: 'VIP group', ghost: 'Ghost' },
};

const byName = (items: PricingItem[]) => Object.fromEntries(items.map((i) => [i.model_name, i]));

describe('public pricing API', () => {
  let t: TestApp;
  let root: ApiClient;
  let anonymous: ApiClient;
  let disabledId: number;
  /** A user of group svip: not offered to others, so only they see its ratio and models. */
  let svipUser: ApiClient;

  beforeAll(async () => {
    t = await startApp();
    root = await setupRoot(t.url);
    anonymous = new ApiClient(t.url);
    for (const [key, value] of Object.entries(PRICES)) await setOption(root, key, JSON.stringify(value));
    const channel = (key: string, group: string, models: string) =>
      createChannel(root, { key, group, models, base_url: 'https://api.openai.com' });
    await channel('k-main', 'default,vip', 'pr-token,pr-call,gpt-pr-a,pr-dated-20250101,pr-unpriced');
    await channel('k-svip', 'svip', 'pr-svip-only,pr-token');
    await channel('k-hidden', 'hidden', 'pr-hidden-only');
    disabledId = await channel('k-off', 'default', 'pr-disabled-only,pr-call');
    expect((await root.put('/api/channel/', { id: disabledId, status: 2 })).status).toBe(200);
    const u = await createUser(root, 'pr_svip');
    expect((await root.put('/api/user/', { id: u.id, group: 'svip' })).status).toBe(200);
    svipUser = u.client;
  });
  afterAll(async () => {
    await t.close();
  });

  const pricing = async (client: ApiClient) => {
    const res = await client.get<PricingAnswer>('/api/pricing');
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    return res.body;
  };

  it('answers the new-api shape: items in data, group_ratio and usable_group beside it', async () => {
    const body = await pricing(anonymous);
    expect(Object.keys(body).sort()).toEqual(['data', 'group_ratio', 'message', 'success', 'usable_group']);
    expect(Object.keys(body.data![0]).sort()).toEqual(
      ['completion_ratio', 'enable_groups', 'model_name', 'model_price', 'model_ratio', 'owner_by', 'quota_type', 'unpriced'].sort(),
    );
    expect(body.data![0].owner_by).toBe('openai');
  });

  it('signed out: the default viewer sees usable groups with a ratio, and only models served in them', async () => {
    const body = await pricing(anonymous);
    expect(body.usable_group).toEqual({ default: 'Default group', vip: 'VIP group' });
    expect(body.group_ratio).toEqual({ default: 1, vip: 2 });
    // Order: per token first, then gpt*, then by name; per call last.
    expect(body.data!.map((i) => i.model_name)).toEqual(['gpt-pr-a', 'pr-dated-20250101', 'pr-token', 'pr-unpriced', 'pr-call']);
    const items = byName(body.data!);
    // svip and hidden channels serve groups the viewer cannot use; a disabled channel serves nothing.
    expect(items['pr-token'].enable_groups).toEqual(['default', 'vip']);
    expect(items['pr-call'].enable_groups).toEqual(['default', 'vip']);
  });

  // Rows: viewer group, model, expected fields, expected prices (USD per 1M tokens or per call).
  const cases: Array<[string, string, Partial<PricingItem>, ReturnType<typeof itemPrices>]> = [
    ['default', 'pr-token', { quota_type: QuotaType.PerToken, model_ratio: 1.5, completion_ratio: 3, model_price: 0 }, { kind: 'token', prompt: 3, completion: 9 }],
    ['vip', 'pr-token', { model_ratio: 1.5, completion_ratio: 3 }, { kind: 'token', prompt: 6, completion: 18 }],
    ['svip', 'pr-token', { model_ratio: 1.5 }, { kind: 'token', prompt: 1.5, completion: 4.5 }],
    ['default', 'pr-call', { quota_type: QuotaType.PerCall, model_price: 0.1, model_ratio: 0, completion_ratio: 0 }, { kind: 'call', perCall: 0.1 }],
    ['vip', 'pr-call', { model_price: 0.1 }, { kind: 'call', perCall: 0.2 }],
    ['default', 'gpt-pr-a', { model_ratio: 0.5, completion_ratio: 1 }, { kind: 'token', prompt: 1, completion: 1 }],
    ['vip', 'pr-dated-20250101', { model_ratio: 2, completion_ratio: 1 }, { kind: 'token', prompt: 8, completion: 8 }],
    ['default', 'pr-unpriced', { unpriced: true, model_ratio: 0, model_price: 0 }, { kind: 'unpriced' }],
    ['svip', 'pr-svip-only', { model_ratio: 0, unpriced: true, enable_groups: ['svip'] }, { kind: 'unpriced' }],
  ];
  it.each(cases)('%s group, %s: the ratios and the prices computed from them', async (group, model, fields, prices) => {
    const viewer = group === 'svip' ? svipUser : anonymous;
    const body = await pricing(viewer);
    const item = byName(body.data!)[model];
    expect(item).toMatchObject(fields);
    const close = (n: number) => expect.closeTo(n, 9);
    const expected =
      prices.kind === 'token' ? { kind: 'token', prompt: close(prices.prompt), completion: close(prices.completion) } : prices.kind === 'call' ? { kind: 'call', perCall: close(prices.perCall) } : prices;
    expect(itemPrices(item, body.group_ratio[group])).toEqual(expected);
  });

  it('signed in: the user sees their own group too, with its ratio, and the models served there', async () => {
    const body = await pricing(svipUser);
    expect(body.usable_group).toEqual({ default: 'Default group', vip: 'VIP group', svip: 'svip' });
    expect(body.group_ratio).toEqual({ default: 1, vip: 2, svip: 0.5 });
    const items = byName(body.data!);
    expect(items['pr-token'].enable_groups).toEqual(['default', 'svip', 'vip']);
    expect(items['pr-svip-only']).toBeDefined();
    expect(items['pr-hidden-only']).toBeUndefined();
  });

  it('a stale or forged session is the signed-out viewer, not an error', async () => {
    const forged = new ApiClient(t.url);
    const res = await forged.get('/api/pricing', { cookie: 'session=forged', 'New-Api-User': '1' });
    expect(res.status).toBe(200);
    expect(res.body.group_ratio).toEqual({ default: 1, vip: 2 });
  });

  it('unpriced models: free in self-use mode, at UnsetModelRatio for a user who accepts them', async () => {
    const accepting = await createUser(root, 'pr_accept');
    expect((await accepting.client.put('/api/user/setting', { notify_type: 'email', accept_unset_model_ratio_model: true })).status).toBe(200);
    await setOption(root, 'UnsetModelRatio', '7');
    const forAccepting = byName((await pricing(accepting.client)).data!)['pr-unpriced'];
    expect(forAccepting).toMatchObject({ unpriced: false, quota_type: QuotaType.PerToken, model_ratio: 7 });
    expect(byName((await pricing(anonymous)).data!)['pr-unpriced']).toMatchObject({ unpriced: true });

    await setOption(root, 'SelfUseModeEnabled', 'true');
    try {
      const free = byName((await pricing(anonymous)).data!)['pr-unpriced'];
      expect(free).toMatchObject({ unpriced: false, model_ratio: 0 });
      expect(itemPrices(free, 1)).toEqual({ kind: 'token', prompt: 0, completion: 0 });
    } finally {
      await setOption(root, 'SelfUseModeEnabled', 'false');
    }
  });

  it('lists a model only while an enabled channel serves it, and follows price changes at once', async () => {
    const before = byName((await pricing(anonymous)).data!);
    expect(before['pr-disabled-only']).toBeUndefined();
    expect((await root.put('/api/channel/', { id: disabledId, status: 1 })).status).toBe(200);
    expect(byName((await pricing(anonymous)).data!)['pr-disabled-only']).toMatchObject({ enable_groups: ['default'], unpriced: true });
    expect((await root.put('/api/channel/', { id: disabledId, status: 2 })).status).toBe(200);
    expect(byName((await pricing(anonymous)).data!)['pr-disabled-only']).toBeUndefined();

    await setOption(root, 'ModelRatio', JSON.stringify({ ...PRICES.ModelRatio, 'pr-token': 4 }));
    expect(byName((await pricing(anonymous)).data!)['pr-token'].model_ratio).toBe(4);
    await setOption(root, 'ModelRatio', JSON.stringify(PRICES.ModelRatio));
  });
});
