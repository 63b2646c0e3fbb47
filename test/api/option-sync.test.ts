import { ApiClient } from '../support/api-client';
import { setOption, setupRoot } from '../support/fixtures';
import { startApp, startNode, type TestApp } from '../support/test-app';

describe('options across nodes', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await startApp({ SYNC_FREQUENCY: '1' });
    b = await startNode(a, { SYNC_FREQUENCY: '1', NODE_TYPE: 'slave' });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('a change on one node reaches another within SYNC_FREQUENCY', async () => {
    const root = await setupRoot(a.url);
    await setOption(root, 'Notice', 'hello from node a');
    const deadline = Date.now() + 5000;
    let seen = '';
    while (Date.now() < deadline && seen !== 'hello from node a') {
      seen = (await new ApiClient(b.url).get('/api/notice')).body.data;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(seen).toBe('hello from node a');
    // Setup done on node a is seen by node b.
    expect((await new ApiClient(b.url).get('/api/status')).body.data.setup).toBe(true);
  });
});
