/** Scheduled monitoring on the master node: periodic channel tests and quota-low reminders (issue 5 item 2). */
import { MockUpstream } from '../mock-upstream/mock-upstream';
import { createUser, setOption, setupRoot } from '../support/fixtures';
import { createChannel, Db, eventually } from '../support/relay-fixtures';
import { startApp, type TestApp } from '../support/test-app';

describe('scheduled monitoring (master node)', () => {
  let t: TestApp;
  let mock: MockUpstream;

  beforeAll(async () => {
    mock = new MockUpstream();
    await mock.start();
    t = await startApp({ CHANNEL_TEST_FREQUENCY: '0.02', QUOTA_REMIND_FREQUENCY: '0.02' });
  });
  afterAll(async () => {
    await t.close();
    await mock.close();
  });

  it('tests channels periodically, disabling failing ones, and reminds users with low quota', async () => {
    const root = await setupRoot(t.url);
    const db = Db.open(t);
    await setOption(root, 'AutomaticDisableChannelEnabled', 'true');
    await setOption(root, 'QuotaRemindThreshold', '1000');
    const good = await createChannel(root, {
      type: 1,
      name: 'good',
      key: 'k-good',
      base_url: mock.url,
      models: 'gpt-4o',
    });
    const bad = await createChannel(root, { type: 1, name: 'bad', key: 'k-bad', base_url: mock.url, models: 'gpt-4o' });
    mock.on('k-bad', { status: 403, errorMessage: 'forbidden' });
    const user = await createUser(root, 'low_quota');
    expect(await eventually(async () => (await root.get(`/api/channel/${bad}`)).body.data.status === 3, 8000)).toBe(
      true,
    );
    expect((await root.get(`/api/channel/${good}`)).body.data).toMatchObject({
      status: 1,
      test_time: expect.any(Number),
    });
    const reminder = await eventually(
      () => db.one('SELECT * FROM logs WHERE type = 4 AND user_id = ?', [user.id]),
      8000,
    );
    expect(reminder.content).toContain('quota');
    db.close();
  });
});
