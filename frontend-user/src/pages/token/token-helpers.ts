/** Pure rules of the token page (docs/console.md#tokens); unit-tested. */
import {
  API_KEY_PREFIX,
  createTokenSchema,
  schemaProblem,
  TOKEN_BATCH_MAX,
  TOKEN_RATE_LIMIT,
  TOKEN_RATE_LIMIT_DEFAULTS,
  TokenStatus,
  updateTokenSchema,
  withKeyPrefix,
  type TokenRecord,
} from '@gw/shared';

/** Default quota 500000 ($1) and the presets $1, $10, $50, $100, $500, $1000. */
export const DEFAULT_TOKEN_QUOTA = 500000;
export const QUOTA_PRESETS = [500000, 5000000, 25000000, 50000000, 250000000, 500000000] as const;
export const BATCH_PRESETS = [10, 20, 30, 100] as const;
/** The rate-limit fields a new token starts with (libs/shared schemas/token.ts, the server's defaults too). */
export const RATE_LIMIT_DEFAULTS = TOKEN_RATE_LIMIT_DEFAULTS;

export type ExpiryPreset = 'never' | 'hour' | 'day' | 'month';
export const EXPIRY_PRESETS: readonly ExpiryPreset[] = ['never', 'hour', 'day', 'month'];
const PRESET_SECONDS: Record<Exclude<ExpiryPreset, 'never'>, number> = { hour: 3600, day: 86400, month: 30 * 86400 };

export function tokenStatusDisplay(t: Pick<TokenRecord, 'status' | 'model_limits_enabled'>): { key: string; color: string } {
  switch (t.status) {
    case TokenStatus.Enabled:
      return t.model_limits_enabled ? { key: 'token.status_enabled_limited', color: 'green' } : { key: 'token.status_enabled', color: 'green' };
    case TokenStatus.Disabled:
      return { key: 'token.status_disabled', color: 'red' };
    case TokenStatus.Expired:
      return { key: 'token.status_expired', color: 'gold' };
    case TokenStatus.Exhausted:
      return { key: 'token.status_exhausted', color: 'gray' };
    default:
      return { key: 'token.status_unknown', color: 'gray' };
  }
}

/** Only 1 ↔ 2 is offered; expired and exhausted tokens are changed by editing them. */
export function toggledStatus(status: number): TokenStatus.Enabled | TokenStatus.Disabled | null {
  if (status === TokenStatus.Enabled) return TokenStatus.Disabled;
  if (status === TokenStatus.Disabled) return TokenStatus.Enabled;
  return null;
}

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function randomSuffix(random: () => number = Math.random, length = 6): string {
  let s = '';
  for (let i = 0; i < length; i++) s += ALNUM[Math.floor(random() * ALNUM.length) % ALNUM.length];
  return s;
}

/** Names for a batch: the first keeps the name, every later one gets "-" and a random 6-character suffix. */
export function batchTokenNames(name: string, count: number, suffix: () => string = () => randomSuffix()): string[] {
  const n = Math.max(1, Math.min(TOKEN_BATCH_MAX, Math.trunc(count) || 1));
  return Array.from({ length: n }, (_, i) => (i === 0 ? name : `${name}-${suffix()}`));
}

/** sk-abcd**********wxyz: enough to recognise the key, never the whole of it. */
export function maskKey(key: string): string {
  const body = withKeyPrefix(key).slice(API_KEY_PREFIX.length);
  if (body.length <= 8) return `sk-${'*'.repeat(body.length)}`;
  return `sk-${body.slice(0, 4)}${'*'.repeat(Math.min(16, body.length - 8))}${body.slice(-4)}`;
}

const p2 = (n: number) => String(n).padStart(2, '0');
/** Local "YYYY-MM-DD HH:mm:ss" (the expiry input's format). */
export function formatDateTime(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${p2(d.getMonth() + 1)}-${p2(d.getDate())} ${p2(d.getHours())}:${p2(d.getMinutes())}:${p2(d.getSeconds())}`;
}

/** The expiry input for a preset: empty for never, else now plus one hour, day or 30 days. */
export function expiryPresetText(preset: ExpiryPreset, nowMs: number): string {
  return preset === 'never' ? '' : formatDateTime(nowMs + PRESET_SECONDS[preset] * 1000);
}

/** The expiry input as epoch seconds: empty → -1 (never); unparseable → null (the format error). */
export function parseExpiry(text: string | null | undefined): number | null {
  const s = (text ?? '').trim();
  if (!s) return -1;
  const m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{1,2})(?::(\d{1,2}))?)?$/.exec(s);
  if (!m) return null;
  const [y, mo, d, h = '0', mi = '0', sec = '0'] = m.slice(1);
  const date = new Date(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(sec));
  if (date.getMonth() !== Number(mo) - 1 || date.getDate() !== Number(d) || Number(h) > 23 || Number(mi) > 59 || Number(sec) > 59) return null;
  return Math.floor(date.getTime() / 1000);
}

export const expiryText = (expiredTime: number) => (expiredTime === -1 || !expiredTime ? '' : formatDateTime(expiredTime * 1000));

export interface TokenForm {
  name: string;
  remain_quota: number;
  unlimited_quota: boolean;
  expiry: string;
  count: number;
  rate_limit_enabled: boolean;
  rate_limit_period: number;
  rate_limit_count: number;
  rate_limit_success: number;
  model_limits_enabled: boolean;
  model_limits: string[];
  allow_ips: string;
  group: string;
}

export const TOKEN_DEFAULTS: TokenForm = {
  name: '',
  remain_quota: DEFAULT_TOKEN_QUOTA,
  unlimited_quota: false,
  expiry: '',
  count: 1,
  rate_limit_enabled: false,
  ...RATE_LIMIT_DEFAULTS,
  model_limits_enabled: false,
  model_limits: [],
  allow_ips: '',
  group: '',
};

export function tokenToForm(t: TokenRecord): TokenForm {
  return {
    name: t.name,
    remain_quota: t.remain_quota,
    unlimited_quota: !!t.unlimited_quota,
    expiry: expiryText(t.expired_time),
    count: 1,
    rate_limit_enabled: !!t.rate_limit_enabled,
    rate_limit_period: t.rate_limit_period || RATE_LIMIT_DEFAULTS.rate_limit_period,
    rate_limit_count: t.rate_limit_count ?? RATE_LIMIT_DEFAULTS.rate_limit_count,
    rate_limit_success: t.rate_limit_success || RATE_LIMIT_DEFAULTS.rate_limit_success,
    model_limits_enabled: !!t.model_limits_enabled,
    model_limits: (t.model_limits ?? '').split(',').map((m) => m.trim()).filter(Boolean),
    allow_ips: t.allow_ips ?? '',
    group: t.group ?? '',
  };
}

/**
 * The first failing rule as a message key: the payload against the server's schema (name required on
 * creation, its length, the rate-limit bounds), then a readable expiry.
 */
export function checkToken(f: TokenForm, isNew: boolean): string | null {
  const payload = tokenPayload(f);
  const problem = isNew ? schemaProblem(createTokenSchema, payload) : schemaProblem(updateTokenSchema, { id: 1, ...payload });
  if (problem) return problem;
  if (parseExpiry(f.expiry) === null) return 'token.expiry_invalid';
  return null;
}

const int = (v: unknown, fallback: number) => (Number.isFinite(Number(v)) ? Math.trunc(Number(v)) : fallback);

/** The body of POST/PUT /api/token/ (model limits as a comma string, allow IPs one per line). */
export function tokenPayload(f: TokenForm) {
  return {
    name: f.name.trim(),
    remain_quota: Math.max(0, int(f.remain_quota, 0)),
    unlimited_quota: !!f.unlimited_quota,
    expired_time: parseExpiry(f.expiry) ?? -1,
    rate_limit_enabled: !!f.rate_limit_enabled,
    rate_limit_period: Math.max(TOKEN_RATE_LIMIT.period.min, int(f.rate_limit_period, TOKEN_RATE_LIMIT.period.default)),
    rate_limit_count: Math.max(TOKEN_RATE_LIMIT.count.min, int(f.rate_limit_count, TOKEN_RATE_LIMIT.count.default)),
    rate_limit_success: Math.max(TOKEN_RATE_LIMIT.success.min, int(f.rate_limit_success, TOKEN_RATE_LIMIT.success.default)),
    model_limits_enabled: !!f.model_limits_enabled,
    model_limits: [...new Set(f.model_limits.map((m) => m.trim()).filter(Boolean))].join(','),
    allow_ips: f.allow_ips
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter(Boolean)
      .join('\n'),
    group: f.group ?? '',
  };
}
