import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** How old the widget's `auth_date` may be, and how far ahead of our clock. */
export const TELEGRAM_MAX_AGE_SEC = 24 * 3600;
export const TELEGRAM_CLOCK_SKEW_SEC = 60;

export type TelegramCheck = 'ok' | 'invalid' | 'expired';

/**
 * Checks the data the Telegram login widget hands the page (core.telegram.org/widgets/login): the
 * data-check-string is every received field except `hash`, sorted by name, as `key=value` lines; its
 * HMAC-SHA256 keyed by SHA-256(bot token) must equal `hash` (compared in constant time), and
 * `auth_date` must be recent. Pure: `nowSec` comes from the caller.
 */
export function checkTelegramLogin(
  fields: Readonly<Record<string, string>>,
  botToken: string,
  nowSec: number,
): TelegramCheck {
  const hash = fields.hash;
  if (!botToken || typeof hash !== 'string' || !/^[0-9a-f]{64}$/i.test(hash) || !fields.id) return 'invalid';
  const text = Object.keys(fields)
    .filter((k) => k !== 'hash')
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('\n');
  const key = createHash('sha256').update(botToken).digest();
  const expected = createHmac('sha256', key).update(text).digest();
  if (!timingSafeEqual(expected, Buffer.from(hash, 'hex'))) return 'invalid';
  const authDate = Number(fields.auth_date);
  if (!Number.isSafeInteger(authDate)) return 'invalid';
  if (authDate > nowSec + TELEGRAM_CLOCK_SKEW_SEC || nowSec - authDate > TELEGRAM_MAX_AGE_SEC) return 'expired';
  return 'ok';
}
