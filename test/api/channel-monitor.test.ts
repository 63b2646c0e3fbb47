/**
 * Scheduled monitoring on the master node: periodic channel tests. Low-quota reminders are quota alerts
 * now (sent by e-mail or webhook); their periodic scan is specified in quota-alerts.test.ts.
 */
import { MockUpstream } from '../mock-upstream/mock-upstream';
import { setOption, setupRoot } from '../support/fixtures';
import { createChannel, eventually } from '../support/relay-fixtures';
import { startApp, type TestApp } from '../support/test-app';

describe('scheduled monitoring (master node)', () => {
  let t: TestApp;
  let mock: MockUpstream;

  beforeAll(async () => {
    mock = new MockUpstream();
    await mock.start();
    t = await startApp({ CHANNEL_TEST_FREQUENCY: '0.02' });
  });
  afterAll(async () => {
    await t.close();
    await mock.close();
  });

  it('tests channels periodically, disabling failing ones', async () => {
    const root = await setupRoot(t.url);
    await setOption(root, 'AutomaticDisableChannelEnabled', 'true');
    const good = await createChannel(root, {
      type: 1,
      name: 'good',
      key: 'k-good',
      base_url: mock.url,
      models: 'gpt-4o',
    });
    const bad = await createChannel(root, { type: 1, name: 'bad', key: 'k-bad', base_url: mock.url, models: 'gpt-4o' });
    mock.on('k-bad', { status: 403, errorMessage: 'forbidden' });
    expect(await eventually(async () => (await root.get(`/api/channel/${bad}`)).body.data.status === 3, 8000)).toBe(
      true,
    );
    expect((await root.get(`/api/channel/${good}`)).body.data).toMatchObject({
      status: 1,
      test_time: expect.any(Number),
    });
  });
});
