/**
 * Form rules shared by the console and the server. Each returns null or a message key; the message
 * texts live in the i18n dictionaries.
 */
import { checkOutboundUrl } from './outbound-url';
import { parseJsonBounded } from './json-depth';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 20;
export const USERNAME_MAX = 12;
export const DISPLAY_NAME_MAX = 20;
/** Group names: users.group, tokens.group and logs.group are VARCHAR(64). */
export const GROUP_NAME_MAX = 64;

export type RuleResult = string | null;

export function checkLogin(username: string, password: string): RuleResult {
  return !username?.trim() || !password ? 'login.required' : null;
}

export function checkRegister(f: { username: string; password: string; password2: string }): RuleResult {
  if (!f.username?.trim() || !f.password) return 'register.required';
  if (f.username.length > USERNAME_MAX) return 'user.username_too_long';
  if (f.password.length < PASSWORD_MIN) return 'register.password_too_short';
  if (f.password.length > PASSWORD_MAX) return 'user.password_too_long';
  if (f.password !== f.password2) return 'register.password_mismatch';
  return null;
}

export function checkSetup(f: { username: string; password: string; confirmPassword: string }): RuleResult {
  if (!f.username?.trim()) return 'setup.username_required';
  if (f.username.trim().length > USERNAME_MAX) return 'user.username_too_long';
  if (!f.password || f.password.length < PASSWORD_MIN) return 'setup.password_too_short';
  if (f.password.length > PASSWORD_MAX) return 'user.password_too_long';
  if (f.password !== f.confirmPassword) return 'setup.password_mismatch';
  return null;
}

export function checkSelfDelete(typed: string, username: string): RuleResult {
  return typed !== username ? 'user.delete_confirm_mismatch' : null;
}

/**
 * The user's webhook: https only, no credentials in the URL, and a public host (outbound-url.ts; the
 * server checks the resolved address again when it delivers).
 */
export function checkWebhookUrl(raw: string): RuleResult {
  const url = raw.trim();
  if (!url) return null;
  if (!/^https:\/\/\S+$/i.test(url)) return 'user.webhook_https_only';
  switch (checkOutboundUrl(url)) {
    case null:
      return null;
    case 'credentials':
      return 'user.webhook_credentials';
    case 'not_public':
      return 'user.webhook_not_public';
    default:
      return 'user.webhook_https_only';
  }
}

const DOMAIN_RE = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;
export function checkWhitelistDomain(domain: string, existing: readonly string[]): RuleResult {
  if (!DOMAIN_RE.test(domain)) return 'setting.domain_invalid';
  if (existing.includes(domain)) return 'setting.domain_exists';
  return null;
}

export function checkRebatePercentage(value: number): RuleResult {
  return Number.isFinite(value) && value >= 0 && value <= 100 ? null : 'setting.rebate_range';
}

/** Valid JSON no deeper than MAX_JSON_DEPTH (the server refuses deeper JSON everywhere). */
export function isValidJson(text: string): boolean {
  try {
    parseJsonBounded(text);
    return true;
  } catch {
    return false;
  }
}

/** Same-origin path only: refuses //host, /\host, schemes and anything not starting with one slash. */
export function safeReturnTo(value: string | null | undefined, fallback = '/token'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  if ([...value].some((c) => c.charCodeAt(0) < 0x20)) return fallback;
  return value;
}
