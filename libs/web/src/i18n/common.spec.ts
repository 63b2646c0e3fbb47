import {
  checkAddUser,
  checkLogin,
  checkPasswordChange,
  checkRebatePercentage,
  checkRegister,
  checkSelfDelete,
  checkSetup,
  checkWebhookUrl,
  checkWhitelistDomain,
} from '@gw/shared';
import { commonEn, commonZh } from './common';

type Tree = { [k: string]: string | Tree };
function lookup(dict: Tree, key: string): string | undefined {
  const value = key.split('.').reduce<string | Tree | undefined>((node, part) => (node && typeof node === 'object' ? node[part] : undefined), dict);
  return typeof value === 'string' ? value : undefined;
}
function keys(dict: Tree, prefix = ''): string[] {
  return Object.entries(dict).flatMap(([k, v]) => (typeof v === 'string' ? [prefix + k] : keys(v, `${prefix}${k}.`)));
}

/** Every message of the shared form rules, with its Chinese text. */
const RULES: Array<[string, string | null, string]> = [
  ['login empty', checkLogin('', ''), '请输入用户名和密码！'],
  ['register empty', checkRegister({ username: '', password: '', password2: '' }), '用户名和密码不能为空！'],
  ['register short', checkRegister({ username: 'a', password: 'short', password2: 'short' }), '密码长度不得小于 8 位！'],
  ['register mismatch', checkRegister({ username: 'a', password: 'password1', password2: 'password2' }), '两次输入的密码不一致'],
  ['setup no username', checkSetup({ username: '  ', password: 'password1', confirmPassword: 'password1' }), '请输入管理员用户名'],
  ['setup short', checkSetup({ username: 'root', password: 'short', confirmPassword: 'short' }), '密码长度至少为8个字符'],
  ['setup mismatch', checkSetup({ username: 'root', password: 'password1', confirmPassword: 'password2' }), '两次输入的密码不一致'],
  ['add user empty', checkAddUser({ username: '', password: '' }), '用户名和密码不能为空！'],
  ['add user long name', checkAddUser({ username: 'a'.repeat(13), password: 'password1' }), '用户名长度不得超过 12 位'],
  ['add user long password', checkAddUser({ username: 'a', password: 'p'.repeat(21) }), '密码长度不得超过 20 位'],
  ['password change mismatch', checkPasswordChange('password1', 'password2'), '两次输入的密码不一致！'],
  ['password change short', checkPasswordChange('short', 'short'), '密码长度不得小于 8 位！'],
  ['self delete', checkSelfDelete('bob', 'alice'), '请输入你的账户名以确认删除！'],
  ['webhook http', checkWebhookUrl('http://hook.example'), 'Webhook 地址必须以 https:// 开头'],
  ['webhook credentials', checkWebhookUrl('https://user:pw@hook.example'), 'Webhook 地址不能包含用户名或密码'],
  ['webhook private', checkWebhookUrl('https://10.0.0.1/hook'), 'Webhook 地址不能指向本机、内网、链路本地或云元数据地址'],
  ['domain invalid', checkWhitelistDomain('not a domain', []), '邮箱域名格式不正确，请输入有效的域名，如 gmail.com'],
  ['domain exists', checkWhitelistDomain('gmail.com', ['gmail.com']), '该域名已存在于白名单中'],
  ['rebate range', checkRebatePercentage(101), '返佣百分比必须在0到100之间'],
];

describe('shared form rules have their messages in zh and en', () => {
  it.each(RULES)('%s', (_name, key, zh) => {
    expect(key).not.toBeNull();
    expect(lookup(commonZh, key!)).toBe(zh);
    expect(lookup(commonEn as Tree, key!)).toMatch(/\w/);
  });

  it('zh and en have the same keys', () => {
    expect(keys(commonEn as Tree).sort()).toEqual(keys(commonZh).sort());
  });

  it('global error texts match the spec catalogue', () => {
    expect(lookup(commonZh, 'error.too_many_requests')).toBe('错误：请求次数过多，请稍后再试！');
    expect(lookup(commonZh, 'error.server')).toBe('错误：服务器内部错误，请联系管理员！');
    expect(lookup(commonZh, 'error.no_change')).toBe('你似乎并没有修改什么');
    expect(lookup(commonZh, 'common.copy_failed')).toBe('无法复制到剪贴板，请手动复制');
    expect(lookup(commonZh, 'error.expired')).toBe('未登录或登录已过期，请重新登录！');
  });
});
