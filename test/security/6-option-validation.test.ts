import { createServer, type Server } from 'node:http';
import type { AddressInfo, LookupFunction } from 'node:net';
import { ApiClient } from '../support/api-client';
import { createUser, setupRoot } from '../support/fixtures';
import { Db } from '../support/relay-fixtures';
import { startApp, TEST_DB, type TestApp } from '../support/test-app';

/**
 * Issue #11, item 6 (docs/security/options-and-outbound.md): prices and ratios are finite and ≥ 0
 * (a negative ratio turned charges into credits); URLs the server calls for users refuse loopback,
 * private, link-local and metadata addresses in every spelling, and the outbound client checks every
 * address again when it connects, redirects included.
 */
const PRICE_MAPS = [
  'ModelRatio',
  'GroupRatio',
  'CompletionRatio',
  'ModelPrice',
  'CacheRatio',
  'CreateCacheRatio',
  'AudioRatio',
  'AudioCompletionRatio',
  'TopupGroupRatio',
];
/** Map values the formula cannot take: raw JSON text for the value of one entry. */
const BAD_VALUES = ['-1', '-0.0001', '1e309', '-1e309', '"abc"', '"NaN"', '"Infinity"', 'null', 'NaN', 'Infinity'];

/** Every spelling of an inside address that the URL parser accepts. */
const INSIDE_HOSTS = [
  '127.1',
  '0.0.0.0',
  '[::1]',
  '[::ffff:127.0.0.1]',
  '2130706433',
  '0177.0.0.1',
  '0x7f.1',
  '169.254.169.254',
  'metadata.google.internal',
  '10.0.0.1',
  '192.168.1.1',
  '[fd00::1]',
  '100.100.100.200',
  // Names that resolve to 127.0.0.1 through /etc/hosts (refused by their spelling, before DNS).
  'localhost',
  'localhost.',
];

describe(`6. option validation and outbound URLs (${TEST_DB})`, () => {
  let t: TestApp;
  let db: Db;
  let root: ApiClient;

  beforeAll(async () => {
    t = await startApp();
    db = Db.open(t);
    root = await setupRoot(t.url);
  });
  afterAll(async () => {
    db?.close();
    await t?.close();
  });

  const listed = async (key: string) =>
    ((await root.get('/api/option/')).body.data as { key: string; value: string }[]).find((o) => o.key === key)?.value;
  const stored = async (key: string) =>
    (await db.one<{ value: string }>('SELECT value FROM options WHERE "key" = ?', [key]))?.value;

  /** The message names the option (TopupGroupRatio's JSON error keeps the console's wording, 充值分组倍率). */
  const names = (key: string, message: unknown) =>
    String(message).includes(key) || (key === 'TopupGroupRatio' && String(message).includes('充值分组倍率'));

  it.each(PRICE_MAPS)(
    'a negative, non-finite or non-numeric %s is refused with a message naming it, and not stored',
    async (key) => {
      const before = { listed: await listed(key), stored: await stored(key) };
      const accepted: string[] = [];
      for (const bad of BAD_VALUES) {
        const value = `{"default": 1, "bad-entry": ${bad}}`;
        const res = await root.put('/api/option/', { key, value });
        if (res.status !== 400 || res.body.success !== false || !names(key, res.body.message))
          accepted.push(`${bad} → ${res.status} ${JSON.stringify(res.body)}`);
      }
      expect(accepted).toEqual([]);
      expect(await listed(key)).toBe(before.listed);
      expect(await stored(key)).toBe(before.stored);
    },
  );

  it('the message names the option and the entry', async () => {
    const res = await root.put('/api/option/', { key: 'ModelRatio', value: '{"gpt-4o": -1}' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('ModelRatio 中 gpt-4o 的值必须是不小于 0 的数字');
    const padded = await root.put('/api/option/', { key: 'GroupRatio', value: '{" vip ": 1}' });
    expect(padded.status).toBe(400);
    expect(padded.body.message).toContain('GroupRatio');
  });

  it('non-negative prices and ratios are stored', async () => {
    const value = JSON.stringify({ 'gpt-4o': 1.25, 'free-model': 0 });
    expect((await root.put('/api/option/', { key: 'ModelRatio', value })).status).toBe(200);
    expect(await listed('ModelRatio')).toBe(value);
  });

  it.each([
    ['QuotaPerUnit', ['-1', '0', 'NaN', 'Infinity', '1e309', 'abc']],
    ['QuotaForNewUser', ['-1', '1e20', '1.5', 'Infinity']],
    ['QuotaForInviter', ['-100', '9007199254740993']],
    ['QuotaForInvitee', ['-1']],
    ['PreConsumedQuota', ['-500', '1e300']],
    ['Price', ['-7.3', 'NaN']],
    ['UnsetModelRatio', ['-1', '0']],
  ])('numeric option %s refuses %j and keeps its value', async (key, values) => {
    const before = await listed(key);
    for (const value of values) {
      const res = await root.put('/api/option/', { key, value });
      expect({ value, status: res.status }).toEqual({ value, status: 400 });
      expect(res.body.message).toContain(key);
    }
    expect(await listed(key)).toBe(before);
  });

  it('a value longer than the column holds is refused with 400, not stored (MariaDB answered 500)', async () => {
    const before = await listed('Notice');
    const res = await root.put('/api/option/', { key: 'Notice', value: '公告'.repeat(11_000) });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('Notice');
    expect(await listed('Notice')).toBe(before);
    expect((await root.put('/api/option/', { key: 'Notice', value: 'x'.repeat(65_535) })).status).toBe(200);
  });

  it.each(INSIDE_HOSTS)('a webhook URL to %s is refused and not stored', async (host) => {
    const u = await createUser(root, `wh${INSIDE_HOSTS.indexOf(host)}`);
    const res = await u.client.put('/api/user/setting', {
      notify_type: 'webhook',
      webhook_url: `https://${host}/hook`,
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      success: false,
      message: 'Webhook 地址不能指向本机、内网、链路本地或云元数据地址',
    });
    expect((await u.client.get('/api/user/self')).body.data.setting ?? '').not.toContain('hook');
  });

  it('a webhook URL carrying credentials is refused', async () => {
    const u = await createUser(root, 'whcred');
    const res = await u.client.put('/api/user/setting', {
      notify_type: 'webhook',
      webhook_url: 'https://user:pw@hooks.example.com/x',
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Webhook 地址不能包含用户名或密码');
  });

  it('a public webhook URL is accepted', async () => {
    const u = await createUser(root, 'whok');
    const url = 'https://hooks.example.com/services/T000/B000';
    const res = await u.client.put('/api/user/setting', { notify_type: 'webhook', webhook_url: url });
    expect(res.status).toBe(200);
    expect(JSON.parse((await u.client.get('/api/user/self')).body.data.setting).webhook_url).toBe(url);
  });

  it.each(['WorkerUrl', 'oidc.well_known', 'oidc.token_endpoint', 'oidc.user_info_endpoint'])(
    'option %s (called by the server for users) refuses inside addresses in every spelling',
    async (key) => {
      const accepted: string[] = [];
      for (const host of INSIDE_HOSTS) {
        const res = await root.put('/api/option/', { key, value: `http://${host}/x` });
        if (res.status !== 400 || !String(res.body.message).includes(key)) accepted.push(`${host} → ${res.status}`);
      }
      const creds = await root.put('/api/option/', { key, value: 'https://u:p@worker.example.com' });
      if (creds.status !== 400) accepted.push('credentials');
      expect(accepted).toEqual([]);
      expect(await listed(key)).toBe('');
      const ok = await root.put('/api/option/', { key, value: 'https://worker.example.com/path' });
      expect(ok.status).toBe(200);
    },
  );

  it('channel base URLs and the server address may still be local (set by root, not called for users)', async () => {
    expect((await root.put('/api/option/', { key: 'ServerAddress', value: 'http://localhost:3000' })).status).toBe(200);
    const ch = await root.post('/api/channel/', {
      name: 'ollama',
      type: 1,
      key: 'k',
      base_url: 'http://127.0.0.1:11434',
      models: 'llama3',
    });
    expect(ch.status).toBe(200);
  });

  describe('the outbound client checks again at connect time', () => {
    let server: Server;
    let port: number;
    const hits: string[] = [];
    /** The test server is on 127.0.0.1: the cases that reach it allow exactly that address. */
    const loopbackOnly = (ip: string) => ip === '127.0.0.1';
    const dns = ((host: string, _o: unknown, cb: (e: Error | null, a: unknown) => void) => {
      const table: Record<string, string> = {
        'hooks.test': '127.0.0.1',
        'inside.test': '10.0.0.7',
        'rebind.test': '127.0.0.1',
      };
      if (!table[host]) return cb(Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' }), []);
      cb(null, [{ address: table[host], family: 4 }]);
    }) as unknown as LookupFunction;
    const outcome = (p: Promise<{ status: number }>) =>
      p.then(
        (r) => `answered ${r.status}`,
        (e: { reason?: string; name?: string }) => e.reason ?? e.name,
      );
    const client = async (o: Record<string, unknown>) => {
      const { OutboundClient } = await import('../../backend/src/common/net/outbound-client');
      return new OutboundClient(o);
    };

    beforeAll(async () => {
      server = createServer((req, res) => {
        hits.push(req.url ?? '');
        if (req.url === '/to-metadata')
          return void res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
        if (req.url === '/to-inside')
          return void res.writeHead(302, { location: `http://inside.test:${port}/ok` }).end();
        if (req.url === '/to-hooks') return void res.writeHead(302, { location: `http://hooks.test:${port}/ok` }).end();
        res.end('ok');
      });
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      port = (server.address() as AddressInfo).port;
    });
    afterAll(() => new Promise((r) => server.close(r)));
    beforeEach(() => (hits.length = 0));

    it('refuses a redirect into a private address', async () => {
      const c = await client({ allow: loopbackOnly, lookup: dns });
      expect(await outcome(c.fetch(`http://127.0.0.1:${port}/to-metadata`))).toBe('refused');
      expect(await outcome(c.fetch(`http://127.0.0.1:${port}/to-inside`))).toBe('refused');
      expect(hits).toEqual(['/to-metadata', '/to-inside']);
      // The same redirect to an allowed host is followed.
      expect(await outcome(c.fetch(`http://127.0.0.1:${port}/to-hooks`))).toBe('answered 200');
      await c.close();
    });

    it('refuses a hostname that resolves to a private address', async () => {
      const c = await client({ lookup: dns });
      expect(await outcome(c.fetch(`http://rebind.test:${port}/ok`))).toBe('refused');
      expect(await outcome(c.fetch(`http://127.0.0.1:${port}/ok`))).toBe('refused');
      expect(hits).toEqual([]);
      await c.close();
    });
  });
});
