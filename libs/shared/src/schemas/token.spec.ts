import { schemaProblem } from './problem';
import { createTokenSchema, TOKEN_RATE_LIMIT, TOKEN_RATE_LIMIT_DEFAULTS, updateTokenSchema } from './token';

describe('createTokenSchema', () => {
  it.each<[string, Record<string, unknown>, string | null]>([
    ['valid', {}, null],
    ['name missing', { name: undefined }, 'token.name_required'],
    ['blank name', { name: '  ' }, 'token.name_required'],
    ['name of 65', { name: 'n'.repeat(65) }, 'token.name_too_long'],
    ['name of 64', { name: 'n'.repeat(64) }, null],
    ['count 0', { count: 0 }, 'token.count_invalid'],
    ['count 101', { count: 101 }, 'token.count_invalid'],
    ['count 1.5', { count: 1.5 }, 'token.count_invalid'],
    ['count 100', { count: 100 }, null],
    ['period 0', { rate_limit_period: 0 }, 'error.check_input'],
    ['period past 31 days', { rate_limit_period: TOKEN_RATE_LIMIT.period.max + 1 }, 'error.check_input'],
    ['count -1', { rate_limit_count: -1 }, 'error.check_input'],
    ['success 0', { rate_limit_success: 0 }, 'error.check_input'],
    ['negative quota', { remain_quota: -1 }, 'error.check_input'],
    ['expiry -1 (never)', { expired_time: -1 }, null],
    ['expiry -2', { expired_time: -2 }, 'error.check_input'],
  ])('%s', (_n, over, expected) => expect(schemaProblem(createTokenSchema, { name: 't', ...over })).toBe(expected));

  it('fills the creation defaults, rate limit 60 s / 1000 / 10', () =>
    expect(createTokenSchema.parse({ name: 't' })).toEqual({
      name: 't',
      remain_quota: 0,
      unlimited_quota: false,
      expired_time: -1,
      model_limits_enabled: false,
      model_limits: '',
      allow_ips: '',
      group: '',
      rate_limit_enabled: false,
      ...TOKEN_RATE_LIMIT_DEFAULTS,
    }));

  it('the defaults are within the bounds', () => {
    for (const b of Object.values(TOKEN_RATE_LIMIT)) expect(b.default >= b.min && b.default <= b.max).toBe(true);
    expect(TOKEN_RATE_LIMIT_DEFAULTS).toEqual({ rate_limit_period: 60, rate_limit_count: 1000, rate_limit_success: 10 });
  });
});

describe('updateTokenSchema', () => {
  it.each<[string, Record<string, unknown>, string | null]>([
    ['only an id', { id: 1 }, null],
    ['no id', {}, 'error.check_input'],
    ['empty name is left to the service', { id: 1, name: '' }, null],
    ['status 5', { id: 1, status: 5 }, 'error.check_input'],
  ])('%s', (_n, value, expected) => expect(schemaProblem(updateTokenSchema, value)).toBe(expected));

  it('sets no defaults (an update changes only what is sent)', () => expect(updateTokenSchema.parse({ id: 1 })).toEqual({ id: 1 }));
});
