import { buildSettings, OPTION_DEFS, OPTION_KEYS, parseOptionValue, SECRET_OPTION_KEYS, validateOptionValue } from './options';

describe('option catalogue', () => {
  it('every default validates against its own definition', () => {
    for (const key of OPTION_KEYS) expect(validateOptionValue(key, OPTION_DEFS[key].default)).toEqual({ ok: true, value: expect.any(String) });
  });

  it.each([
    ['RebatePercentage', '0', true],
    ['RebatePercentage', '100', true],
    ['RebatePercentage', '100.1', false],
    ['RetryTimes', '3', true],
    ['RetryTimes', '3.5', false],
    ['RetryTimes', '', false],
    ['ModelRatio', '{"a":1}', true],
    ['ModelRatio', '[]', false],
    ['Chats', '[{"a":"b"}]', true],
    ['LogErrorEnabled', 'true', true],
    ['LogErrorEnabled', 'TRUE', false],
    ['DataExportDefaultTime', 'week', true],
    ['DataExportDefaultTime', 'year', false],
    ['Unknown', 'x', false],
    ['ModelRatio', '{"a":-1}', false],
    ['ModelRatio', '{"a":1e309}', false],
    ['ModelRatio', '{"a":"1"}', false],
    ['GroupRatio', '{"vip":-0.5}', false],
    ['GroupRatio', `{"${'g'.repeat(65)}":1}`, false],
    ['TopupGroupRatio', '{"vip":null}', false],
    ['CompletionRatio', '{"a":0}', true],
    ['QuotaForNewUser', '1e20', false],
    ['QuotaForNewUser', '-1', false],
    ['PreConsumedQuota', 'Infinity', false],
    ['WorkerUrl', '', true],
    ['WorkerUrl', 'https://worker.example.com', true],
    ['WorkerUrl', 'http://169.254.169.254', false],
    ['oidc.token_endpoint', 'http://[::ffff:127.0.0.1]/token', false],
    ['ServerAddress', 'http://localhost:3000', true],
  ])('%s = %j valid: %s', (key, value, ok) => expect(validateOptionValue(key, value).ok).toBe(ok));

  it('names the refused map entry and the kind of URL problem', () => {
    expect(validateOptionValue('ModelPrice', '{"dall-e-3": -0.04}')).toEqual({ ok: false, error: 'bad_ratio_value', entry: 'dall-e-3' });
    expect(validateOptionValue('WorkerUrl', 'ftp://worker.example')).toEqual({ ok: false, error: 'url_invalid' });
    expect(validateOptionValue('WorkerUrl', 'http://10.1.2.3')).toEqual({ ok: false, error: 'url_not_public' });
  });

  it('reads stored maps with a bad entry as they are (pricing skips the entry), not as the default', () => {
    expect(buildSettings({ ModelRatio: '{"a":-1,"b":2}' }).ModelRatio).toEqual({ a: -1, b: 2 });
  });

  it('builds a frozen typed snapshot; bad stored values fall back to defaults', () => {
    const s = buildSettings({ RetryTimes: '3', LogErrorEnabled: 'true', GroupRatio: 'garbage', QuotaPerUnit: '1000' });
    expect(s.RetryTimes).toBe(3);
    expect(s.LogErrorEnabled).toBe(true);
    expect(s.GroupRatio).toEqual({ default: 1, vip: 1, svip: 1 });
    expect(s.QuotaPerUnit).toBe(1000);
    expect(Object.isFrozen(s)).toBe(true);
    expect(parseOptionValue('Chats', undefined)).toEqual([]);
  });

  it('every option named like a credential is secret (the public Turnstile site key aside)', () => {
    // new-api withholds keys ending in Token, Secret, Key, secret or api_key; a new option cannot slip through.
    const PUBLIC = ['TurnstileSiteKey'];
    const credentialNamed = OPTION_KEYS.filter((k) => /(Token|Secret|Key|secret|api_key)$/.test(k) && !PUBLIC.includes(k));
    expect([...SECRET_OPTION_KEYS].sort()).toEqual(credentialNamed.sort());
  });
});
