/**
 * Names under an id route never reach it (docs/console-api.md#ids-in-paths): `/api/user/passkey` and the
 * like, which new-api's console calls, are an unknown path (404 envelope) for every caller, or are served
 * by their own route; never the id route's 400, or its 403 for a caller below the route's role.
 */
import { ApiClient } from '../support/api-client';
import { createUser, setupRoot } from '../support/fixtures';
import { createToken } from '../support/relay-fixtures';
import { startApp, type TestApp } from '../support/test-app';

const NOT_FOUND = { success: false, data: null, message: '资源不存在' };

describe('route hygiene: :id matches digits only', () => {
  let t: TestApp;
  let root: ApiClient;
  let user: ApiClient;
  let userId: number;
  beforeAll(async () => {
    t = await startApp();
    root = await setupRoot(t.url);
    const u = await createUser(root, 'hygiene');
    user = u.client;
    userId = u.id;
  });
  afterAll(() => t.close());

  const callers = () => [
    ['root', root],
    ['user', user],
    ['anonymous', new ApiClient(t.url)],
  ] as const;

  it.each([
    ['GET', '/api/user/passkey'],
    ['GET', '/api/user/2fa/status'],
    ['GET', '/api/user/self/anything'],
    ['GET', '/api/user/abc'],
    ['GET', '/api/user/-1'],
    ['GET', '/api/user/1.5'],
    ['GET', '/api/token/abc'],
    ['DELETE', '/api/token/abc'],
    ['GET', '/api/channel/abc'],
    ['DELETE', '/api/channel/abc'],
    ['POST', '/api/channel/abc/key'],
    ['POST', '/api/channel/copy/abc'],
    ['GET', '/api/channel/test/abc'],
    ['GET', '/api/channel/update_balance/abc'],
    ['GET', '/api/channel/fetch_models/abc'],
    ['GET', '/api/redemption/abc'],
    ['DELETE', '/api/redemption/abc'],
  ])('%s %s → 404 envelope for every caller', async (method, path) => {
    for (const [who, client] of callers()) {
      const res = await client.request(method, path, method === 'POST' ? {} : undefined);
      expect({ who, status: res.status, body: res.body }).toEqual({ who, status: 404, body: NOT_FOUND });
    }
  });

  // Served by their own routes where the product has them (docs/console-api.md), otherwise unknown.
  it.each(['/api/user/topup/info', '/api/user/oauth/bindings'])('GET %s is served or a 404, never the id route', async (path) => {
    for (const [who, client] of callers()) {
      const res = await client.get(path);
      if (res.status === 404) expect({ who, body: res.body }).toEqual({ who, body: NOT_FOUND });
      else expect({ who, status: res.status, success: res.body.success }).toEqual({ who, status: who === 'anonymous' ? 401 : 200, success: who === 'anonymous' ? false : true });
    }
  });

  it('numeric ids and the static routes beside them still work', async () => {
    const token = await createToken(user, { name: 'hygiene-token' });
    const channel = (await root.post('/api/channel/', { name: 'hygiene', type: 1, key: 'sk-x', models: 'm' })).body;
    expect(channel.success).toBe(true);
    const channelId = (await root.get('/api/channel/?p=0&page_size=100')).body.data.items[0].id as number;
    const codes = (await root.post('/api/redemption/', { name: 'hygiene', quota: 1, count: 1 })).body;
    expect(codes.success).toBe(true);
    const codeId = (await root.get('/api/redemption/?p=0')).body.data.items[0].id as number;
    for (const [client, path] of [
      [root, `/api/user/${userId}`],
      [user, `/api/token/${token.id}`],
      [root, `/api/channel/${channelId}`],
      [root, `/api/redemption/${codeId}`],
      [user, '/api/user/self'],
      [user, '/api/user/self/groups'],
      [user, '/api/token/search?keyword=hygiene'],
      [root, '/api/channel/search?keyword=hygiene'],
      [root, '/api/redemption/search?keyword=hygiene'],
    ] as const) {
      const res = await client.get(path);
      expect({ path, status: res.status, success: res.body.success }).toEqual({ path, status: 200, success: true });
    }
    expect((await root.get('/api/user/999999')).status).toBe(404);
    expect((await user.delete(`/api/token/${token.id}`)).body.success).toBe(true);
  });
});
