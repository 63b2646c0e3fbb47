import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Reversible encryption of stored secrets (API keys of tokens and channels, secret options, webhook
 * secrets) with CRYPTO_SECRET:
 * AES-256-GCM, output `v1:` + base64(iv | tag | ciphertext). Lookups never decrypt: they use the
 * keyed hash (secrets.ts keyedHash).
 */
const PREFIX = 'v1:';

function keyOf(secret: string): Buffer {
  return createHash('sha256').update(`gw-secret-box:${secret}`).digest();
}

export function encryptSecret(secret: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

/** True for a value written by encryptSecret (anything else is legacy plain text). */
export function isEncrypted(stored: string): boolean {
  return stored.startsWith(PREFIX);
}

/** Decrypts a value written by encryptSecret; a value without the prefix is returned as is (legacy plain text). */
export function decryptSecret(secret: string, stored: string): string {
  if (!stored.startsWith(PREFIX)) return stored;
  const raw = Buffer.from(stored.slice(PREFIX.length), 'base64');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}
