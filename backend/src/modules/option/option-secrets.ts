import { OPTION_DEFS, isOptionKey, type OptionDef } from '@gw/shared';
import { decryptSecret, encryptSecret, isEncrypted } from '../auth/secret-box';

/**
 * Secret options at rest (docs/security/secrets.md): written encrypted with CRYPTO_SECRET, read back
 * into the settings snapshot as plain text. Rows an older version wrote in plain text still read as
 * they are until they are sealed (at boot, or by the next write).
 */
export function isSecretOption(key: string): boolean {
  return isOptionKey(key) && !!(OPTION_DEFS[key] as OptionDef).secret;
}

/** The value as stored: secret options encrypted (an empty one stays empty: "not set"). */
export function sealOption(cryptoSecret: string, key: string, value: string): string {
  return isSecretOption(key) && value !== '' ? encryptSecret(cryptoSecret, value) : value;
}

/**
 * Stored rows as the raw values the snapshot is built from: secrets decrypted. A secret that cannot
 * be decrypted (CRYPTO_SECRET changed) is left out, so it reads as empty, and named in `unreadable`.
 */
export function openRows(
  cryptoSecret: string,
  rows: readonly { key: string; value: string | null }[],
): { raw: Record<string, string>; unreadable: string[] } {
  const raw: Record<string, string> = {};
  const unreadable: string[] = [];
  for (const { key, value } of rows) {
    if (value === null) continue;
    try {
      raw[key] = isSecretOption(key) ? decryptSecret(cryptoSecret, value) : value;
    } catch {
      unreadable.push(key);
    }
  }
  return { raw, unreadable };
}

/** A secret option still stored in plain text. */
export function needsSealing(key: string, stored: string | null): stored is string {
  return isSecretOption(key) && !!stored && !isEncrypted(stored);
}
