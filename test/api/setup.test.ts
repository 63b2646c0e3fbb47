import { ApiClient } from '../support/api-client';
import { ROOT } from '../support/fixtures';
import { startApp, type TestApp } from '../support/test-app';

describe('first-run setup', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t.close());

  it('reports the database and that nothing is set up', async () => {
    const res = await new ApiClient(t.url).get('/api/setup');
    expect(res.body).toEqual({
      success: true,
      message: '',
      data: { status: false, root_init: false, database_type: process.env.TEST_DB === 'mysql' ? 'mysql' : 'sqlite' },
    });
  });

  it.each([
    [{ username: ' ', password: 'password1', confirmPassword: 'password1' }, '请输入管理员用户名'],
    [{ username: 'admin', password: 'short', confirmPassword: 'short' }, '密码长度至少为8个字符'],
    [{ username: 'admin', password: 'password1', confirmPassword: 'password2' }, '两次输入的密码不一致'],
    [
      {
        username: 'admin',
        password: 'password1',
        confirmPassword: 'password1',
        SelfUseModeEnabled: true,
        DemoSiteEnabled: true,
      },
      '自用模式和演示站点模式不能同时开启',
    ],
  ])('refuses %j with "%s" and writes nothing', async (body, message) => {
    const res = await new ApiClient(t.url).post('/api/setup', body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, data: null, message });
    expect((await new ApiClient(t.url).get('/api/setup')).body.data.status).toBe(false);
  });

  it('20 parallel submissions create exactly one root; later ones are refused', async () => {
    const attempts = Array.from({ length: 20 }, (_, i) =>
      new ApiClient(t.url).post('/api/setup', {
        username: `root${i}`,
        password: ROOT.password,
        confirmPassword: ROOT.password,
        SelfUseModeEnabled: i === 0,
        DemoSiteEnabled: false,
      }),
    );
    const results = await Promise.all(attempts);
    const winners = results.filter((r) => r.status === 200);
    expect(winners).toHaveLength(1);
    expect(results.filter((r) => r.status === 403)).toHaveLength(19);

    const status = (await new ApiClient(t.url).get('/api/setup')).body.data;
    expect(status).toMatchObject({ status: true, root_init: true });
    const winner = results.indexOf(winners[0]);
    const root = new ApiClient(t.url);
    await root.post('/api/user/login', { username: `root${winner}`, password: ROOT.password });
    const users = await root.get('/api/user/?p=0&page_size=100');
    expect(users.body.data.items.filter((u: { role: number }) => u.role === 100)).toHaveLength(1);
    expect(users.body.data.total).toBe(1);

    const again = await new ApiClient(t.url).post('/api/setup', {
      username: 'late',
      password: ROOT.password,
      confirmPassword: ROOT.password,
    });
    expect(again.status).toBe(403);
    expect(again.body).toEqual({ success: false, data: null, message: '系统已经初始化完成' });
    const publicStatus = (await new ApiClient(t.url).get('/api/status')).body.data;
    expect(publicStatus.setup).toBe(true);
    expect(publicStatus.self_use_mode_enabled).toBe(winner === 0);
  });
});
