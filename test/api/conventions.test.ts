import { ApiClient } from '../support/api-client';
import { setupRoot } from '../support/fixtures';
import { startApp, type TestApp } from '../support/test-app';

describe('API conventions', () => {
  let t: TestApp;
  let root: ApiClient;
  beforeAll(async () => {
    t = await startApp({ MAX_REQUEST_BODY_MB: '1' });
    root = await setupRoot(t.url);
  });
  afterAll(() => t.close());

  it.each([
    ['zh-CN,zh;q=0.9', '请求体不是合法的 JSON'],
    ['en-US,en;q=0.9', 'Request body is not valid JSON'],
    [undefined, '请求体不是合法的 JSON'],
  ])('malformed JSON (Accept-Language %s) → 400 "%s", nothing written', async (lang, message) => {
    const res = await root.raw(
      'PUT',
      '/api/option/',
      '{"key": "Notice", "value": ',
      lang ? { 'accept-language': lang } : {},
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, data: null, message });
    expect((await new ApiClient(t.url).get('/api/notice')).body.data).toBe('');
  });

  it.each([
    ['/api/user/manage', 'POST', { id: 'one', action: 'disable' }],
    ['/api/option/', 'PUT', { key: 'Notice', value: { nested: true } }],
    ['/api/user/', 'PUT', { id: 2, quota: '12' }],
    ['/api/setup', 'POST', { username: ['x'] }],
  ])('wrong types on %s → 400 with a message', async (path, method, body) => {
    const res = await root.request(method, path, body);
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.message).toBeTruthy();
  });

  it('oversized body → 413', async () => {
    const res = await root.upload('PUT', '/api/option/', JSON.stringify({ key: 'Notice', value: 'x'.repeat(2 * 1024 * 1024) }));
    expect(res.status).toBe(413);
    expect(res.body.success).toBe(false);
  });

  it('unknown /api path → 404 envelope; unknown relay path → OpenAI error object', async () => {
    const api = await new ApiClient(t.url).get('/api/nothing-here');
    expect(api.status).toBe(404);
    expect(api.body).toEqual({ success: false, data: null, message: '资源不存在' });
    const relay = await new ApiClient(t.url).get('/v1/nothing-here', { 'accept-language': 'en' });
    expect(relay.status).toBe(404);
    expect(relay.body.error).toMatchObject({ message: 'Not found', type: 'invalid_request_error' });
  });

  it('not signed in → 401 with the localised message', async () => {
    const res = await new ApiClient(t.url).get('/api/user/self', { 'accept-language': 'en' });
    expect(res.body).toEqual({
      success: false,
      data: null,
      message: 'Not logged in or the session has expired, please log in again',
    });
  });

  it('health and readiness', async () => {
    expect((await new ApiClient(t.url).get('/healthz')).body).toEqual({ status: 'ok' });
    expect((await new ApiClient(t.url).get('/readyz')).body).toEqual({ status: 'ok' });
  });

  it('status carries every field of the server status object', async () => {
    const data = (await new ApiClient(t.url).get('/api/status')).body.data;
    for (const key of [
      'system_name',
      'logo',
      'footer_html',
      'quota_per_unit',
      'display_in_currency',
      'enable_drawing',
      'enable_task',
      'enable_data_export',
      'chats',
      'data_export_default_time',
      'default_collapse_sidebar',
      'mj_notify_enabled',
      'chat_link',
      'chat_link2',
      'docs_link',
      'email_verification',
      'turnstile_check',
      'turnstile_site_key',
      'github_oauth',
      'github_client_id',
      'oidc_enabled',
      'oidc_authorization_endpoint',
      'oidc_client_id',
      'linuxdo_oauth',
      'linuxdo_client_id',
      'wechat_login',
      'wechat_qrcode',
      'telegram_oauth',
      'telegram_bot_name',
      'check_in_enabled',
      'version',
      'start_time',
      'setup',
      'server_address',
      'self_use_mode_enabled',
      'demo_site_enabled',
    ]) {
      expect(data).toHaveProperty([key]);
    }
    expect(data.quota_per_unit).toBe(500000);
  });
});
