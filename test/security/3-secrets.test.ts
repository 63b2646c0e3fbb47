/**
 * Issue #11, item 3: secrets stay secret (docs/security/secrets.md). Webhook secrets never reach
 * another user; secret options are encrypted at rest; and after a broad workload no response, printed
 * line or stored row carries any planted secret.
 */
import { generateKeyPairSync } from 'node:crypto';
import { LogType, SECRET_OPTION_KEYS } from '@gw/shared';
import { decryptSecret } from '../../backend/src/modules/auth/secret-box';
import { LeakyMock } from '../mock-upstream/leaky-mock';
import { ApiClient, type ApiResponse } from '../support/api-client';
import { createUser, login, ROOT, setOption, setupRoot } from '../support/fixtures';
import { dumpTables, Markers, ResponseLog } from '../support/leak-check';
import { createChannel, createToken, Db, eventually } from '../support/relay-fixtures';
import { registeredRoutes } from '../support/routes';
import { startApp, type TestApp } from '../support/test-app';

const CRYPTO_SECRET = 'test-crypto-secret-item-3';
const HOOK = 'https://hooks.example.com/notify';

/** The setting JSON of a user as a response shows it (a UserView's `setting` string). */
const settingOf = (view: { setting: string }) => JSON.parse(view.setting || '{}') as Record<string, unknown>;

describe('3. Secrets stay secret', () => {
  describe('webhook secrets and secret options', () => {
    let t: TestApp;
    let db: Db;
    let root: ApiClient;

    beforeAll(async () => {
      t = await startApp({ CRYPTO_SECRET });
      db = Db.open(t);
      root = await setupRoot(t.url);
    });
    afterAll(async () => {
      db.close();
      await t.close();
    });

    it("an admin never sees another user's webhook_secret in list, search and detail", async () => {
      const markers = new Markers();
      const secret = markers.make('webhook');
      const owner = await createUser(root, 'hookowner');
      const admin = await createUser(root, 'hookadmin', 'admin-pass-1', 10);
      const saved = await owner.client.put('/api/user/setting', {
        notify_type: 'webhook',
        webhook_url: HOOK,
        webhook_secret: secret,
      });
      expect(saved.status).toBe(200);

      for (const caller of [admin.client, root]) {
        const views: [string, ApiResponse][] = [
          ['list', await caller.get('/api/user/?p=0&page_size=100')],
          ['search', await caller.get('/api/user/search?keyword=hookowner')],
          ['detail', await caller.get(`/api/user/${owner.id}`)],
          ['edit', await caller.put('/api/user/', { id: owner.id, remark: 'seen by an admin' })],
        ];
        for (const [what, res] of views) {
          expect([what, res.status]).toEqual([what, 200]);
          expect([what, markers.foundIn(JSON.stringify(res.body))]).toEqual([what, []]);
        }
        const detail = views[2][1].body.data;
        // The rest of the setting is still there: only the secret is withheld.
        expect(settingOf(detail)).toMatchObject({ notify_type: 'webhook', webhook_url: HOOK });
        expect(settingOf(detail)).not.toHaveProperty('webhook_secret');
      }
    });

    it('the owner sees only whether a webhook secret is set; leaving it out keeps it, an empty one clears it', async () => {
      const owner = await createUser(root, 'hookself');
      const secret = new Markers().make('ownwebhook');
      await owner.client.put('/api/user/setting', {
        notify_type: 'webhook',
        webhook_url: HOOK,
        webhook_secret: secret,
      });
      const self = (await owner.client.get('/api/user/self')).body.data;
      expect(JSON.stringify(self)).not.toContain(secret);
      expect(settingOf(self)).toMatchObject({ webhook_url: HOOK, webhook_secret_set: true });

      // The console sends the field only when typed: the stored secret stays.
      await owner.client.put('/api/user/setting', { notify_type: 'webhook', webhook_url: `${HOOK}/v2` });
      const stored = await storedWebhookSecret(db, owner.id);
      expect(stored).toMatch(/^v1:/);
      expect(decryptSecret(CRYPTO_SECRET, stored)).toBe(secret);
      expect(settingOf((await owner.client.get('/api/user/self')).body.data)).toMatchObject({
        webhook_url: `${HOOK}/v2`,
        webhook_secret_set: true,
      });

      await owner.client.put('/api/user/setting', { notify_type: 'webhook', webhook_url: HOOK, webhook_secret: '' });
      expect(settingOf((await owner.client.get('/api/user/self')).body.data)).toMatchObject({
        webhook_secret_set: false,
      });
      expect(await storedWebhookSecret(db, owner.id)).toBe('');
    });

    it('secret options are stored encrypted', async () => {
      const markers = new Markers();
      const planted = new Map(SECRET_OPTION_KEYS.map((key) => [key, markers.make(key)]));
      for (const [key, value] of planted) await setOption(root, key, value);

      const rows = await db.all<{ key: string; value: string }>(`SELECT "key", "value" FROM options`);
      for (const [key, value] of planted) {
        const row = rows.find((r) => r.key === key);
        expect([key, row?.value.startsWith('v1:')]).toEqual([key, true]);
        expect([key, markers.foundIn(row!.value)]).toEqual([key, []]);
        expect([key, decryptSecret(CRYPTO_SECRET, row!.value)]).toEqual([key, value]);
      }
      const listed = (await root.get('/api/option/')).body;
      expect(markers.foundIn(JSON.stringify(listed))).toEqual([]);
      expect(listed.data.map((o: { key: string }) => o.key)).not.toContain('SMTPToken');
    });

    it('secret options stored as plain text by an older version keep working and are encrypted at boot', async () => {
      const legacy = new Markers().make('legacy');
      await db.exec(`UPDATE options SET "value" = ? WHERE "key" = 'EpayKey'`, [legacy]);
      t = await t.restart('SIGTERM');
      db.close();
      db = Db.open(t);
      root = await signIn(t.url);
      const row = await db.one<{ value: string }>(`SELECT "value" FROM options WHERE "key" = 'EpayKey'`);
      expect(row.value).toMatch(/^v1:/);
      expect(decryptSecret(CRYPTO_SECRET, row.value)).toBe(legacy);
      expect(JSON.stringify((await root.get('/api/option/')).body)).not.toContain(legacy);
    }, 120_000);
  });

  describe('the marker sweep', () => {
    let t: TestApp;
    let db: Db;
    let upstream: LeakyMock;
    const markers = new Markers();

    beforeAll(async () => {
      upstream = new LeakyMock(markers.make('vertexAccessToken'));
      await upstream.start();
      // Every printed line counts, SQL statements with their parameters included.
      t = await startApp({ CRYPTO_SECRET, LOG_LEVEL: 'log', DB_LOGGING: 'true' });
      db = Db.open(t);
    });
    afterAll(async () => {
      db.close();
      await t.close();
      await upstream.close();
    });

    it('no response, printed line or stored row carries a planted secret after a broad workload', async () => {
      const responses = new ResponseLog();
      const w = await plantSecrets(t.url, upstream, markers);
      await relayWorkload(t.url, w, responses);
      await channelOperations(w, responses, markers, upstream.url);
      await getEveryRoute(t.url, w, responses);
      await signIns(t.url, w, responses, markers);

      // The signed grants the refusing token endpoint echoed are credentials too.
      expect(upstream.refusedAssertions.length).toBeGreaterThan(0);
      for (const assertion of upstream.refusedAssertions)
        markers.add('vertexAssertion', assertion.split('.')[2].slice(0, 20));
      // The workload really carried the markers upstream (so their echoes had to be scrubbed).
      for (const label of [
        'openaiKey1',
        'anthropicKey',
        'geminiKey',
        'azureKey',
        'bedrockAccessKey',
        'vertexAccessToken',
      ])
        expect([label, markers.foundIn(upstream.echoed).includes(label)]).toEqual([label, true]);
      // Every failed relay call has written its error row before the rows are read.
      const errorRows = async () =>
        (
          await db.one<{ n: number }>(`SELECT COUNT(*) AS n FROM logs WHERE user_id = ? AND type = ?`, [
            w.user.id,
            LogType.Error,
          ])
        ).n;
      expect(
        await eventually(async () => (Number(await errorRows()) >= w.failedRelayCalls ? true : null), 15_000),
      ).toBe(true);

      expect(responses.entries.length).toBeGreaterThan(200);
      const tables = await dumpTables(db, t.db.type === 'sqlite');
      expect(Object.keys(tables)).toEqual(
        expect.arrayContaining(['logs', 'log_dead_letters', 'channels', 'options', 'users']),
      );
      const leaks = {
        responses: responses.leaks(markers),
        printed: markers.foundIn(t.output()),
        stored: Object.entries(tables).flatMap(([table, text]) => markers.foundIn(text).map((l) => `${table}: ${l}`)),
        passwordHashes: responses.entries.filter((e) => e.text.includes('$argon2')).map((e) => e.what),
      };
      expect(leaks).toEqual({ responses: [], printed: [], stored: [], passwordHashes: [] });
    }, 300_000);
  });
});

async function storedWebhookSecret(db: Db, userId: number): Promise<string> {
  const row = await db.one<{ setting: string }>(`SELECT setting FROM users WHERE id = ?`, [userId]);
  return String(JSON.parse(row.setting).webhook_secret ?? '');
}

async function signIn(url: string): Promise<ApiClient> {
  const c = new ApiClient(url);
  await login(c, ROOT.username, ROOT.password);
  return c;
}

interface Caller {
  name: string;
  client: ApiClient;
  /** Marker labels this caller may see (its own API keys in its own token list). */
  own: string[];
}

/** The world of the sweep: callers, channels on the leaky upstream, and the relay key of the user. */
interface Workload {
  root: ApiClient;
  admin: ApiClient;
  user: { id: number; client: ApiClient; password: string };
  callers: Caller[];
  relayKey: string;
  channels: { id: number; type: number; model: string }[];
  tokenIds: number[];
  userIds: number[];
  failedRelayCalls: number;
}

/**
 * Markers as every secret option, as channel keys (a multi-key OpenAI channel, Anthropic, Gemini,
 * Azure, Bedrock with a session token, Vertex, balance-reporting types), as a webhook secret, as
 * passwords; the access tokens and API keys the server generates join them.
 */
async function plantSecrets(url: string, upstream: LeakyMock, markers: Markers): Promise<Workload> {
  const root = await setupRoot(url);
  for (const key of SECRET_OPTION_KEYS) await setOption(root, key, markers.make(key));
  for (const [key, value] of [
    ['LogErrorEnabled', 'true'],
    ['LogChatContentEnabled', 'true'],
    ['RetryTimes', '0'],
  ])
    await setOption(root, key, value);

  const userPassword = markers.make('userPassword', 20);
  const adminPassword = markers.make('adminPassword', 20);
  const user = await createUser(root, 'leakuser', userPassword);
  const admin = await createUser(root, 'leakadmin', adminPassword, 10);
  await root.put('/api/user/', { id: user.id, quota: 100_000_000 });
  for (const [client, label] of [
    [user.client, 'userWebhook'],
    [admin.client, 'adminWebhook'],
  ] as const) {
    await client.put('/api/user/setting', {
      notify_type: 'webhook',
      webhook_url: HOOK,
      webhook_secret: markers.make(label),
      accept_unset_model_ratio_model: true,
    });
  }

  const access = async (client: ApiClient, label: string) => {
    const token = (await client.get('/api/user/token')).body.data as string;
    markers.add(label, token.slice(0, 16));
    return token;
  };
  const userAccess = await access(user.client, 'userAccessToken');
  const adminAccess = await access(admin.client, 'adminAccessToken');
  await access(root, 'rootAccessToken');
  const viaToken = (token: string, id: number) => {
    const c = new ApiClient(url);
    Object.assign(c.headers, { authorization: `Bearer ${token}`, 'new-api-user': String(id) });
    return c;
  };

  const keys: { label: string; key: string }[] = [];
  const relay = await createToken(user.client, { name: 'leak-relay' });
  const spare = await createToken(user.client, { name: 'leak-spare' });
  const adminKey = await createToken(admin.client, { name: 'leak-admin' });
  keys.push(
    { label: 'userApiKey', key: relay.key },
    { label: 'userSpareKey', key: spare.key },
    { label: 'adminApiKey', key: adminKey.key },
  );
  for (const k of keys) markers.add(k.label, k.key.slice(0, 16));

  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  markers.add('vertexPrivateKey', pem.split('\n')[5]);
  const vertexKey = (tokenPath: string) =>
    JSON.stringify({
      type: 'service_account',
      project_id: 'leak-project',
      private_key_id: markers.make('vertexKeyId'),
      private_key: pem,
      client_email: 'leak@leak-project.iam.gserviceaccount.com',
      token_uri: `${upstream.url}${tokenPath}`,
    });
  const specs = [
    {
      type: 1,
      model: 'gpt-leak',
      key: ['openaiKey1', 'openaiKey2', 'openaiKey3'].map((l) => markers.make(l)).join('\n'),
      extraModels: ['text-embedding-leak', 'gpt-bad-answer', 'gpt-cut-answer'],
    },
    { type: 14, model: 'claude-leak', key: markers.make('anthropicKey') },
    { type: 24, model: 'gemini-leak', key: markers.make('geminiKey') },
    { type: 3, model: 'azure-leak', key: markers.make('azureKey'), other: '2025-01-01-preview' },
    {
      type: 33,
      model: 'claude-bedrock-leak',
      key: `${markers.make('bedrockAccessKey')}|${markers.make('bedrockSecretKey')}|us-east-1|${markers.make('bedrockSessionToken')}`,
    },
    { type: 41, model: 'gemini-vertex-leak', key: vertexKey('/token'), other: 'us-central1' },
    { type: 41, model: 'gemini-vertex-refused', key: vertexKey('/token-refused'), other: 'us-central1' },
    { type: 25, model: 'moonshot-leak', key: markers.make('moonshotKey') },
    { type: 20, model: 'openrouter-leak', key: markers.make('openrouterKey') },
  ];
  const channels: Workload['channels'] = [];
  for (const s of specs) {
    const id = await createChannel(root, {
      name: `leak-${s.type}`,
      type: s.type,
      key: s.key,
      base_url: upstream.url,
      models: [s.model, ...(s.extraModels ?? [])].join(','),
      other: s.other,
    });
    channels.push({ id, type: s.type, model: s.model });
  }

  const anonymous = new ApiClient(url);
  return {
    root,
    admin: admin.client,
    user,
    relayKey: relay.key,
    channels,
    tokenIds: [relay.id, spare.id, adminKey.id],
    userIds: [1, user.id, admin.id],
    failedRelayCalls: 0,
    callers: [
      { name: 'anonymous', client: anonymous, own: [] },
      { name: 'user', client: user.client, own: ['userApiKey', 'userSpareKey'] },
      { name: 'user via access token', client: viaToken(userAccess, user.id), own: ['userApiKey', 'userSpareKey'] },
      { name: 'admin', client: admin.client, own: ['adminApiKey'] },
      { name: 'admin via access token', client: viaToken(adminAccess, admin.id), own: ['adminApiKey'] },
      { name: 'root', client: root, own: [] },
    ],
  };
}

/** Relay calls in every client format onto channels whose upstream echoes the key in a 401. */
async function relayWorkload(url: string, w: Workload, responses: ResponseLog): Promise<void> {
  const relay = async (what: string, path: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await new ApiClient(url).request('POST', path, body, {
      authorization: `Bearer ${w.relayKey}`,
      ...headers,
    });
    responses.record(`relay ${what}`, res);
    if (res.status !== 200) w.failedRelayCalls++;
    return res;
  };
  const chat = (model: string, stream: boolean) => ({ model, stream, messages: [{ role: 'user', content: 'hello' }] });
  for (const { model } of w.channels) {
    for (let i = 0; i < 3; i++) await relay(`chat ${model}`, '/v1/chat/completions', chat(model, false));
    await relay(`chat stream ${model}`, '/v1/chat/completions', chat(model, true));
  }
  await relay('bad answer', '/v1/chat/completions', chat('gpt-bad-answer', false));
  await relay('key across the message cut', '/v1/chat/completions', chat('gpt-cut-answer', false));
  await relay('embeddings', '/v1/embeddings', { model: 'text-embedding-leak', input: 'hello' });
  await relay('anthropic messages', '/v1/messages', {
    model: 'claude-leak',
    max_tokens: 16,
    messages: [{ role: 'user', content: 'hi' }],
  });
  await relay('anthropic on bedrock', '/v1/messages', {
    model: 'claude-bedrock-leak',
    max_tokens: 16,
    messages: [{ role: 'user', content: 'hi' }],
  });
  const gemini = { contents: [{ role: 'user', parts: [{ text: 'hi' }] }] };
  await relay('gemini', '/v1beta/models/gemini-leak:generateContent', gemini, { 'x-goog-api-key': w.relayKey });
  await relay('gemini stream', '/v1beta/models/gemini-leak:streamGenerateContent?alt=sse', gemini, {
    'x-goog-api-key': w.relayKey,
  });
  // The caller's key in the query: it must not come back in a response or a log's request path.
  const byQuery = await new ApiClient(url).request(
    'POST',
    `/v1beta/models/gemini-vertex-leak:generateContent?key=${w.relayKey}`,
    gemini,
  );
  responses.record('gemini key in query', byQuery);
  if (byQuery.status !== 200) w.failedRelayCalls++;
}

/** Channel test, balance and model listing on every channel, as root and as an admin. */
async function channelOperations(
  w: Workload,
  responses: ResponseLog,
  markers: Markers,
  upstreamUrl: string,
): Promise<void> {
  const run = async (caller: string, client: ApiClient) => {
    for (const c of w.channels) {
      for (const path of [
        `/api/channel/test/${c.id}`,
        `/api/channel/update_balance/${c.id}`,
        `/api/channel/fetch_models/${c.id}`,
      ])
        responses.record(`${caller} GET ${path}`, await client.get(path));
    }
    responses.record(`${caller} test all`, await client.get('/api/channel/test'));
    responses.record(`${caller} balance all`, await client.get('/api/channel/update_balance'));
  };
  await run('root', w.root);
  await run('admin', w.admin);
  // Model lists of channels not saved yet, with keys typed into the form.
  for (const type of [1, 14, 24, 3]) {
    const key = markers.make(`typedKey${type}`);
    const body = { type, base_url: upstreamUrl, key, other: type === 3 ? '2025-01-01-preview' : '' };
    responses.record(`admin fetch_models new type ${type}`, await w.admin.post('/api/channel/fetch_models', body));
  }
  // A failing test disables the channel, and the reason is shown to admins in the channel list.
  await setOption(w.root, 'AutomaticDisableChannelEnabled', 'true');
  for (const c of w.channels)
    responses.record(`root test ${c.id} with auto-disable`, await w.root.get(`/api/channel/test/${c.id}`));
}

/** Every GET route the gateway registers, as every kind of caller, with every id the sweep created. */
async function getEveryRoute(url: string, w: Workload, responses: ResponseLog): Promise<void> {
  const skip = new Set(['/api/user/token', '/api/user/logout']); // reset the access token / end the session
  const routes = registeredRoutes().filter((r) => (r.method === 'GET' || r.method === 'ALL') && !skip.has(r.path));
  const concrete = (path: string): string[] => {
    const ids = path.startsWith('/api/channel')
      ? w.channels.map((c) => c.id)
      : path.startsWith('/api/token')
        ? w.tokenIds
        : w.userIds;
    const withIds = path.includes(':id') ? ids.map((id) => path.replace(':id', String(id))) : [path];
    return withIds.map((p) => p.replace(':model', 'gpt-leak').replace('*', 'gemini-leak'));
  };
  const relayCaller = new ApiClient(url);
  relayCaller.headers.authorization = `Bearer ${w.relayKey}`;
  for (const route of routes) {
    for (const path of concrete(route.path)) {
      if (route.access === 'relay') {
        responses.record(`relay GET ${path}`, await relayCaller.get(path));
        continue;
      }
      for (const caller of w.callers) {
        const res = await caller.client.get(path);
        responses.record(`${caller.name} GET ${path}`, res, path.startsWith('/api/token') ? caller.own : []);
      }
    }
  }
  for (const caller of w.callers) {
    for (const path of [
      '/api/user/search?keyword=leak',
      '/api/token/search?keyword=leak',
      '/api/log/?p=0&page_size=100',
      '/api/log/self?p=0&page_size=100',
    ])
      responses.record(
        `${caller.name} GET ${path}`,
        await caller.client.get(path),
        path.startsWith('/api/token') ? caller.own : [],
      );
  }
}

/**
 * A password change, then wrong passwords, a foreign access token and unknown API keys: answered
 * without echoing any of them.
 */
async function signIns(url: string, w: Workload, responses: ResponseLog, markers: Markers): Promise<void> {
  const changed = markers.make('newPassword', 20);
  responses.record(
    'password change',
    await w.user.client.put('/api/user/self', { password: changed, original_password: w.user.password }),
  );
  responses.record(
    'login with the new password',
    await new ApiClient(url).post('/api/user/login', { username: 'leakuser', password: changed }),
  );
  const anon = new ApiClient(url);
  const password = markers.make('wrongPassword', 20);
  responses.record('login wrong password', await anon.post('/api/user/login', { username: 'leakuser', password }));
  responses.record('login unknown user', await anon.post('/api/user/login', { username: 'nobody-here', password }));
  const stolen = w.callers.find((c) => c.name === 'user via access token')!.client.headers.authorization;
  responses.record(
    'access token with another user id',
    await anon.get('/api/user/self', { authorization: stolen, 'new-api-user': '1' }),
  );
  responses.record(
    'api key of another caller on the console',
    await anon.get('/api/user/self', { authorization: `Bearer ${w.relayKey}`, 'new-api-user': String(w.user.id) }),
  );
  const unknownKey = markers.make('unknownApiKey');
  responses.record(
    'unknown api key on the relay',
    await anon.post(
      '/v1/chat/completions',
      { model: 'gpt-leak', messages: [] },
      { authorization: `Bearer ${unknownKey}` },
    ),
  );
}
