import { decryptSecret, encryptSecret } from './secret-box';

describe('secret box', () => {
  it('round-trips and never stores the plain text', () => {
    const enc = encryptSecret('s3cret', 'sk-abc\nsk-def');
    expect(enc).not.toContain('sk-abc');
    expect(decryptSecret('s3cret', enc)).toBe('sk-abc\nsk-def');
    expect(encryptSecret('s3cret', 'x')).not.toBe(encryptSecret('s3cret', 'x'));
  });
  it('refuses a wrong secret and passes legacy plain text through', () => {
    expect(() => decryptSecret('other', encryptSecret('s3cret', 'x'))).toThrow();
    expect(decryptSecret('s3cret', 'plain-key')).toBe('plain-key');
  });
});
