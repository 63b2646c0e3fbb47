import { PasswordService } from './password.service';

describe('PasswordService.verify', () => {
  const passwords = new PasswordService();

  // Accounts created by third-party sign-in have no password: their hash is ''.
  it.each([[''], [null], [undefined], ['plain-text']])('never matches the hash %p', async (hash) => {
    expect(await passwords.verify(hash, '')).toBe(false);
    expect(await passwords.verify(hash, 'anything')).toBe(false);
  });

  it('matches the password it hashed', async () => {
    const hash = await passwords.hash('secret-pass-1');
    expect(await passwords.verify(hash, 'secret-pass-1')).toBe(true);
    expect(await passwords.verify(hash, 'secret-pass-2')).toBe(false);
  });
});
