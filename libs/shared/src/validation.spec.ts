import { checkAddUser, checkPasswordChange } from './schemas/user';
import { checkLogin, checkRegister, checkSelfDelete, checkSetup, checkWebhookUrl, checkWhitelistDomain, checkRebatePercentage, safeReturnTo } from './validation';

describe('form rules', () => {
  it.each([
    [{ username: '', password: '', password2: '' }, 'register.required'],
    [{ username: 'a', password: '1234567', password2: '1234567' }, 'register.password_too_short'],
    [{ username: 'a', password: '12345678', password2: '12345679' }, 'register.password_mismatch'],
    [{ username: 'abcdefghijklm', password: '12345678', password2: '12345678' }, 'user.username_too_long'],
    [{ username: 'a', password: '12345678', password2: '12345678' }, null],
  ])('register %j → %s', (f, key) => expect(checkRegister(f)).toBe(key));

  it.each([
    [{ username: ' ', password: '12345678', confirmPassword: '12345678' }, 'setup.username_required'],
    [{ username: 'root', password: '1234567', confirmPassword: '1234567' }, 'setup.password_too_short'],
    [{ username: 'root', password: '12345678', confirmPassword: 'x' }, 'setup.password_mismatch'],
    [{ username: 'root', password: '12345678', confirmPassword: '12345678' }, null],
  ])('setup %j → %s', (f, key) => expect(checkSetup(f)).toBe(key));

  it('login, add user, password change, self delete, webhook, whitelist, rebate', () => {
    expect(checkLogin('', 'x')).toBe('login.required');
    expect(checkAddUser({ username: 'a', password: '' })).toBe('user.add_required');
    expect(checkPasswordChange('12345678', '12345670')).toBe('user.password_mismatch');
    expect(checkSelfDelete('alice', 'bob')).toBe('user.delete_confirm_mismatch');
    expect(checkWebhookUrl('http://x.example')).toBe('user.webhook_https_only');
    expect(checkWebhookUrl('https://x.example/hook')).toBeNull();
    expect(checkWhitelistDomain('not a domain', [])).toBe('setting.domain_invalid');
    expect(checkWhitelistDomain('gmail.com', ['gmail.com'])).toBe('setting.domain_exists');
    expect(checkRebatePercentage(100.1)).toBe('setting.rebate_range');
  });

  it.each([
    ['/token', '/token'],
    ['/user?x=1', '/user?x=1'],
    ['//evil.example', '/token'],
    ['/\\evil.example', '/token'],
    ['javascript:alert(1)', '/token'],
    ['https://evil.example/', '/token'],
    [null, '/token'],
  ])('safeReturnTo(%j) = %s', (input, out) => expect(safeReturnTo(input)).toBe(out));
});
