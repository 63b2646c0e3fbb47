import { OPTION_DEFS, OPTION_KEYS, SECRET_OPTION_KEYS } from '@gw/shared';
import { ApiClient } from '../support/api-client';
import { setOption, setupRoot } from '../support/fixtures';
import { startApp, type TestApp } from '../support/test-app';

describe('options', () => {
  let t: TestApp;
  let root: ApiClient;
  beforeAll(async () => {
    t = await startApp();
    root = await setupRoot(t.url);
  });
  afterAll(() => t.close());

  it('lists every non-secret key with its default; secrets never', async () => {
    const res = await root.get('/api/option/');
    const map = Object.fromEntries((res.body.data as { key: string; value: string }[]).map((o) => [o.key, o.value]));
    for (const key of OPTION_KEYS) {
      if (SECRET_OPTION_KEYS.includes(key)) expect(map).not.toHaveProperty([key]);
      else
        expect(map[key]).toBe(
          key === 'SelfUseModeEnabled' || key === 'DemoSiteEnabled' ? 'false' : OPTION_DEFS[key].default,
        );
    }
    expect(SECRET_OPTION_KEYS).toEqual(
      expect.arrayContaining([
        'SMTPToken',
        'EpayKey',
        'GitHubClientSecret',
        'LinuxDOClientSecret',
        'oidc.client_secret',
        'TurnstileSecretKey',
        'WorkerValidKey',
        'TelegramBotToken',
        'WeChatServerToken',
      ]),
    );
  });

  it.each([
    ['ModelRatio', '{not json', 'ModelRatio 不是合法的 JSON 字符串'],
    ['GroupRatio', '[1,2]', 'GroupRatio 不是合法的 JSON 字符串'],
    ['Chats', '{}', 'Chats 不是合法的 JSON 字符串'],
    ['TopupGroupRatio', 'nope', '充值分组倍率不是合法的 JSON 字符串'],
    ['RebatePercentage', '100.5', '返佣百分比必须在0到100之间'],
    ['RebatePercentage', '-1', '返佣百分比必须在0到100之间'],
    ['RetryTimes', '1.5', 'RetryTimes 必须是整数'],
    ['QuotaForNewUser', 'abc', 'QuotaForNewUser 必须是数字'],
    ['LogConsumeEnabled', 'yes', 'LogConsumeEnabled 必须是 true 或 false'],
    ['DataExportDefaultTime', 'month', 'DataExportDefaultTime 的取值无效'],
    [
      'claude.thinking_adapter_budget_tokens_percentage',
      '1.5',
      'claude.thinking_adapter_budget_tokens_percentage 超出允许范围',
    ],
    ['general_setting.ping_interval_seconds', '0', 'general_setting.ping_interval_seconds 超出允许范围'],
    ['NoSuchKey', '1', '未知的配置项：NoSuchKey'],
    ['GitHubOAuthEnabled', 'true', '请先填写 GitHub Client ID 和 Client Secret'],
  ])('refuses %s = %s with "%s"', async (key, value, message) => {
    const res = await root.put('/api/option/', { key, value });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, data: null, message });
  });

  it('applies a change at once (status and later reads)', async () => {
    await setOption(root, 'SystemName', 'My Gateway');
    await setOption(root, 'RebatePercentage', '12.5');
    expect((await new ApiClient(t.url).get('/api/status')).body.data.system_name).toBe('My Gateway');
    const list = (await root.get('/api/option/')).body.data as { key: string; value: string }[];
    expect(list.find((o) => o.key === 'RebatePercentage')!.value).toBe('12.5');
    const bool = await root.put('/api/option/', { key: 'DrawingEnabled', value: true });
    expect(bool.status).toBe(200);
    expect((await new ApiClient(t.url).get('/api/status')).body.data.enable_drawing).toBe(true);
  });

  it('stores secrets without returning them', async () => {
    await setOption(root, 'SMTPToken', 'smtp-secret-marker');
    const text = JSON.stringify((await root.get('/api/option/')).body);
    expect(text).not.toContain('smtp-secret-marker');
  });

  it('resets the model price tables', async () => {
    await setOption(root, 'ModelRatio', '{"x":1}');
    expect((await root.post('/api/option/rest_model_ratio')).status).toBe(200);
    const list = (await root.get('/api/option/')).body.data as { key: string; value: string }[];
    expect(JSON.parse(list.find((o) => o.key === 'ModelRatio')!.value)).toHaveProperty(['gpt-4o']);
  });
});
