import type { UserSetting } from '@gw/shared';
import { decryptSecret, encryptSecret, isEncrypted } from '../auth/secret-box';
import type { UserSettingDto } from './dto';

/**
 * The user's `setting` JSON. Its webhook secret is stored encrypted with CRYPTO_SECRET and never
 * shown again, to admins or to its owner: views carry `webhook_secret_set` instead
 * (docs/security/secrets.md).
 */
type StoredSetting = Omit<UserSetting, 'webhook_secret_set'> & Record<string, unknown>;

function parse(text: string | null | undefined): StoredSetting | null {
  if (!text) return {};
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as StoredSetting) : null;
  } catch {
    return null;
  }
}

/** The setting as any response shows it: no webhook secret, only whether one is set. */
export function settingView(text: string | null | undefined): string {
  const stored = parse(text);
  if (!stored || !text) return '';
  const { webhook_secret: secret, ...rest } = stored;
  return JSON.stringify({ ...rest, webhook_secret_set: typeof secret === 'string' && secret !== '' });
}

/**
 * The stored setting after a save. `webhook_secret` left out keeps the stored one (the console sends
 * it only when typed); an empty string clears it; anything else replaces it, encrypted. A secret an
 * older version stored in plain text is encrypted on this save.
 */
export function mergeSetting(text: string | null | undefined, dto: UserSettingDto, cryptoSecret: string): string {
  const { webhook_secret: typed, ...fields } = dto;
  const current = parse(text) ?? {};
  const kept = typeof current.webhook_secret === 'string' ? current.webhook_secret : '';
  const secret = typed ?? kept;
  const sealed = secret === '' || isEncrypted(secret) ? secret : encryptSecret(cryptoSecret, secret);
  const { webhook_secret_set: _view, ...rest } = current as Record<string, unknown>;
  return JSON.stringify({ ...rest, ...fields, webhook_secret: sealed });
}

/** The plain webhook secret, for signing notifications ('' when none is set). */
export function webhookSecretOf(text: string | null | undefined, cryptoSecret: string): string {
  const secret = parse(text)?.webhook_secret;
  return typeof secret === 'string' && secret !== '' ? decryptSecret(cryptoSecret, secret) : '';
}

/** Whether the user takes unpriced models at the UnsetModelRatio (accept_unset_model_ratio_model). */
export function acceptsUnpricedModels(text: string | null | undefined): boolean {
  return parse(text)?.accept_unset_model_ratio_model === true;
}

/** How a user wants to be notified, read from their setting (docs/notifications.md). */
export interface NotifySetting {
  readonly notifyType: 'email' | 'webhook';
  /** The user's own low-quota threshold; 0 = use the site's QuotaRemindThreshold. */
  readonly quotaWarningThreshold: number;
  readonly webhookUrl: string;
  /** Plain secret ('' when none). */
  readonly webhookSecret: string;
  /** '' = the account's e-mail. */
  readonly notificationEmail: string;
}

export function notifySettingOf(text: string | null | undefined, cryptoSecret: string): NotifySetting {
  const s = parse(text) ?? {};
  const threshold = Number(s.quota_warning_threshold);
  let webhookSecret = '';
  try {
    webhookSecret = webhookSecretOf(text, cryptoSecret);
  } catch {
    // A secret sealed with another CRYPTO_SECRET cannot be read: the webhook goes unsigned.
  }
  return {
    notifyType: s.notify_type === 'webhook' ? 'webhook' : 'email',
    quotaWarningThreshold: Number.isSafeInteger(threshold) && threshold > 0 ? threshold : 0,
    webhookUrl: typeof s.webhook_url === 'string' ? s.webhook_url : '',
    webhookSecret,
    notificationEmail: typeof s.notification_email === 'string' ? s.notification_email : '',
  };
}
