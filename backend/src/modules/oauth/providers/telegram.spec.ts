import { createHash, createHmac } from 'node:crypto';
import { checkTelegramLogin, TELEGRAM_MAX_AGE_SEC } from './telegram';

const TOKEN = '123456:ABC-test';
const NOW = 1_800_000_000;

/** Signs widget fields the way Telegram does (independently of the code under test). */
function signed(fields: Record<string, string>, token = TOKEN): Record<string, string> {
  const text = Object.keys(fields)
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('\n');
  const key = createHash('sha256').update(token).digest();
  return { ...fields, hash: createHmac('sha256', key).update(text).digest('hex') };
}

describe('checkTelegramLogin', () => {
  const base = { id: '42', first_name: 'Ann', username: 'ann', auth_date: String(NOW - 10) };

  it.each([
    ['signed data', signed(base), 'ok'],
    ['a changed field', { ...signed(base), id: '43' }, 'invalid'],
    ['another bot token', signed(base, '999:other'), 'invalid'],
    ['no hash', { ...base }, 'invalid'],
    ['a malformed hash', { ...base, hash: 'zz' }, 'invalid'],
    ['auth_date older than a day', signed({ ...base, auth_date: String(NOW - TELEGRAM_MAX_AGE_SEC - 1) }), 'expired'],
    ['auth_date an hour ahead', signed({ ...base, auth_date: String(NOW + 3600) }), 'expired'],
    ['auth_date half a minute ahead (clock skew)', signed({ ...base, auth_date: String(NOW + 30) }), 'ok'],
  ])('%s → %s', (_name, fields, want) => {
    expect(checkTelegramLogin(fields, TOKEN, NOW)).toBe(want);
  });

  it('refuses everything without a bot token', () => {
    expect(checkTelegramLogin(signed(base, ''), '', NOW)).toBe('invalid');
  });
});
