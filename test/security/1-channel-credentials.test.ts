/**
 * Issue #11 item 1 (and the channel-key part of item 3): only root decides where a channel's credential
 * goes. Written against the attack that worked: an admin set a Vertex channel's region to
 * "127.0.0.1:<port>/steal#", the region went into the upstream host name unchecked, and root's
 * service-account access token was sent there. Behaviour: docs/security/channel-credentials.md.
 */
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { CloudMock } from '../mock-upstream/cloud-mock';
import type { ApiClient } from '../support/api-client';
import { startCloud } from '../support/cloud-fixtures';
import { createUser, setupRoot } from '../support/fixtures';
import { createChannel, createToken, Db, fundedUser } from '../support/relay-fixtures';
import { startApp, type TestApp } from '../support/test-app';

const EN = { 'accept-language': 'en' };
const KEY_MARKER = 'sk-CHANNEL-CREDENTIALS-MARKER-5c1e7a';
const REGION_MESSAGE = 'A region may contain only lowercase letters, digits and dashes (e.g. us-central1)';

/** A TCP listener that counts every connection (TLS or not) and drops it at once. */
async function stealServer(): Promise<{ server: Server; port: number; connections: () => number }> {
  let count = 0;
  const server = createServer((socket: Socket) => {
    count++;
    socket.destroy();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, port: (server.address() as AddressInfo).port, connections: () => count };
}

/** The columns that decide where a channel's credential goes, and the (encrypted) key itself. */
const CREDENTIAL_COLUMNS = 'type, "key", base_url, other, openai_organization, setting, param_override';

describe('1. only root decides where a channel credential goes', () => {
  let t: TestApp;
  let db: Db;
  let cloud: CloudMock;
  let vertexKey: string;
  let steal: Awaited<ReturnType<typeof stealServer>>;
  let root: ApiClient;
  let admin: ApiClient;

  const credentials = (id: number) => db.one(`SELECT ${CREDENTIAL_COLUMNS} FROM channels WHERE id = ?`, [id]);
  const stealRegion = () => `127.0.0.1:${steal.port}/steal#`;
  /** A Vertex channel as root configures it: a region, a channel setting and a header in param_override. */
  const vertexChannel = (name: string, models: string) =>
    root
      .post('/api/channel/', {
        name,
        type: 41,
        key: vertexKey,
        base_url: '',
        models,
        other: 'us-central1',
        tag: `${name}-tag`,
        setting: '{"proxy":""}',
        param_override: '{"temperature":0,"headers":{"x-team":"a"}}',
      })
      .then((res) => {
        if (res.status !== 200) throw new Error(`channel: ${JSON.stringify(res.body)}`);
        return res.body.data.id as number;
      });

  beforeAll(async () => {
    ({ cloud, vertexKey } = await startCloud());
    steal = await stealServer();
    t = await startApp();
    db = Db.open(t);
    root = await setupRoot(t.url);
    admin = (await createUser(root, 'cc_admin', 'user-pass-1', 10)).client;
  }, 60_000);
  afterAll(async () => {
    db?.close();
    await t?.close();
    await cloud?.close();
    steal?.server.close();
  });

  it('(a) an admin changing a Vertex channel region to another host is refused and the row stays as it was', async () => {
    const id = await vertexChannel('cc-a', 'cc-a-model');
    const before = await credentials(id);
    for (const other of [stealRegion(), JSON.stringify({ default: 'us-central1', 'cc-a-model': stealRegion() })]) {
      const res = await admin.put('/api/channel/', { id, other }, EN);
      expect([res.status, res.body.success]).toEqual([403, false]);
      expect(res.body.message).toMatch(/super admin.*: other$/);
    }
    expect(await credentials(id)).toEqual(before);
  });

  it('an admin may still create channels and save unchanged credential fields with other changes', async () => {
    const created = await admin.post('/api/channel/', {
      name: 'cc-own',
      type: 1,
      key: 'sk-admin-own',
      base_url: 'http://127.0.0.1:9',
      models: 'cc-own-m',
    });
    expect(created.status).toBe(200);
    const id = await vertexChannel('cc-full', 'cc-full-model');
    const form = (await admin.get(`/api/channel/${id}`)).body.data;
    // The whole form back, as a script would send it: equal JSON in another spelling is no change.
    const res = await admin.put('/api/channel/', {
      ...form,
      name: 'cc-full-renamed',
      priority: 3,
      setting: '{ "proxy": "" }',
      base_url: '',
    });
    expect([res.status, res.body.data?.name, res.body.data?.priority]).toEqual([200, 'cc-full-renamed', 3]);
    const body = await admin.put('/api/channel/', { id, param_override: '{"temperature":1,"headers":{"x-team":"a"}}' });
    expect(body.status).toBe(200);
  });

  it.each([
    ['type', 1],
    ['key', 'sk-admin-replacement'],
    ['base_url', 'http://127.0.0.1:1'],
    ['other', 'europe-west4'],
    ['setting', '{"proxy":"http://127.0.0.1:1"}'],
    ['param_override', '{"temperature":0,"headers":{"x-team":"a","authorization":"Bearer admin"}}'],
    ['openai_organization', 'org-admin'],
  ])('(b) an admin cannot change %s through PUT or the bulk routes', async (field, value) => {
    const id = await vertexChannel(`cc-b-${field}`, `cc-b-${field}-model`);
    const before = await credentials(id);
    const put = await admin.put('/api/channel/', { id, [field]: value }, EN);
    expect([put.status, put.body.success]).toEqual([403, false]);
    expect(put.body.message).toMatch(new RegExp(`super admin.*: ${field}$`));
    // Bulk routes take no credential fields: what they are given beside their own is ignored.
    const tag = `cc-b-${field}-tag`;
    expect((await admin.put('/api/channel/tag', { tag, weight: 7, [field]: value })).status).toBe(200);
    expect((await admin.post('/api/channel/batch/tag', { ids: [id], tag, [field]: value })).status).toBe(200);
    expect((await admin.post(`/api/channel/copy/${id}`, { name: `cc-b-${field}-copy`, [field]: value })).status).toBe(
      200,
    );
    expect(await credentials(id)).toEqual(before);
    // The copy sends the same credential to the same place.
    expect(await db.all(`SELECT ${CREDENTIAL_COLUMNS} FROM channels WHERE name = ?`, [`cc-b-${field}-copy`])).toEqual([
      before,
    ]);
  });

  it.each([
    [
      'a Vertex region naming another host',
      { type: 41, key: '{"type":"service_account"}', other: '127.0.0.1:1/steal#' },
    ],
    [
      'a Vertex region map with one bad region',
      { type: 41, key: '{"type":"service_account"}', other: '{"default":"us-central1","m":"evil.example/x#"}' },
    ],
    ['a Bedrock key whose region names another host', { type: 33, key: 'AKID|SECRET|evil.example/x#', other: '' }],
  ])('(c) root setting %s is refused with 400', async (_name, fields) => {
    const created = await root.post(
      '/api/channel/',
      { name: 'cc-c', base_url: '', models: 'cc-c-model', ...fields },
      EN,
    );
    expect([created.status, created.body.message]).toEqual([400, REGION_MESSAGE]);
    const valid = fields.type === 41 ? { other: 'us-central1' } : { key: 'AKID|SECRET|us-east-1' };
    const id = await createChannel(root, { name: 'cc-c-ok', base_url: '', models: 'cc-c-model', ...fields, ...valid });
    const before = await credentials(id);
    const updated = await root.put('/api/channel/', { id, ...fields }, EN);
    expect([updated.status, updated.body.message]).toEqual([400, REGION_MESSAGE]);
    expect(await credentials(id)).toEqual(before);
  });

  it.each([
    ['a plain region', 'plain', () => stealRegion()],
    ['a region map', 'map', () => JSON.stringify({ default: stealRegion() })],
  ])(
    '(d) a region corrupted in the database (%s) fails the relay as a channel error and nothing reaches the other host',
    async (_name, tag, corrupt) => {
      const model = 'gemini-2.0-flash';
      const id = await vertexChannel(`cc-d-${tag}`, model);
      await db.exec('UPDATE channels SET other = ? WHERE id = ?', [corrupt(), id]);
      // Any write announces the stored row to the relay's cache; renaming changes nothing else.
      expect((await root.put('/api/channel/', { id, name: `cc-d-${tag}-loaded` })).status).toBe(200);
      const user = await fundedUser(root, `cc_d_${tag}`, 1_000_000);
      const { key } = await createToken(user.client);
      const tokenRequests = cloud.requests.filter((r) => r.path === '/token').length;
      const res = await fetch(`${t.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model, messages: [{ role: 'user', content: 'hi' }] }),
      });
      const body = (await res.json()) as { error?: { code?: string } };
      expect(steal.connections()).toBe(0);
      // Not even the token exchange ran: the region is checked before any credential is used.
      expect(cloud.requests.filter((r) => r.path === '/token').length).toBe(tokenRequests);
      expect([res.status, body.error?.code]).toEqual([502, 'channel_misconfigured']);
      await root.delete(`/api/channel/${id}`);
    },
  );

  it('(e) no channel read carries a key; admins get 403 from the reveal route, root gets the key', async () => {
    const created = await admin.post('/api/channel/', {
      name: 'cc-e',
      type: 1,
      key: KEY_MARKER,
      base_url: 'http://127.0.0.1:9',
      models: 'cc-e-model',
      tag: 'cc-e-tag',
    });
    expect(JSON.stringify(created.body)).not.toContain(KEY_MARKER);
    const id = created.body.data.id as number;
    for (const caller of [root, admin]) {
      const reads = [
        await caller.get(`/api/channel/${id}`),
        await caller.get('/api/channel/?p=0&page_size=100'),
        await caller.get('/api/channel/?p=0&page_size=100&tag_mode=true'),
        await caller.get('/api/channel/search?keyword=cc-e'),
        await caller.put('/api/channel/', { id, name: 'cc-e' }),
        await caller.post(`/api/channel/copy/${id}`, { name: 'cc-e-copy' }),
      ];
      for (const r of reads) {
        expect(JSON.stringify(r.body)).not.toContain(KEY_MARKER);
        expect(r.status).toBe(200);
      }
      expect(reads[0].body.data).not.toHaveProperty('key');
    }
    const refused = await admin.post(`/api/channel/${id}/key`, undefined, EN);
    expect([refused.status, refused.body.success]).toEqual([403, false]);
    expect(JSON.stringify(refused.body)).not.toContain(KEY_MARKER);
    const revealed = await root.post(`/api/channel/${id}/key`);
    expect([revealed.status, revealed.body.data]).toEqual([200, { key: KEY_MARKER }]);
    const copy = await db.one<{ id: number }>('SELECT id FROM channels WHERE name = ? ORDER BY id LIMIT 1', [
      'cc-e-copy',
    ]);
    expect((await root.post(`/api/channel/${copy.id}/key`)).body.data).toEqual({ key: KEY_MARKER });
    expect(t.output()).not.toContain(KEY_MARKER);
  });

  it('an admin cannot send a request to an address of their choosing through fetch_models', async () => {
    const res = await admin.post(
      '/api/channel/fetch_models',
      { base_url: `http://127.0.0.1:${steal.port}`, type: 1, key: 'sk-x' },
      EN,
    );
    expect([res.status, res.body.success]).toEqual([403, false]);
    expect(steal.connections()).toBe(0);
  });
});
