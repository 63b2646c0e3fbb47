import {
  batchTokenNames,
  checkToken,
  expiryPresetText,
  maskKey,
  parseExpiry,
  QUOTA_PRESETS,
  randomSuffix,
  TOKEN_DEFAULTS,
  tokenPayload,
  tokenStatusDisplay,
  toggledStatus,
  type TokenForm,
} from './token-helpers';

describe('tokenStatusDisplay', () => {
  it.each([
    [1, false, 'token.status_enabled', 'green'],
    [1, true, 'token.status_enabled_limited', 'green'],
    [2, false, 'token.status_disabled', 'red'],
    [2, true, 'token.status_disabled', 'red'],
    [3, false, 'token.status_expired', 'gold'],
    [4, false, 'token.status_exhausted', 'gray'],
    [7, false, 'token.status_unknown', 'gray'],
  ])('status %d, model limits %s → %s', (status, limited, key, color) =>
    expect(tokenStatusDisplay({ status, model_limits_enabled: limited })).toEqual({ key, color }));

  it.each([
    [1, 2],
    [2, 1],
    [3, null],
    [4, null],
  ])('toggle from %d → %p (only 1 ↔ 2)', (from, to) => expect(toggledStatus(from)).toBe(to));
});

describe('batch names (6-character suffix rule)', () => {
  it.each([
    [1, ['api']],
    [3, ['api', 'api-AAAAAA', 'api-AAAAAA']],
    [0, ['api']],
  ])('count %d', (count, names) => expect(batchTokenNames('api', count, () => 'AAAAAA')).toEqual(names));

  it('every later token gets a random alphanumeric 6-character suffix', () => {
    const names = batchTokenNames('team', 20);
    expect(names[0]).toBe('team');
    for (const n of names.slice(1)) expect(n).toMatch(/^team-[A-Za-z0-9]{6}$/);
    expect(new Set(names.slice(1)).size).toBeGreaterThan(15);
  });

  it.each([
    [() => 0, 'AAAAAA'],
    [() => 0.9999, '999999'],
  ])('randomSuffix stays in the alphabet', (rnd, s) => expect(randomSuffix(rnd)).toBe(s));

  it('caps a batch at 100', () => expect(batchTokenNames('x', 500, () => 'abcdef')).toHaveLength(100));
});

describe('keys', () => {
  it.each([
    ['sk-abcdefghijklmnop', 'sk-abcd********mnop'],
    ['abcdefghijklmnop', 'sk-abcd********mnop'],
    ['sk-short', 'sk-*****'],
  ])('%s → %s', (key, masked) => expect(maskKey(key)).toBe(masked));
});

describe('expiry', () => {
  const now = new Date(2026, 0, 15, 10, 30, 0).getTime();
  it.each([
    ['never', ''],
    ['hour', '2026-01-15 11:30:00'],
    ['day', '2026-01-16 10:30:00'],
    ['month', '2026-02-14 10:30:00'],
  ] as const)('preset %s', (preset, text) => expect(expiryPresetText(preset, now)).toBe(text));

  it.each<[string, number | null]>([
    ['', -1],
    ['  ', -1],
    ['2026-01-15 11:30:00', new Date(2026, 0, 15, 11, 30, 0).getTime() / 1000],
    ['2026-01-15', new Date(2026, 0, 15).getTime() / 1000],
    ['2026-02-30 10:00:00', null],
    ['2026-01-15 25:00:00', null],
    ['tomorrow', null],
  ])('parse %p', (text, seconds) => expect(parseExpiry(text)).toBe(seconds));
});

describe('checkToken', () => {
  const f = (over: Partial<TokenForm>): TokenForm => ({ ...TOKEN_DEFAULTS, name: 'a', ...over });
  it.each<[string, Partial<TokenForm>, boolean, string | null]>([
    ['valid', {}, true, null],
    ['name required on creation', { name: ' ' }, true, 'token.name_required'],
    ['name not checked on edit', { name: '' }, false, null],
    ['bad expiry', { expiry: '2026-13-01' }, true, 'token.expiry_invalid'],
    ['name longer than the server takes', { name: 'n'.repeat(65) }, true, 'token.name_too_long'],
    ['name too long on edit (the server answers invalid parameters)', { name: 'n'.repeat(65) }, false, 'error.check_input'],
  ])('%s', (_n, over, isNew, expected) => expect(checkToken(f(over), isNew)).toBe(expected));
});

describe('tokenPayload', () => {
  it('defaults: $1 quota, never expires, rate limit 60/1000/10', () =>
    expect(tokenPayload({ ...TOKEN_DEFAULTS, name: ' t ' })).toEqual({
      name: 't',
      remain_quota: 500000,
      unlimited_quota: false,
      expired_time: -1,
      rate_limit_enabled: false,
      rate_limit_period: 60,
      rate_limit_count: 1000,
      rate_limit_success: 10,
      model_limits_enabled: false,
      model_limits: '',
      allow_ips: '',
      group: '',
    }));
  it('model limits as a comma string, allow IPs one per line', () =>
    expect(tokenPayload({ ...TOKEN_DEFAULTS, model_limits: ['a', 'b', 'a'], allow_ips: ' 1.2.3.4 \r\n\n10.0.0.0/8 ' })).toMatchObject({
      model_limits: 'a,b',
      allow_ips: '1.2.3.4\n10.0.0.0/8',
    }));
  it('quota presets are $1..$1000 at 500000 per dollar', () => expect(QUOTA_PRESETS.map((q) => q / 500000)).toEqual([1, 10, 50, 100, 500, 1000]));
});
