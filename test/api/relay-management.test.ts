import { MockUpstream } from '../mock-upstream/mock-upstream';
import { ApiClient } from '../support/api-client';
import { createUser, setupRoot } from '../support/fixtures';
import { createChannel, createToken, Db, fundedUser } from '../support/relay-fixtures';
import { startApp, type TestApp } from '../support/test-app';

const MARKER = 'sk-CHANNELSECRETMARKER0123456789';

/** Token and channel management used by the relay: ownership, key secrecy, routing index upkeep. */
describe('relay management routes', () => {
  let t: TestApp;
  let mock: MockUpstream;
  let root: ApiClient;
  let db: Db;

  beforeAll(async () => {
    mock = new MockUpstream();
    await mock.start();
    t = await startApp();
    db = Db.open(t);
    root = await setupRoot(t.url);
  });
  afterAll(async () => {
    db.close();
    await t.close();
    await mock.close();
  });

  it('tokens: the key answered without its sk- prefix (as new-api does), stored encrypted and hashed, owned by their user', async () => {
    const alice = await fundedUser(root, 'tk_alice', 1000);
    const bob = await createUser(root, 'tk_bob');
    const { id, key } = await createToken(alice.client, { name: 'mine', remain_quota: 500 });
    expect(key).toMatch(/^[A-Za-z0-9]{48}$/);
    const row = await db.one('SELECT "key", key_hash FROM tokens WHERE id = ?', [id]);
    expect(row.key).not.toContain(key);
    expect(row.key_hash).toMatch(/^[0-9a-f]{64}$/);
    const list = await alice.client.get('/api/token/?p=0&size=10');
    expect(list.body.data).toMatchObject({ total: 1, items: [{ id, name: 'mine', key }] });
    expect((await bob.client.get(`/api/token/${id}`)).status).toBe(404);
    expect((await bob.client.delete(`/api/token/${id}/`)).status).toBe(404);
    expect((await alice.client.post('/api/token/', { name: '' })).status).toBe(400);
    expect((await alice.client.post('/api/token/', { name: 'x', group: 'no-such-group' })).status).toBe(403);
    expect((await alice.client.delete(`/api/token/${id}/`)).status).toBe(200);
    expect((await alice.client.get('/api/token/')).body.data.total).toBe(0);
    const res = await fetch(`${t.url}/v1/models`, { headers: { authorization: `Bearer ${key}` } });
    expect(res.status).toBe(401);
  });

  it('the relay takes a key with or without its sk- prefix, wherever a client puts it', async () => {
    const u = await createUser(root, 'tk_forms');
    const { key } = await createToken(u.client, { name: 'forms' });
    for (const k of [key, `sk-${key}`]) {
      for (const [path, headers] of [
        ['/v1/models', { authorization: `Bearer ${k}` }],
        ['/v1/models', { authorization: k }],
        ['/v1/models', { 'x-api-key': k }],
        ['/v1beta/models', { 'x-goog-api-key': k }],
        [`/v1beta/models?key=${k}`, {}],
      ] as const) {
        const res = await fetch(`${t.url}${path}`, { headers });
        expect({ path, headers, status: res.status }).toEqual({ path, headers, status: 200 });
      }
    }
    // A key shown with a second prefix (sk-sk-…) is not a key.
    expect((await fetch(`${t.url}/v1/models`, { headers: { authorization: `Bearer sk-sk-${key}` } })).status).toBe(401);
  });

  it('channels: keys encrypted, never listed, shown to root only; abilities follow every change', async () => {
    const id = await createChannel(root, {
      name: 'secret-channel',
      key: MARKER,
      base_url: mock.url,
      models: 'a,b',
      group: 'default,vip',
      priority: 3,
    });
    const stored = await db.one('SELECT "key" FROM channels WHERE id = ?', [id]);
    expect(stored.key).not.toContain('CHANNELSECRETMARKER');
    const abilities = await db.all(
      'SELECT "group", model, enabled, priority FROM abilities WHERE channel_id = ? ORDER BY "group", model',
      [id],
    );
    expect(abilities.map((a) => `${a.group}/${a.model}/${Number(a.priority)}`)).toEqual([
      'default/a/3',
      'default/b/3',
      'vip/a/3',
      'vip/b/3',
    ]);

    const list = await root.get('/api/channel/?p=0&page_size=10');
    expect(JSON.stringify(list.body)).not.toContain('CHANNELSECRETMARKER');
    expect((await root.get(`/api/channel/${id}`)).body.data.key).toBeUndefined();
    expect((await root.post(`/api/channel/${id}/key`)).body.data.key).toBe(MARKER);

    const admin = await createUser(root, 'ch_admin', 'user-pass-1', 10);
    const asAdmin = await admin.client.get(`/api/channel/${id}`);
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body.data.key).toBeUndefined();
    expect((await admin.client.put('/api/channel/', { id, base_url: 'http://169.254.169.254' })).status).toBe(403);
    expect((await admin.client.put('/api/channel/', { id, key: 'other' })).status).toBe(403);
    expect((await admin.client.put('/api/channel/', { id, models: 'c', status: 2 })).status).toBe(200);
    const after = await db.all('SELECT model, enabled FROM abilities WHERE channel_id = ?', [id]);
    expect(after.map((a) => [a.model, Number(a.enabled)])).toEqual([
      ['c', 0],
      ['c', 0],
    ]);

    const user = await createUser(root, 'ch_user');
    expect((await user.client.get('/api/channel/')).status).toBe(403);
    expect((await root.post('/api/channel/', { name: 'x', key: 'k', models: '', base_url: mock.url })).status).toBe(
      400,
    );
    expect((await root.post('/api/channel/', { name: 'x', key: 'k', models: 'a', model_mapping: '{bad' })).status).toBe(
      400,
    );

    expect((await root.delete(`/api/channel/${id}/`)).status).toBe(200);
    expect(await db.all('SELECT * FROM abilities WHERE channel_id = ?', [id])).toEqual([]);
  });

  it('an upstream key never shows up in responses, logs or process output', async () => {
    const u = await fundedUser(root, 'leak', 1_000_000);
    await createChannel(root, { name: 'secret-channel', key: MARKER, base_url: mock.url, models: 'gpt-4o' });
    mock.on(MARKER, { status: 401, errorMessage: `Incorrect API key provided: ${MARKER}` });
    const { key } = await createToken(u.client);
    const res = await fetch(`${t.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o', messages: [{ role: 'user', content: 'x' }] }),
    });
    const text = await res.text();
    expect(res.status).toBe(401);
    expect(text).not.toContain('CHANNELSECRETMARKER');
    const rows = await db.all('SELECT content, other FROM logs');
    expect(JSON.stringify(rows)).not.toContain('CHANNELSECRETMARKER');
    expect(t.output()).not.toContain('CHANNELSECRETMARKER');
  });
});
