/**
 * Role matrix, generated from the registered routes: every route must have an entry here (a new
 * route without one fails), its declared access level must match, and each caller kind must get the
 * expected answer. Requests are chosen to be harmless for callers who pass the guard.
 */
import { ApiClient } from '../support/api-client';
import { createUser, login, setupRoot } from '../support/fixtures';
import { registeredRoutes, type AccessLevel } from '../support/routes';
import { startApp, type TestApp } from '../support/test-app';

interface Entry {
  access: AccessLevel;
  /** Concrete path for parametrised routes. */
  path?: string;
  body?: unknown;
  /** The call changes the caller's own credentials: check only the callers who must be refused. */
  deniedOnly?: boolean;
  /** A public route's own answer, the same for every caller (e.g. setup once done). */
  status?: number;
  /** Refusals use the OpenAI error object ({error}) instead of {success:false}. */
  openAIErrors?: boolean;
  /** Answers in a gateway's words (plain text or a redirect), not JSON. */
  notJson?: boolean;
}

const MATRIX: Record<string, Entry> = {
  'GET /healthz': { access: 'public' },
  'GET /readyz': { access: 'public' },
  // Off unless METRICS_TOKEN is set (test/api/metrics.test.ts covers it on).
  'GET /metrics': { access: 'public', status: 404 },
  'GET /api/status': { access: 'public' },
  'GET /api/notice': { access: 'public' },
  'GET /api/about': { access: 'public' },
  'GET /api/home_page_content': { access: 'public' },
  'GET /api/pricing': { access: 'public' },
  'GET /api/openapi.json': { access: 'public' },
  // A Midjourney image forwarded through the gateway (docs/tasks.md): none while MjForwardUrlEnabled is off.
  'GET /mj/image/:taskId': { access: 'public', path: '/mj/image/1', status: 404 },
  'GET /api/setup': { access: 'public' },
  'POST /api/setup': { access: 'public', body: {}, status: 403 },
  'POST /api/user/login': { access: 'public', body: {} },
  'POST /api/user/register': { access: 'public', body: {} },
  // Logout ends the caller's session on the server (test/security/2-sessions.test.ts covers it).
  'GET /api/user/logout': { access: 'public', deniedOnly: true },
  'POST /api/user/logout': { access: 'public', deniedOnly: true },
  'GET /api/user/self': { access: 'user' },
  // Third-party sign-in: every provider is off here, so each public route answers its own 403 to everyone.
  'GET /api/oauth/state': { access: 'public' },
  'GET /api/oauth/:provider/start': { access: 'public', path: '/api/oauth/github/start', status: 403 },
  'GET /api/oauth/:provider': { access: 'public', path: '/api/oauth/oidc?code=x&state=y', status: 403 },
  'GET /api/oauth/wechat': { access: 'public', path: '/api/oauth/wechat?code=x', status: 403 },
  'GET /api/oauth/telegram/login': { access: 'public', path: '/api/oauth/telegram/login?id=1&hash=x', status: 403 },
  // Without a code or widget data the bind routes answer 400 to those allowed in.
  'GET /api/oauth/wechat/bind': { access: 'user' },
  'GET /api/oauth/telegram/bind': { access: 'user' },
  'PUT /api/user/self': { access: 'user', body: {} },
  'DELETE /api/user/self': { access: 'user', deniedOnly: true },
  'GET /api/user/self/groups': { access: 'user' },
  'GET /api/user/token': { access: 'user', deniedOnly: true },
  'GET /api/user/aff': { access: 'user' },
  // Check-in is off by default and one quota is below the transfer minimum: both answer 400, harmlessly.
  'POST /api/user/aff_transfer': { access: 'user', body: { quota: 1 } },
  'GET /api/user/check_in_status': { access: 'user' },
  'POST /api/user/check_in': { access: 'user' },
  'PUT /api/user/setting': { access: 'user', body: { notify_type: 'email' } },
  'GET /api/user': { access: 'admin' },
  'GET /api/user/search': { access: 'admin', path: '/api/user/search?keyword=x' },
  'GET /api/user/:id': { access: 'admin', path: '/api/user/999999' },
  'POST /api/user': { access: 'admin', body: {} },
  'PUT /api/user': { access: 'admin', body: { id: 999999 } },
  'POST /api/user/manage': { access: 'admin', body: { id: 999999, action: 'disable' } },
  'GET /api/group': { access: 'admin' },
  'GET /api/log': { access: 'admin' },
  'GET /api/log/stat': { access: 'admin' },
  'DELETE /api/log': { access: 'admin', path: '/api/log?target_timestamp=1' },
  'GET /api/log/self': { access: 'user' },
  'GET /api/log/self/stat': { access: 'user' },
  'GET /api/mj': { access: 'admin' },
  'GET /api/mj/self': { access: 'user' },
  'GET /api/task': { access: 'admin' },
  'GET /api/task/self': { access: 'user' },
  'GET /api/data': { access: 'admin', path: '/api/data/?start_timestamp=0&end_timestamp=3600' },
  'GET /api/data/self': { access: 'user', path: '/api/data/self/?start_timestamp=0&end_timestamp=3600' },
  'GET /api/channel': { access: 'admin', path: '/api/channel?p=0&page_size=10&tag_mode=true' },
  'POST /api/channel': { access: 'admin', body: {} },
  'PUT /api/channel': { access: 'admin', body: { id: 999999 } },
  'GET /api/channel/:id': { access: 'admin', path: '/api/channel/999999' },
  'DELETE /api/channel/:id': { access: 'admin', path: '/api/channel/999999' },
  'GET /api/channel/search': { access: 'admin', path: '/api/channel/search?keyword=x' },
  'GET /api/channel/models': { access: 'admin' },
  'GET /api/channel/models_enabled': { access: 'admin' },
  'GET /api/models': { access: 'admin' },
  'POST /api/channel/batch': { access: 'admin', body: { ids: [999999] } },
  'POST /api/channel/batch/tag': { access: 'admin', body: { ids: [999999], tag: 'mx' } },
  'DELETE /api/channel/disabled': { access: 'admin' },
  'POST /api/channel/fix': { access: 'admin' },
  'PUT /api/channel/tag': { access: 'admin', body: { tag: 'mx-none' } },
  'POST /api/channel/multi_key/manage': { access: 'admin', body: { channel_id: 999999, action: 'get_key_status' } },
  'POST /api/channel/tag/enabled': { access: 'admin', body: { tag: 'mx-none' } },
  'POST /api/channel/tag/disabled': { access: 'admin', body: { tag: 'mx-none' } },
  'GET /api/channel/test': { access: 'admin' },
  'GET /api/channel/test/:id': { access: 'admin', path: '/api/channel/test/999999' },
  'GET /api/channel/update_balance': { access: 'admin' },
  'GET /api/channel/update_balance/:id': { access: 'admin', path: '/api/channel/update_balance/999999' },
  'POST /api/channel/fetch_models': { access: 'root', body: {} },
  'POST /api/channel/:id/key': { access: 'root', path: '/api/channel/999999/key' },
  'POST /api/channel/copy/:id': { access: 'admin', path: '/api/channel/copy/999999', body: {} },
  'GET /api/channel/fetch_models/:id': { access: 'admin', path: '/api/channel/fetch_models/999999' },
  'GET /api/token': { access: 'user' },
  'GET /api/token/search': { access: 'user', path: '/api/token/search?keyword=x&token=abc' },
  'GET /api/token/:id': { access: 'user', path: '/api/token/999999' },
  'POST /api/token': { access: 'user', body: {} },
  'PUT /api/token': { access: 'user', body: { id: 999999 } },
  'DELETE /api/token/:id': { access: 'user', path: '/api/token/999999' },
  'GET /api/user/models': { access: 'user' },
  'GET /api/redemption': { access: 'admin' },
  'GET /api/redemption/search': { access: 'admin', path: '/api/redemption/search?keyword=x' },
  'GET /api/redemption/count-by-name': { access: 'admin', path: '/api/redemption/count-by-name?name=x' },
  'GET /api/redemption/:id': { access: 'admin', path: '/api/redemption/999999' },
  'POST /api/redemption': { access: 'admin', body: { count: 0 } },
  'PUT /api/redemption': { access: 'admin', body: { id: 999999 } },
  'PUT /api/redemption/batch-disable': { access: 'admin', body: { ids: [999999] } },
  'DELETE /api/redemption/:id': { access: 'admin', path: '/api/redemption/999999' },
  'DELETE /api/redemption/delete-disabled': { access: 'admin' },
  'DELETE /api/redemption/delete-by-name': { access: 'admin', path: '/api/redemption/delete-by-name?name=x' },
  'POST /api/user/topup': { access: 'user', body: { key: 'no-such-code' } },
  'POST /pg/chat/completions': { access: 'user', body: {}, openAIErrors: true },
  'GET /api/option': { access: 'root' },
  'PUT /api/option': { access: 'root', body: { key: 'Notice', value: 'matrix' } },
  'POST /api/option/rest_model_ratio': { access: 'root' },
  'POST /api/user/amount': { access: 'user', body: { amount: 1 } },
  'POST /api/user/pay': { access: 'user', body: { amount: 1, payment_method: 'zfb' } },
  'GET /api/user/topup/self': { access: 'user' },
  'GET /api/user/topup/info': { access: 'user' },
  'GET /api/user/oauth/bindings': { access: 'user' },
  'POST /api/token/:id/key': { access: 'user', path: '/api/token/999999/key' },
  'GET /api/prefill_group': { access: 'admin', path: '/api/prefill_group?type=model' },
  'GET /api/user/epay/notify': { access: 'public', notJson: true },
  'POST /api/user/epay/notify': { access: 'public', body: {}, notJson: true },
  'GET /api/user/epay/return': { access: 'public', notJson: true },
  // Without an address or code these answer 400 (no mail is sent, nothing changes).
  'GET /api/verification': { access: 'public' },
  'GET /api/reset_password': { access: 'public' },
  'POST /api/user/reset': { access: 'public', body: {} },
  'GET /api/oauth/email/bind': { access: 'user' },
};

type Caller = 'anonymous' | 'user' | 'banned' | 'demoted' | 'admin' | 'root' | 'adminToken' | 'rootCookieOnly';
const CALLERS: Caller[] = ['anonymous', 'user', 'banned', 'demoted', 'admin', 'root', 'adminToken', 'rootCookieOnly'];
/**
 * The role each caller effectively has (the demoted admin is a user now; the token is an admin's; root's
 * cookie without New-Api-User, as a cross-origin <img> or link sends it, is no one).
 */
const EFFECTIVE: Record<Caller, AccessLevel | 'none'> = {
  anonymous: 'none',
  rootCookieOnly: 'none',
  banned: 'none',
  user: 'user',
  demoted: 'user',
  admin: 'admin',
  adminToken: 'admin',
  root: 'root',
};
const RANK: Record<string, number> = { none: 0, user: 1, admin: 2, root: 3 };

function expected(access: AccessLevel, caller: Caller): 'allowed' | 401 | 403 {
  if (access === 'public' || access === 'relay') return 'allowed';
  const eff = EFFECTIVE[caller];
  if (eff === 'none') return 401;
  return RANK[eff] >= RANK[access] ? 'allowed' : 403;
}

describe('role matrix', () => {
  let t: TestApp;
  const headers = {} as Record<Caller, Record<string, string>>;
  const routes = registeredRoutes().filter((r) => r.access !== 'relay' || r.path.startsWith('/api/'));

  beforeAll(async () => {
    t = await startApp();
    const root = await setupRoot(t.url);
    const sessionOf = (c: ApiClient) => c.sessionHeaders();
    const user = await createUser(root, 'mx_user');
    const banned = await createUser(root, 'mx_banned');
    const demoted = await createUser(root, 'mx_demoted', 'user-pass-1', 10);
    const admin = await createUser(root, 'mx_admin', 'user-pass-1', 10);
    const tokenRes = await admin.client.get('/api/user/token');
    headers.anonymous = {};
    headers.root = sessionOf(root);
    headers.rootCookieOnly = { cookie: root.cookieHeader() };
    headers.user = sessionOf(user.client);
    headers.banned = sessionOf(banned.client);
    headers.demoted = sessionOf(demoted.client);
    headers.admin = sessionOf(admin.client);
    headers.adminToken = { authorization: tokenRes.body.data, 'new-api-user': String(admin.id) };
    await root.post('/api/user/manage', { id: banned.id, action: 'disable' });
    await root.post('/api/user/manage', { id: demoted.id, action: 'demote' });
    await login(new ApiClient(t.url), 'mx_user', 'user-pass-1');
  });
  afterAll(() => t.close());

  it('has an entry for every registered route, with the declared access level', () => {
    const missing = routes
      .filter((r) => !MATRIX[`${r.method} ${r.path}`])
      .map((r) => `${r.method} ${r.path} (${r.access})`);
    expect(missing).toEqual([]);
    const mismatched = routes
      .filter((r) => MATRIX[`${r.method} ${r.path}`].access !== r.access)
      .map((r) => `${r.method} ${r.path}: declared ${r.access}, matrix ${MATRIX[`${r.method} ${r.path}`].access}`);
    expect(mismatched).toEqual([]);
  });

  const cases = Object.entries(MATRIX).flatMap(([route, entry]) =>
    CALLERS.filter((c) => !(entry.deniedOnly && expected(entry.access, c) === 'allowed')).map(
      (caller) => [route, caller] as const,
    ),
  );

  it.each(cases)('%s as %s', async (route, caller) => {
    const entry = MATRIX[route];
    const [method, path] = route.split(' ');
    const res = await fetch(t.url + (entry.path ?? path), {
      method,
      headers: { ...headers[caller], ...(entry.body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: entry.body !== undefined ? JSON.stringify(entry.body) : undefined,
      redirect: 'manual',
    });
    const body = (entry.notJson ? {} : await res.json()) as { success?: boolean; message?: string; error?: unknown };
    const want = expected(entry.access, caller);
    if (entry.status !== undefined) {
      expect(res.status).toBe(entry.status);
    } else if (want === 'allowed') {
      expect([401, 403]).not.toContain(res.status);
      expect(res.status).toBeLessThan(500);
    } else {
      expect(res.status).toBe(want);
      if (entry.openAIErrors) expect(body.error).toBeDefined();
      else expect(body.success).toBe(false);
    }
  });
});
