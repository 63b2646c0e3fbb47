import { SECRET_OPTION_KEYS } from '@gw/shared';
import { ApiClient } from '../support/api-client';
import { createUser, setOption, setupRoot } from '../support/fixtures';
import { registeredRoutes } from '../support/routes';
import { startApp, type TestApp } from '../support/test-app';

/**
 * Plants unique markers as secret options, passwords and access tokens, then reads every GET route
 * (user and option endpoints included) as every kind of caller: no response and no line the process
 * printed may carry a marker, a password hash or another user's access token.
 */
describe('no secret leaks', () => {
  let t: TestApp;
  const markers: string[] = [];
  const bodies: string[] = [];

  beforeAll(async () => {
    t = await startApp({ LOG_LEVEL: 'log' });
  });
  afterAll(() => t.close());

  it('keeps secrets out of every response and out of the process output', async () => {
    const root = await setupRoot(t.url);
    for (const key of SECRET_OPTION_KEYS) {
      const marker = `SECRET-${key.replace(/\W/g, '')}-${Math.random().toString(36).slice(2)}`;
      markers.push(marker);
      await setOption(root, key, marker);
    }
    const userPassword = 'pw-MARKER-user1';
    const adminPassword = 'pw-MARKER-adm1';
    markers.push(userPassword, adminPassword, 'root-pass-1');
    const user = await createUser(root, 'leakuser', userPassword);
    const admin = await createUser(root, 'leakadmin', adminPassword, 10);
    const userToken = (await user.client.get('/api/user/token')).body.data as string;
    const adminToken = (await admin.client.get('/api/user/token')).body.data as string;
    const rootToken = (await root.get('/api/user/token')).body.data as string;
    markers.push(userToken, adminToken, rootToken);
    await user.client.put('/api/user/self', { password: 'pw-MARKER-user2', original_password: userPassword });
    markers.push('pw-MARKER-user2');

    const gets = registeredRoutes().filter(
      (r) => r.method === 'GET' && !r.path.includes('/token') && !r.path.startsWith('/v1'),
    );
    const concrete = (p: string) => p.replace(':id', String(user.id));
    for (const client of [root, admin.client, user.client, new ApiClient(t.url)]) {
      for (const r of gets) {
        const res = await client.get(concrete(r.path));
        bodies.push(JSON.stringify(res.body));
      }
      bodies.push(JSON.stringify((await client.get('/api/user/search?keyword=leak')).body));
    }
    // Failed logins and bad options must not echo secrets either.
    bodies.push(
      JSON.stringify(
        (await new ApiClient(t.url).post('/api/user/login', { username: 'leakuser', password: 'pw-MARKER-wrong' }))
          .body,
      ),
    );
    markers.push('pw-MARKER-wrong');

    const everything = bodies.join('\n');
    expect(everything).toContain('leakuser');
    for (const m of markers) expect(everything).not.toContain(m);
    expect(everything).not.toMatch(/\$argon2/);
    for (const m of markers) expect(t.output()).not.toContain(m);
  });
});
