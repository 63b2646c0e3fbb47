import { en, zh } from './index';

type Tree = { [k: string]: string | Tree };
const keys = (d: Tree, p = ''): string[] => Object.entries(d).flatMap(([k, v]) => (typeof v === 'string' ? [p + k] : keys(v, `${p}${k}.`)));

describe('user dictionaries', () => {
  it('zh and en have the same keys', () => expect(keys(en as Tree).sort()).toEqual(keys(zh as Tree).sort()));
  it('carries the spec texts', () => {
    expect(zh.token.expiry_invalid).toBe('过期时间格式错误！');
    expect(zh.token.no_groups).toBe('管理员未设置用户可选分组');
    expect(en.token.no_groups).toBe('The administrator has not set selectable groups');
    expect(zh.personal.email_required).toBe('请输入邮箱！');
    expect(zh.personal.code_required).toBe('请输入邮箱验证码！');
    expect(zh.chat.no_enabled_token).toBe('当前没有可用的启用令牌，请确认是否有令牌处于启用状态！');
    expect(zh.chat.parse_failed).toBe('聊天数据解析失败');
  });
});
