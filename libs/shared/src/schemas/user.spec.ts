import { schemaProblem } from './problem';
import { checkAddUser, checkOptionalPassword, checkPasswordChange, createUserSchema, manageUserSchema, updateSelfSchema, updateUserSchema, userSettingSchema } from './user';

describe('createUserSchema', () => {
  it.each<[string, Record<string, unknown>, string | null]>([
    ['valid', {}, null],
    ['username missing', { username: undefined }, 'user.add_required'],
    ['password missing', { password: undefined }, 'user.add_required'],
    ['empty password', { password: '' }, 'user.add_required'],
    ['username of 13', { username: 'u'.repeat(13) }, 'user.username_too_long'],
    ['password of 7', { password: 'p'.repeat(7) }, 'user.password_too_short'],
    ['password of 21', { password: 'p'.repeat(21) }, 'user.password_too_long'],
    ['display name of 21', { display_name: 'd'.repeat(21) }, 'user.display_name_too_long'],
  ])('%s', (_n, over, expected) => expect(schemaProblem(createUserSchema, { username: 'alice', password: 'password1', ...over })).toBe(expected));
});

describe('updateUserSchema', () => {
  it.each<[string, Record<string, unknown>, string | null]>([
    ['id only', {}, null],
    ['empty password keeps it', { password: '' }, null],
    ['short password', { password: 'short' }, 'user.password_too_short'],
    ['quota with the loaded one', { quota: 10, original_quota: -5 }, null],
    ['negative quota', { quota: -1 }, 'user.quota_invalid'],
    ['fractional quota', { quota: 1.5 }, 'user.quota_invalid'],
    ['original_quota without quota', { original_quota: 5 }, 'user.quota_invalid'],
    ['delta and quota together', { quota: 1, quota_delta: 1 }, 'user.quota_invalid'],
    ['negative delta', { quota_delta: -100 }, null],
    ['empty group', { group: ' ' }, 'error.check_input'],
  ])('%s', (_n, over, expected) => expect(schemaProblem(updateUserSchema, { id: 7, ...over })).toBe(expected));
});

describe('self, manage and notification settings', () => {
  it.each<[string, Parameters<typeof schemaProblem>[0], unknown, string | null]>([
    ['self: new name too long', updateSelfSchema, { username: 'u'.repeat(13) }, 'user.username_too_long'],
    ['self: password change', updateSelfSchema, { password: 'password1', original_password: 'old' }, null],
    ['manage: unknown action', manageUserSchema, { id: 1, action: 'explode' }, 'user.invalid_action'],
    ['manage: promote', manageUserSchema, { id: 1, action: 'promote' }, null],
    ['setting: defaults', userSettingSchema, {}, null],
    ['setting: webhook needs a URL', userSettingSchema, { notify_type: 'webhook' }, 'user.webhook_url_required'],
    ['setting: http webhook', userSettingSchema, { webhook_url: 'http://hook.example' }, 'user.webhook_https_only'],
    ['setting: private webhook', userSettingSchema, { webhook_url: 'https://127.0.0.1/hook' }, 'user.webhook_not_public'],
    ['setting: bad e-mail', userSettingSchema, { notification_email: 'nope' }, 'user.notification_email_invalid'],
  ])('%s', (_n, schema, value, expected) => expect(schemaProblem(schema, value)).toBe(expected));
});

describe('form rules built on the schemas', () => {
  it.each<[string, string | null, string | null]>([
    ['add: both empty', checkAddUser({ username: '', password: '' }), 'user.add_required'],
    ['add: long name', checkAddUser({ username: 'a'.repeat(13), password: 'password1' }), 'user.username_too_long'],
    ['add: short password', checkAddUser({ username: 'a', password: 'short' }), 'user.password_too_short'],
    ['add: fine', checkAddUser({ username: 'a', password: 'password1' }), null],
    ['optional password empty', checkOptionalPassword(''), null],
    ['optional password long', checkOptionalPassword('p'.repeat(21)), 'user.password_too_long'],
    ['change mismatch', checkPasswordChange('password1', 'password2'), 'user.password_mismatch'],
  ])('%s', (_n, actual, expected) => expect(actual).toBe(expected));
});
