/**
 * Replays the calls new-api's web console makes (test/support/newapi-console-calls.ts) against the gateway,
 * seeded with a root, an admin, a user, channels on a stand-in upstream, tokens, redemption codes and usage
 * logs, each call as the role the console would use; checks the envelope and the data's shape, and prints
 * the share of distinct calls answered right (docs/newapi-compat.md).
 */
import { ApiClient } from '../support/api-client';
import { createUser, setOption, setupRoot } from '../support/fixtures';
import { NEWAPI_CONSOLE_CALLS, type ConsoleCall } from '../support/newapi-console-calls';
import { createToken, eventually, fundedUser } from '../support/relay-fixtures';
import { startApp, type TestApp } from '../support/test-app';
import { MockUpstream } from '../mock-upstream/mock-upstream';

function expectKeysWithoutPrefix(items: { key: string }[]) {
  expect(items.length).toBeGreaterThan(0);
  for (const t of items) expect(t.key).not.toMatch(/^sk-/);
}

/** What a call's data must also satisfy, beyond its keys. */
const EXTRA_CHECKS: Record<string, (data: any) => void> = {
  // new-api's console adds `sk-` itself (and its key route answers without it).
  'GET /api/token/?p=1&size=1': (d) => expectKeysWithoutPrefix(d.items),
  'GET /api/token/search?keyword=&token=&p=1&size=1': (d) => expectKeysWithoutPrefix(d.items),
  'GET /api/token/{token}': (d) => expect(d.key).not.toMatch(/^sk-/),
  'POST /api/token/{token}/key': (d) => expect(d.key).toMatch(/^[A-Za-z0-9]{48}$/),
  'GET /api/channel/?p=1&page_size=10&id_sort=false&tag_mode=false': (d) => expect(Object.values(d.type_counts).every(Number.isInteger)).toBe(true),
  'GET /api/user/topup/info': (d) => expect(d.pay_methods.map((m: { type: string }) => m.type)).toEqual(['zfb', 'wx']),
};

const isServed = (c: ConsoleCall) => c.status === 'served' || c.status.startsWith('differs:');
const isLeftOut = (c: ConsoleCall) => c.status.startsWith('left-out:');
const label = (c: ConsoleCall) => `${c.method} ${c.path}`;

describe('new-api console replay', () => {
  let t: TestApp;
  let mock: MockUpstream;
  const clients: Partial<Record<'user' | 'admin' | 'root', ApiClient>> = {};
  const values: Record<string, string | number> = {};
  let counter = 0;

  beforeAll(async () => {
    mock = new MockUpstream();
    await mock.start();
    t = await startApp();
    const root = await setupRoot(t.url);
    clients.root = root;
    clients.admin = (await createUser(root, 'rp_admin', 'user-pass-1', 10)).client;
    const user = await fundedUser(root, 'rp_user', 50_000_000);
    clients.user = user.client;
    const channel = async (name: string, extra: Record<string, unknown> = {}) => {
      const res = await root.post('/api/channel/', { name, type: 1, key: 'up-replay', base_url: mock.url, models: 'gpt-4o', ...extra });
      if (!res.body.success) throw new Error(JSON.stringify(res.body));
      return res.body.data.id as number;
    };
    const token = await createToken(user.client, { name: 'replay-main', remain_quota: 5_000_000 });
    const codes = (await root.post('/api/redemption/', { name: 'replay-codes', quota: 100_000, count: 3 })).body.data as string[];
    const rows = (await root.get('/api/redemption/?p=0&page_size=10')).body.data.items as { id: number; key: string }[];
    const idOf = (code: string) => rows.find((r) => r.key === code)!.id;
    Object.assign(values, {
      channel: await channel('replay-main'),
      channel_del: await channel('replay-doomed'),
      channel_tag: await channel('replay-tagged'),
      tag: 'replay-tag',
      upstream: mock.url,
      token: token.id,
      token_del: (await createToken(user.client, { name: 'replay-doomed' })).id,
      user: user.id,
      username: 'rp_user',
      redemption: codes[0],
      redemption_id: idOf(codes[1]),
      redemption_del: idOf(codes[2]),
      start: Math.floor(Date.now() / 1000) - 86_400,
      end: Math.floor(Date.now() / 1000) + 3_600,
    });
    await setOption(root, 'PayAddress', 'https://pay.example.com');
    await setOption(root, 'EpayId', '1001');
    await setOption(root, 'EpayKey', 'replay-merchant-key');
    // A usage log: one relayed call with the user's token.
    const chat = await fetch(`${t.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(chat.status).toBe(200);
    await eventually(async () => expect((await user.client.get('/api/log/self/?p=0')).body.data.total).toBeGreaterThan(0));
  });
  afterAll(async () => {
    await t.close();
    await mock.close();
  });

  /** Replaces {name} placeholders; a string that is one placeholder of a number becomes that number. */
  const fill = (v: unknown): unknown => {
    if (typeof v === 'string') {
      const whole = /^\{(\w+)\}$/.exec(v);
      if (whole && typeof values[whole[1]] === 'number') return values[whole[1]];
      return v.replace(/\{(\w+)\}/g, (_, k: string) => (k === 'unique' ? String(1000 + ++counter) : String(values[k] ?? `{${k}}`)));
    }
    if (Array.isArray(v)) return v.map(fill);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, fill(x)]));
    return v;
  };

  const callerFor = async (c: ConsoleCall): Promise<ApiClient> => {
    if (c.as === 'public') return new ApiClient(t.url);
    if (c.as === 'fresh') return (await createUser(clients.root!, `fr${1000 + ++counter}`)).client;
    return clients[c.as]!;
  };

  const replay = async (c: ConsoleCall) => {
    const client = await callerFor(c);
    return client.request(c.method, fill(c.path) as string, c.body === undefined ? undefined : fill(c.body));
  };

  const expectShape = (c: ConsoleCall, data: any) => {
    const keysOf = (o: unknown) => expect(Object.keys(o as object)).toEqual(expect.arrayContaining([...(c.keys ?? [])]));
    switch (c.data) {
      case 'paged':
        expect(data).toEqual(expect.objectContaining({ items: expect.any(Array), total: expect.any(Number), page: expect.any(Number), page_size: expect.any(Number) }));
        if (data.items.length > 0) keysOf(data.items[0]);
        break;
      case 'list':
        expect(Array.isArray(data)).toBe(true);
        if (data.length > 0 && c.keys) keysOf(data[0]);
        break;
      case 'object':
        expect(data !== null && typeof data === 'object' && !Array.isArray(data)).toBe(true);
        keysOf(data);
        break;
      case 'string':
        expect(typeof data).toBe('string');
        break;
      case 'number':
        expect(typeof data).toBe('number');
        break;
    }
    EXTRA_CHECKS[label(c)]?.(data);
  };

  const served = NEWAPI_CONSOLE_CALLS.filter(isServed);
  it.each(served.map((c) => [label(c), c] as const))('%s is answered in new-api’s shape', async (_, c) => {
    const res = await replay(c);
    expect(res.body).toEqual(expect.objectContaining({ success: expect.any(Boolean), message: expect.any(String) }));
    expect(res.status).toBeLessThan(500);
    if (c.envelopeOnly) return;
    // The console reads `success`; any 2xx passes its HTTP layer (POST /api/user/ answers 201 here).
    const seen = { ok: res.status >= 200 && res.status < 300, success: res.body.success, message: res.body.message };
    expect(seen).toEqual({ ok: true, success: true, message: expect.any(String) });
    expectShape(c, res.body.data);
    for (const field of c.beside ?? []) expect(res.body[field]).toEqual(expect.any(String));
  });

  const leftOut = NEWAPI_CONSOLE_CALLS.filter(isLeftOut);
  it.each(leftOut.map((c) => [label(c), c] as const))('%s is left out with a clean refusal', async (_, c) => {
    const res = await replay(c);
    expect(res.status).toBeLessThan(500);
    if (c.collides) return;
    expect(res.body).toEqual({ success: false, message: expect.any(String), data: null });
    expect(res.status).toBe(404);
  });

  it('prints the share of distinct calls answered right', () => {
    const n = NEWAPI_CONSOLE_CALLS.length;
    const right = NEWAPI_CONSOLE_CALLS.filter((c) => c.status === 'served').length;
    const differs = served.length - right;
    const pct = (x: number, of = n) => `${((100 * x) / of).toFixed(0)}%`;
    const inScope = n - leftOut.length;
    const lines = [
      `new-api console: ${n} distinct calls`,
      `  answered right: ${right}/${n} (${pct(right)}); in this product's scope: ${right}/${inScope} (${pct(right, inScope)})`,
      `  served in another shape: ${differs}; left out: ${leftOut.length}`,
    ];
    console.log(lines.join('\n'));
    expect(right + differs + leftOut.length).toBe(n);
    // Distinct: method and path as new-api routes them (a trailing slash counts: /api/models is not
    // /api/models/), and a query that selects another behaviour (status_only).
    const key = (c: ConsoleCall) => `${c.method} ${c.path.split('?')[0]}${c.path.includes('status_only') ? '?status_only' : ''}`;
    const distinct = new Set(NEWAPI_CONSOLE_CALLS.map(key));
    expect(distinct.size).toBe(n);
  });
});
