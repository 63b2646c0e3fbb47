import { en } from '../../locale/en';
import { zh } from '../../locale/zh';
import { bindingRows, checkTransfer, inviteLink, parseUserSetting, settingPayload, type SettingFormValues } from './personal-helpers';

describe('parseUserSetting', () => {
  it.each([
    ['{"notify_type":"webhook","quota_warning_threshold":100000}', { notify_type: 'webhook', quota_warning_threshold: 100000 }],
    ['', {}],
    ['not json', {}],
    ['[1,2]', {}],
    [null, {}],
  ])('%j', (raw, expected) => expect(parseUserSetting(raw)).toEqual(expected));
});

describe('settingPayload', () => {
  const form: SettingFormValues = {
    notify_type: 'webhook',
    quota_warning_threshold: '100000',
    webhook_url: ' https://hooks.example.com/a ',
    webhook_secret: '',
    clear_webhook_secret: false,
    notification_email: '',
    accept_unset_model_ratio_model: false,
  };
  it('leaves the saved webhook secret alone when the field is empty', () => {
    expect(settingPayload(form)).toEqual({
      notify_type: 'webhook',
      quota_warning_threshold: 100000,
      webhook_url: 'https://hooks.example.com/a',
      notification_email: '',
      accept_unset_model_ratio_model: false,
    });
  });
  it('sends a typed secret, or an empty one to clear it', () => {
    expect(settingPayload({ ...form, webhook_secret: 's3cret', clear_webhook_secret: true }).webhook_secret).toBe('s3cret');
    expect(settingPayload({ ...form, clear_webhook_secret: true })).toHaveProperty('webhook_secret', '');
  });
});

describe('bindingRows', () => {
  it('lists every provider, unbound ones as null', () => {
    const rows = bindingRows({ email: 'a@example.com', github_id: '', oidc_id: '', wechat_id: 'wx1', telegram_id: '', linux_do_id: '' });
    expect(rows.map((r) => [r.key, r.value])).toEqual([
      ['email', 'a@example.com'],
      ['github_id', null],
      ['oidc_id', null],
      ['wechat_id', 'wx1'],
      ['telegram_id', null],
      ['linux_do_id', null],
    ]);
  });

  const unbound = { email: '', github_id: '', oidc_id: '', wechat_id: '', telegram_id: '', linux_do_id: '' };
  const bindable = (user: typeof unbound, status: Parameters<typeof bindingRows>[1]) =>
    bindingRows(user, status).flatMap((r) => (r.bind ? [r.bind] : []));

  it('offers e-mail always and each provider exactly when its switch is on', () => {
    expect(bindable(unbound, {})).toEqual(['email']);
    expect(
      bindable(unbound, { github_oauth: true, oidc_enabled: true, wechat_login: true, telegram_oauth: true, telegram_bot_name: 'gw_bot', linuxdo_oauth: true }),
    ).toEqual(['email', 'github', 'oidc', 'wechat', 'telegram', 'linuxdo']);
    expect(bindable(unbound, { oidc_enabled: true, telegram_oauth: true })).toEqual(['email', 'oidc']);
  });

  it('offers no provider that is already bound; the e-mail can be changed', () => {
    const user = { ...unbound, email: 'a@example.com', github_id: '123' };
    expect(bindable(user, { github_oauth: true, linuxdo_oauth: true })).toEqual(['email', 'linuxdo']);
  });
});

describe('checkTransfer (at least one quota unit, at most what is available)', () => {
  it.each([
    [500000, 1000000, 500000, null],
    [499999, 1000000, 500000, 'personal.transfer_min'],
    [2000000, 1000000, 500000, 'personal.transfer_insufficient'],
    [400000, 100000, 500000, 'personal.transfer_min'],
    [Number.NaN, 1000000, 500000, 'personal.transfer_min'],
    [500000, 500000, 0, null],
  ])('amount %s of %s (unit %s) → %s', (amount, available, unit, key) => expect(checkTransfer(amount, available, unit)).toBe(key));
});

describe('user dictionaries', () => {
  it('invite link', () => expect(inviteLink('https://gw.example', 'Ab 1')).toBe('https://gw.example/register?aff=Ab%201'));
  it('zh and en have the same keys', () => expect(Object.keys(en.personal).sort()).toEqual(Object.keys(zh.personal).sort()));
  it('carries the spec texts', () => {
    expect(zh.personal.token_reset_copied).toBe('令牌已重置并已复制到剪贴板');
    expect(zh.personal.settings_failed).toBe('更新通知设置失败');
    expect(zh.personal.transfer_min).toBe('划转金额最低为 {{min}}');
    expect(zh.personal.check_in_failed).toBe('签到失败，请稍后再试');
  });
});
