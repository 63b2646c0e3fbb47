import { SECRET_OPTION_KEYS } from '@gw/shared';
import { decryptSecret, encryptSecret } from '../auth/secret-box';
import { needsSealing, openRows, sealOption } from './option-secrets';

const CRYPTO = 'crypto-secret-for-spec';

describe('secret options at rest', () => {
  it('secret options are sealed, others stored as they are; an empty secret stays empty ("not set")', () => {
    for (const key of SECRET_OPTION_KEYS) {
      const sealed = sealOption(CRYPTO, key, `value-of-${key}`);
      expect([key, sealed.startsWith('v1:'), sealed.includes('value-of')]).toEqual([key, true, false]);
      expect(decryptSecret(CRYPTO, sealed)).toBe(`value-of-${key}`);
    }
    expect(sealOption(CRYPTO, 'SMTPServer', 'smtp.example.com')).toBe('smtp.example.com');
    expect(sealOption(CRYPTO, 'SMTPToken', '')).toBe('');
  });

  it('rows read back decrypted (boot and every SYNC_FREQUENCY reload), plain text of older versions as it is', () => {
    const { raw, unreadable } = openRows(CRYPTO, [
      { key: 'SMTPToken', value: encryptSecret(CRYPTO, 'smtp-pass') },
      { key: 'EpayKey', value: 'legacy-plain' },
      { key: 'SMTPServer', value: 'smtp.example.com' },
      { key: 'Notice', value: null },
    ]);
    expect(raw).toEqual({ SMTPToken: 'smtp-pass', EpayKey: 'legacy-plain', SMTPServer: 'smtp.example.com' });
    expect(unreadable).toEqual([]);
  });

  it('a secret encrypted with another CRYPTO_SECRET is left out (reads as empty) and named', () => {
    const { raw, unreadable } = openRows(CRYPTO, [{ key: 'TurnstileSecretKey', value: encryptSecret('older', 'x') }]);
    expect(raw).toEqual({});
    expect(unreadable).toEqual(['TurnstileSecretKey']);
  });

  it('only plain-text secrets need sealing', () => {
    expect(needsSealing('WorkerValidKey', 'plain')).toBe(true);
    expect(needsSealing('WorkerValidKey', encryptSecret(CRYPTO, 'plain'))).toBe(false);
    expect(needsSealing('WorkerValidKey', '')).toBe(false);
    expect(needsSealing('WorkerUrl', 'https://worker.example.com')).toBe(false);
  });
});
