import { chatLinks, isBarePath, NAV, showsSideNav, visibleNav, type NavContext } from './nav';
import { ROUTE_TABLE } from './route-table';
import { en } from './locale/en';
import { zh } from './locale/zh';

const items = (ctx: NavContext) => visibleNav(ctx).flatMap((g) => g.items.map((i) => i.key));
const groups = (ctx: NavContext) => visibleNav(ctx).map((g) => g.key);

describe('side navigation visibility', () => {
  const base = { enable_data_export: false, enable_drawing: false, enable_task: false };
  it.each([
    ['a user, no optional flags', { status: base, isAdmin: false }, ['playground', 'token', 'log', 'topup', 'personal']],
    ['a user with dashboard, drawing and tasks', { status: { enable_data_export: true, enable_drawing: true, enable_task: true }, isAdmin: false }, ['playground', 'detail', 'token', 'log', 'midjourney', 'task', 'topup', 'personal']],
    ['an admin', { status: base, isAdmin: true }, ['playground', 'token', 'log', 'channel', 'redemption', 'user', 'setting', 'topup', 'personal']],
  ])('%s', (_n, ctx, expected) => expect(items(ctx)).toEqual(expected));

  it('shows the admin group only to admins', () => {
    expect(groups({ status: {}, isAdmin: false })).not.toContain('admin');
    expect(groups({ status: {}, isAdmin: true })).toContain('admin');
  });
});

describe('bare paths (no sidebar: home, chat, setup)', () => {
  it.each([
    ['/', true],
    ['/setup', true],
    ['/chat/0', true],
    ['/chat2link', true],
    ['/token', false],
    ['/user', false],
    ['/chatter', false],
  ])('%s → %s', (path, bare) => expect(isBarePath(path)).toBe(bare));
});

describe('side navigation shown', () => {
  it.each([
    ['/pricing', false, false],
    ['/about', false, false],
    ['/login', false, false],
    ['/token', false, false],
    ['/pricing', true, true],
    ['/token', true, true],
    ['/', true, false],
    ['/setup', true, false],
  ])('%s, signed in %s → %s', (path, signedIn, shown) => expect(showsSideNav(path, signedIn)).toBe(shown));
});

describe('route table', () => {
  const lookup = (dict: object, key: string) => key.split('.').reduce<unknown>((node, k) => (node as Record<string, unknown> | undefined)?.[k], dict);
  it('lists each path once', () => expect(new Set(ROUTE_TABLE.map((r) => r.path)).size).toBe(ROUTE_TABLE.length));
  it('names every menu group and item in both dictionaries', () => {
    const labels = NAV.flatMap((g) => [g.labelKey, ...g.items.map((i) => i.labelKey)]).filter((k): k is string => !!k);
    for (const key of labels) {
      expect([key, typeof lookup(zh, key)]).toEqual([key, 'string']);
      expect([key, typeof lookup(en, key)]).toEqual([key, 'string']);
    }
  });
});

describe('chatLinks', () => {
  it.each([
    [[{ ChatGPT: 'https://chat.example' }, { Next: 'https://next.example' }], [{ name: 'ChatGPT', index: 0 }, { name: 'Next', index: 1 }]],
    [[null, 'x', {}, { Ok: 'u' }], [{ name: 'Ok', index: 3 }]],
    ['not a list', []],
  ])('%j', (chats, expected) => expect(chatLinks(chats)).toEqual(expected));
});

describe('shell dictionaries', () => {
  type Tree = { [k: string]: string | Tree };
  const keys = (d: Tree, p = ''): string[] => Object.entries(d).flatMap(([k, v]) => (typeof v === 'string' ? [p + k] : keys(v, `${p}${k}.`)));
  it('zh and en have the same keys', () => expect(keys(en as Tree).sort()).toEqual(keys(zh).sort()));
  it('carries the spec texts', () => {
    expect(zh.page.not_found_title).toBe('页面不存在');
    expect(zh.login.success).toBe('登录成功！');
    expect(zh.register.success).toBe('注册成功！');
    expect(zh.login.turnstile_wait).toBe('请稍后几秒重试，Turnstile 正在检查用户环境！');
    expect(zh.setup.status_failed).toBe('获取初始化状态失败');
    expect(zh.setup.failed).toBe('初始化失败，请重试');
    expect(zh.setup.network_failed).toBe('系统初始化失败，请重试');
    expect(zh.setup.form_ref_error).toBe('表单引用错误，请刷新页面重试');
    expect(zh.register.email_required).toBe('请输入邮箱！');
    expect(zh.register.code_required).toBe('请输入邮箱验证码！');
  });
});
