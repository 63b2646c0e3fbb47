import { ApiClient } from '../support/api-client';
import { createUser, setOption, setupRoot } from '../support/fixtures';
import { startApp, type TestApp } from '../support/test-app';

describe('user administration and self service', () => {
  let t: TestApp;
  let root: ApiClient;
  let admin: Awaited<ReturnType<typeof createUser>>;
  beforeAll(async () => {
    t = await startApp();
    root = await setupRoot(t.url);
    admin = await createUser(root, 'admin1', 'admin-pass-1', 10);
  });
  afterAll(() => t.close());

  describe('register', () => {
    it.each([
      ['zh', { username: '', password: '', password2: '' }, '用户名和密码不能为空！'],
      ['en', { username: '', password: 'x', password2: 'x' }, 'Username and password are required!'],
      ['zh', { username: 'newbie', password: 'short', password2: 'short' }, '密码长度不得小于 8 位！'],
      [
        'en',
        { username: 'newbie', password: 'short', password2: 'short' },
        'The password must be at least 8 characters!',
      ],
      ['zh', { username: 'newbie', password: 'password1', password2: 'password2' }, '两次输入的密码不一致'],
      [
        'zh',
        { username: 'averyverylongname', password: 'password1', password2: 'password1' },
        '用户名长度不得超过 12 位',
      ],
      ['zh', { username: 'newbie', password: 'p'.repeat(21), password2: 'p'.repeat(21) }, '密码长度不得超过 20 位'],
    ])('(%s) %j → %s', async (lang, body, message) => {
      const res = await new ApiClient(t.url).post('/api/user/register', body, {
        'accept-language': lang === 'en' ? 'en-US,en;q=0.9' : 'zh-CN',
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, data: null, message });
    });

    it('registers with an invite code: new-user and invitee quota, inviter credited', async () => {
      await setOption(root, 'QuotaForNewUser', '1000');
      await setOption(root, 'QuotaForInvitee', '200');
      await setOption(root, 'QuotaForInviter', '300');
      const inviter = await createUser(root, 'inviter');
      const code = (await inviter.client.get('/api/user/aff')).body.data as string;
      expect(code).toMatch(/^[A-Za-z0-9]{8}$/);
      const res = await new ApiClient(t.url).post('/api/user/register', {
        username: 'invitee',
        password: 'password1',
        password2: 'password1',
        aff_code: code,
      });
      expect(res.body).toEqual({ success: true, message: '' });
      const invitee = new ApiClient(t.url);
      await invitee.post('/api/user/login', { username: 'invitee', password: 'password1' });
      const me = (await invitee.get('/api/user/self')).body.data;
      expect(me).toMatchObject({ quota: 1200, inviter_id: inviter.id, role: 1, status: 1, group: 'default' });
      const inv = (await inviter.client.get('/api/user/self')).body.data;
      expect(inv).toMatchObject({ aff_count: 1, aff_quota: 300, aff_history_quota: 300 });
      const dup = await new ApiClient(t.url).post('/api/user/register', {
        username: 'invitee',
        password: 'password1',
        password2: 'password1',
      });
      expect(dup.body).toEqual({ success: false, data: null, message: '用户名已存在，或已注销' });
    });

    it('is refused when registration is off', async () => {
      await setOption(root, 'RegisterEnabled', 'false');
      const res = await new ApiClient(t.url).post('/api/user/register', {
        username: 'late',
        password: 'password1',
        password2: 'password1',
      });
      expect(res.status).toBe(403);
      await setOption(root, 'RegisterEnabled', 'true');
    });
  });

  describe('admin list, search, create, update', () => {
    it('pages from 0 with sizes 10/20/50/100 and never leaks hashes or tokens', async () => {
      for (let i = 0; i < 12; i++) await root.post('/api/user/', { username: `bulk${i}`, password: 'password1' });
      const p0 = await admin.client.get('/api/user/?p=0&page_size=10');
      expect(p0.body.data).toMatchObject({ page: 0, page_size: 10 });
      expect(p0.body.data.items).toHaveLength(10);
      const p1 = await admin.client.get('/api/user/?p=1&page_size=10');
      expect(p1.body.data.items[0].id).toBeLessThan(p0.body.data.items[9].id);
      expect(p0.body.data.total).toBeGreaterThanOrEqual(14);
      expect((await admin.client.get('/api/user/?p=0&page_size=1000')).body.data).toMatchObject({ page: 0, page_size: 100 });
      const text = JSON.stringify([p0.body, p1.body]);
      expect(text).not.toMatch(/argon2|"password"|access_token|session_version/);
    });

    it('searches by keyword (id, username, e-mail, display name) and group, escaping wildcards', async () => {
      const byName = await admin.client.get('/api/user/search?keyword=bulk1&p=0&page_size=20');
      expect(byName.body.data.items.map((u: { username: string }) => u.username).sort()).toEqual([
        'bulk1',
        'bulk10',
        'bulk11',
      ]);
      const byId = await admin.client.get(`/api/user/search?keyword=${admin.id}`);
      expect(byId.body.data.items.map((u: { id: number }) => u.id)).toContain(admin.id);
      const wild = await admin.client.get('/api/user/search?keyword=%25');
      expect(wild.body.data.items).toHaveLength(0);
      const group = await admin.client.get('/api/user/search?keyword=&group=vip');
      expect(group.body.data.total).toBe(0);
    });

    it.each([
      [{ username: '', password: '' }, '用户名和密码不能为空！'],
      [{ username: 'x' }, '用户名和密码不能为空！'],
      [{ username: 'shortpw', password: '123' }, '密码长度不得小于 8 位！'],
    ])('create %j → %s', async (body, message) => {
      const res = await admin.client.post('/api/user/', body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    });

    it('an admin cannot create an admin; root can', async () => {
      const res = await admin.client.post('/api/user/', { username: 'sneaky', password: 'password1', role: 10 });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('无法创建权限大于等于自己的用户');
    });

    it('updates quota as an integer and logs the change; refuses strings, negatives and fractions', async () => {
      const u = await createUser(root, 'quotauser');
      for (const quota of ['100', -1, 1.5, 2 ** 60]) {
        const bad = await admin.client.put('/api/user/', { id: u.id, quota });
        expect(bad.status).toBe(400);
      }
      const ok = await admin.client.put('/api/user/', { id: u.id, quota: 123456, group: 'vip', display_name: 'Q' });
      expect(ok.body.data).toMatchObject({ quota: 123456, group: 'vip', display_name: 'Q' });
      const unknownGroup = await admin.client.put('/api/user/', { id: u.id, group: 'nope' });
      expect(unknownGroup.body.message).toBe('分组不存在：nope');
    });
  });

  describe('manage rules', () => {
    it.each([
      ['admin', 'promote', 'user', 403, '普通管理员用户无法提升其他用户为管理员'],
      ['admin', 'disable', 'admin', 403, '无权更新同权限等级或更高权限等级的用户信息'],
      ['admin', 'disable', 'root', 403, '无法禁用超级管理员用户'],
      ['admin', 'delete', 'root', 403, '无法删除超级管理员用户'],
      ['root', 'demote', 'root', 403, '无法降级超级管理员用户'],
      ['root', 'disable', 'root', 403, '无法禁用超级管理员用户'],
      ['root', 'delete', 'root', 403, '无法删除超级管理员用户'],
      ['root', 'demote', 'user', 400, '该用户已经是普通用户'],
      ['root', 'promote', 'admin', 400, '该用户已经是管理员'],
    ])('%s %s on %s → %i %s', async (who, action, target, status, message) => {
      const other = await createUser(root, `peer${Math.floor(Math.random() * 1e6)}`, 'password1', 10);
      const plain = await createUser(root, `plain${Math.floor(Math.random() * 1e6)}`);
      const caller = who === 'root' ? root : admin.client;
      const id = target === 'root' ? 1 : target === 'admin' ? other.id : plain.id;
      const res = await caller.post('/api/user/manage', { id, action });
      expect(res.status).toBe(status);
      expect(res.body).toEqual({ success: false, data: null, message });
    });

    it('root promotes and demotes; admins disable, enable and delete users; deleted rows stay listed', async () => {
      const u = await createUser(root, 'lifecycle');
      expect((await root.post('/api/user/manage', { id: u.id, action: 'promote' })).body.data).toEqual({
        role: 10,
        status: 1,
      });
      expect((await root.post('/api/user/manage', { id: u.id, action: 'demote' })).body.data).toEqual({
        role: 1,
        status: 1,
      });
      expect((await admin.client.post('/api/user/manage', { id: u.id, action: 'disable' })).body.data).toEqual({
        role: 1,
        status: 2,
      });
      expect((await admin.client.post('/api/user/manage', { id: u.id, action: 'enable' })).body.data).toEqual({
        role: 1,
        status: 1,
      });
      expect((await admin.client.post('/api/user/manage', { id: u.id, action: 'delete' })).status).toBe(200);
      const row = (await admin.client.get(`/api/user/${u.id}`)).body.data;
      expect(row.DeletedAt).not.toBeNull();
      expect((await admin.client.post('/api/user/manage', { id: u.id, action: 'enable' })).body.message).toBe(
        '该用户已注销',
      );
      expect((await u.client.get('/api/user/self')).status).toBe(401);
      const bad = await admin.client.post('/api/user/manage', { id: u.id, action: 'explode' });
      expect(bad.body).toEqual({ success: false, data: null, message: '无效的操作' });
    });

    it('admins cannot read root or other admins', async () => {
      expect((await admin.client.get('/api/user/1')).status).toBe(403);
    });
  });

  describe('self service', () => {
    it('saves notification settings, webhook https only', async () => {
      const u = await createUser(root, 'notify');
      const bad = await u.client.put('/api/user/setting', {
        notify_type: 'webhook',
        webhook_url: 'http://example.com/hook',
      });
      expect(bad.body).toEqual({ success: false, data: null, message: 'Webhook 地址必须以 https:// 开头' });
      const missing = await u.client.put('/api/user/setting', { notify_type: 'webhook' });
      expect(missing.body.message).toBe('Webhook 地址不能为空');
      const ok = await u.client.put('/api/user/setting', {
        notify_type: 'webhook',
        webhook_url: 'https://example.com/hook',
        quota_warning_threshold: 500000,
        accept_unset_model_ratio_model: true,
      });
      expect(ok.status).toBe(200);
      const setting = JSON.parse((await u.client.get('/api/user/self')).body.data.setting);
      expect(setting).toMatchObject({
        notify_type: 'webhook',
        webhook_url: 'https://example.com/hook',
        quota_warning_threshold: 500000,
        accept_unset_model_ratio_model: true,
      });
    });

    it('lists usable groups with ratios', async () => {
      const u = await createUser(root, 'grp');
      expect((await u.client.get('/api/user/self/groups')).body.data).toEqual({
        default: { desc: '默认分组', ratio: 1 },
        vip: { desc: 'vip分组', ratio: 1 },
      });
    });

    it('deletes itself (root cannot)', async () => {
      const u = await createUser(root, 'leaver');
      expect((await u.client.delete('/api/user/self')).status).toBe(200);
      expect((await u.client.get('/api/user/self')).status).toBe(401);
      const again = await new ApiClient(t.url).post('/api/user/login', { username: 'leaver', password: 'user-pass-1' });
      expect([again.status, again.body]).toEqual([200, { success: false, data: null, message: '用户名或密码错误，或用户已被封禁' }]);
      expect((await root.delete('/api/user/self')).status).toBe(403);
    });
  });
});
