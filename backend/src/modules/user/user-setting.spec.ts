import { isEncrypted } from '../auth/secret-box';
import { userSettingSchema } from './dto';
import { mergeSetting, notifySettingOf, settingView, webhookSecretOf } from './user-setting';

const CRYPTO = 'crypto-secret-for-spec';
const save = (stored: string, body: Record<string, unknown>) =>
  mergeSetting(stored, userSettingSchema.parse(body), CRYPTO);
const hook = { notify_type: 'webhook', webhook_url: 'https://hooks.example.com/a' };

describe('user setting', () => {
  it('stores the webhook secret encrypted and never shows it, only whether it is set', () => {
    const stored = save('', { ...hook, webhook_secret: 'hook-secret-1' });
    expect(stored).not.toContain('hook-secret-1');
    expect(isEncrypted(JSON.parse(stored).webhook_secret)).toBe(true);
    expect(webhookSecretOf(stored, CRYPTO)).toBe('hook-secret-1');
    expect(JSON.parse(settingView(stored))).toEqual({
      ...hook,
      notification_email: '',
      accept_unset_model_ratio_model: false,
      webhook_secret_set: true,
    });
  });

  it('keeps the secret when the field is left out, clears it when empty', () => {
    const stored = save('', { ...hook, webhook_secret: 'hook-secret-2' });
    const kept = save(stored, { ...hook, webhook_url: 'https://hooks.example.com/b' });
    expect(webhookSecretOf(kept, CRYPTO)).toBe('hook-secret-2');
    expect(JSON.parse(settingView(kept))).toMatchObject({
      webhook_url: 'https://hooks.example.com/b',
      webhook_secret_set: true,
    });
    const cleared = save(kept, { ...hook, webhook_secret: '' });
    expect(webhookSecretOf(cleared, CRYPTO)).toBe('');
    expect(JSON.parse(settingView(cleared))).toMatchObject({ webhook_secret_set: false });
  });

  it('encrypts a plain-text secret of an older version on the next save; views hide it meanwhile', () => {
    const legacy = JSON.stringify({ ...hook, webhook_secret: 'old-plain-secret' });
    expect(settingView(legacy)).not.toContain('old-plain-secret');
    expect(webhookSecretOf(legacy, CRYPTO)).toBe('old-plain-secret');
    const saved = save(legacy, { ...hook, quota_warning_threshold: 1000 });
    expect(saved).not.toContain('old-plain-secret');
    expect(webhookSecretOf(saved, CRYPTO)).toBe('old-plain-secret');
  });

  it('shows nothing of a setting that is empty or not a JSON object', () => {
    expect(settingView('')).toBe('');
    expect(settingView(null)).toBe('');
    expect(settingView('{"webhook_secret":"x"')).toBe('');
    expect(settingView('["x"]')).toBe('');
  });

  it('reads how to notify: the plain secret, the own threshold (0 when unset or invalid)', () => {
    const stored = save('', { ...hook, webhook_secret: 'hook-secret-1', quota_warning_threshold: 5000 });
    expect(notifySettingOf(stored, CRYPTO)).toEqual({
      notifyType: 'webhook',
      quotaWarningThreshold: 5000,
      webhookUrl: hook.webhook_url,
      webhookSecret: 'hook-secret-1',
      notificationEmail: '',
    });
    expect(notifySettingOf(stored, 'another-crypto-secret').webhookSecret).toBe('');
    expect(notifySettingOf('{"quota_warning_threshold":-3}', CRYPTO)).toMatchObject({ notifyType: 'email', quotaWarningThreshold: 0 });
    expect(notifySettingOf(null, CRYPTO)).toMatchObject({ notifyType: 'email', quotaWarningThreshold: 0, webhookSecret: '' });
  });
});
