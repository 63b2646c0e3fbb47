import { ApiClient } from '../support/api-client';
import { setupRoot } from '../support/fixtures';
import { startApp, type TestApp } from '../support/test-app';

describe('smoke', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t.close());

  it('answers /api/status and sets up once', async () => {
    const anon = new ApiClient(t.url);
    const status = await anon.get('/api/status');
    expect(status.body).toMatchObject({ success: true, data: { setup: false } });
    const root = await setupRoot(t.url);
    const self = await root.get('/api/user/self');
    expect(self.body.data).toMatchObject({ username: 'root', role: 100 });
  });
});
