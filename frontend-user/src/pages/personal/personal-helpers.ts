/** Pure helpers of the personal page (unit-tested). */
import type { ServerStatus, UserSetting, UserView } from '@gw/shared';

export function parseUserSetting(raw: string | null | undefined): UserSetting {
  try {
    const v = JSON.parse(raw || '{}') as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as UserSetting) : {};
  } catch {
    return {};
  }
}

/** The notification form; the webhook secret field starts empty (a saved secret is never shown again). */
export interface SettingFormValues {
  notify_type: 'email' | 'webhook';
  quota_warning_threshold: number | string;
  webhook_url: string;
  webhook_secret: string;
  clear_webhook_secret: boolean;
  notification_email: string;
  accept_unset_model_ratio_model: boolean;
}

/**
 * The body of PUT /api/user/setting: an empty secret field leaves the saved secret as it is (the field
 * is not sent), a typed one replaces it, and "clear" sends it empty.
 */
export function settingPayload(v: SettingFormValues): UserSetting {
  const { webhook_secret: typed, clear_webhook_secret: clear, ...rest } = v;
  const body: UserSetting = {
    ...rest,
    quota_warning_threshold: Number(v.quota_warning_threshold) || 0,
    webhook_url: v.webhook_url.trim(),
  };
  if (typed) body.webhook_secret = typed;
  else if (clear) body.webhook_secret = '';
  return body;
}

export type BindMethod = 'email' | 'github' | 'oidc' | 'linuxdo' | 'wechat' | 'telegram';

/** Each binding: the user field holding it, how it is bound, and the status switch offering that. */
export const BINDING_FIELDS = [
  { key: 'email', labelKey: 'personal.email', method: 'email', flag: null },
  { key: 'github_id', labelKey: 'personal.github', method: 'github', flag: 'github_oauth' },
  { key: 'oidc_id', labelKey: 'personal.oidc', method: 'oidc', flag: 'oidc_enabled' },
  { key: 'wechat_id', labelKey: 'personal.wechat', method: 'wechat', flag: 'wechat_login' },
  { key: 'telegram_id', labelKey: 'personal.telegram', method: 'telegram', flag: 'telegram_oauth' },
  { key: 'linux_do_id', labelKey: 'personal.linuxdo', method: 'linuxdo', flag: 'linuxdo_oauth' },
] as const satisfies ReadonlyArray<{ key: keyof UserView; labelKey: string; method: BindMethod; flag: keyof ServerStatus | null }>;

export interface BindingRow {
  key: string;
  labelKey: string;
  /** The bound address or id; null when unbound. */
  value: string | null;
  /** The bind action offered: the e-mail can always be (re)bound, a provider while unbound and switched on. */
  bind: BindMethod | null;
}

/** The account bindings as rows. */
export function bindingRows(user: Pick<UserView, (typeof BINDING_FIELDS)[number]['key']>, status: Partial<ServerStatus> = {}): BindingRow[] {
  return BINDING_FIELDS.map((f) => {
    const value = user[f.key] ? String(user[f.key]) : null;
    const on = f.flag === null || (!!status[f.flag] && (f.method !== 'telegram' || !!status.telegram_bot_name));
    return { key: f.key, labelKey: f.labelKey, value, bind: on && (f.method === 'email' || !value) ? f.method : null };
  });
}

/** Quota warning presets. */
export const THRESHOLD_PRESETS = [100000, 500000, 1000000, 5000000] as const;
export const DEFAULT_THRESHOLD = 500000;

/** Transfer from invite earnings: at least one quota unit (docs/invite.md) and no more than what is pending. */
export function checkTransfer(
  amount: number,
  available: number,
  quotaPerUnit: number,
): 'personal.transfer_min' | 'personal.transfer_insufficient' | null {
  const min = quotaPerUnit > 0 ? quotaPerUnit : 500000;
  if (!Number.isFinite(amount) || amount < min) return 'personal.transfer_min';
  return amount > available ? 'personal.transfer_insufficient' : null;
}

export const inviteLink = (origin: string, code: string) => `${origin}/register?aff=${encodeURIComponent(code)}`;
