/** The drawing log (/api/mj, ms) and the task log (/api/task, s): paging, filters, own rows only. */
import { ApiClient } from '../support/api-client';
import { createUser, setOption, setupRoot } from '../support/fixtures';
import { createChannel, Db } from '../support/relay-fixtures';
import { startApp, type TestApp } from '../support/test-app';

const nowMs = Date.now();
const nowS = Math.floor(nowMs / 1000);

describe('drawing and task log API', () => {
  let t: TestApp;
  let db: Db;
  let root: ApiClient;
  let alice: Awaited<ReturnType<typeof createUser>>;
  let bob: Awaited<ReturnType<typeof createUser>>;

  beforeAll(async () => {
    t = await startApp();
    root = await setupRoot(t.url);
    alice = await createUser(root, 'alice');
    bob = await createUser(root, 'bob');
    db = Db.open(t);
    for (let i = 0; i < 12; i++) {
      const who = i % 3 === 0 ? bob : alice;
      await db.exec(
        'INSERT INTO midjourneys (code, user_id, action, mj_id, prompt, prompt_en, description, state, submit_time, start_time, finish_time, image_url, status, progress, fail_reason, channel_id, quota, buttons, properties, created_at) VALUES (1,?,?,?,?,\'\',\'\',\'\',?,?,?,?,?,?,?,?,?,?,\'{}\',?)',
        [
          who.id,
          i % 2 ? 'UPSCALE' : 'IMAGINE',
          `mj-${i}`,
          `a cat ${i}`,
          nowMs - (12 - i) * 60_000,
          nowMs - (12 - i) * 60_000 + 1000,
          i === 11 ? 0 : nowMs - (12 - i) * 60_000 + 5000,
          i === 11 ? null : `https://cdn.example.com/${i}.png`,
          i === 11 ? 'IN_PROGRESS' : i === 10 ? 'FAILURE' : 'SUCCESS',
          i === 11 ? '45%' : '100%',
          i === 10 ? 'banned prompt' : null,
          i % 2 ? 7 : 8,
          50_000,
          '[]',
          nowS,
        ],
      );
      await db.exec(
        'INSERT INTO tasks (created_at, updated_at, task_id, platform, user_id, channel_id, quota, action, status, fail_reason, submit_time, start_time, finish_time, progress, properties, data) VALUES (?,?,?,\'suno\',?,?,?,?,?,\'\',?,?,?,?,\'{}\',?)',
        [
          nowS,
          nowS,
          `task-${i}`,
          who.id,
          i % 2 ? 7 : 8,
          100_000,
          i % 2 ? 'LYRICS' : 'MUSIC',
          i === 11 ? 'IN_PROGRESS' : 'SUCCESS',
          nowS - (12 - i) * 60,
          nowS - (12 - i) * 60,
          i === 11 ? 0 : nowS - (12 - i) * 60 + 30,
          i === 11 ? '30%' : '100%',
          JSON.stringify([{ id: `clip-${i}`, audio_url: `https://cdn.example.com/${i}.mp3` }]),
        ],
      );
    }
  });
  afterAll(async () => {
    db.close();
    await t.close();
  });

  it('admins page through every drawing, newest first, with the channel', async () => {
    const first = (await root.get('/api/mj/?p=0&page_size=5')).body.data;
    expect(first).toMatchObject({ page: 0, page_size: 5, total: 12 });
    expect(first.items.map((r: { mj_id: string }) => r.mj_id)).toEqual(['mj-11', 'mj-10', 'mj-9', 'mj-8', 'mj-7']);
    expect(first.items[0]).toMatchObject({ status: 'IN_PROGRESS', progress: '45%', image_url: '', channel_id: 7 });
    expect(first.items[1]).toMatchObject({ status: 'FAILURE', fail_reason: 'banned prompt' });
    const last = (await root.get('/api/mj/?p=2&page_size=5')).body.data;
    expect(last.items.map((r: { mj_id: string }) => r.mj_id)).toEqual(['mj-1', 'mj-0']);
    expect((await root.get('/api/mj/?channel_id=7')).body.data.total).toBe(6);
    expect((await root.get('/api/mj/?mj_id=mj-3')).body.data.items).toHaveLength(1);
    // Times in milliseconds: a window over drawings 4..6 only.
    const win = `start_timestamp=${nowMs - 8 * 60_000 - 1}&end_timestamp=${nowMs - 6 * 60_000 + 1}`;
    expect((await root.get(`/api/mj/?${win}`)).body.data.items.map((r: { mj_id: string }) => r.mj_id)).toEqual(['mj-6', 'mj-5', 'mj-4']);
  });

  it('users see only their own drawings, without the channel', async () => {
    const mine = (await bob.client.get('/api/mj/self/?p=0&page_size=50&channel_id=7')).body.data;
    expect(mine.total).toBe(4);
    expect(mine.items.every((r: { user_id: number; channel_id: number }) => r.user_id === bob.id && r.channel_id === 0)).toBe(true);
    expect((await alice.client.get('/api/mj/self/?mj_id=mj-3')).body.data.total).toBe(0);
    expect((await alice.client.get('/api/mj/self/?mj_id=mj-4')).body.data.total).toBe(1);
    expect((await alice.client.get('/api/mj/')).status).toBe(403);
  });

  it('names the image through the gateway when forwarding is on', async () => {
    await setOption(root, 'MjForwardUrlEnabled', 'true');
    try {
      const row = (await root.get('/api/mj/?mj_id=mj-4')).body.data.items[0];
      expect(row.image_url).toBe('/mj/image/mj-4');
    } finally {
      await setOption(root, 'MjForwardUrlEnabled', 'false');
    }
    expect((await root.get('/api/mj/?mj_id=mj-4')).body.data.items[0].image_url).toBe('https://cdn.example.com/4.png');
  });

  it('admins page through every task with filters in seconds', async () => {
    const first = (await root.get('/api/task/?p=0&page_size=4')).body.data;
    expect(first).toMatchObject({ page: 0, page_size: 4, total: 12 });
    expect(first.items[0]).toMatchObject({ task_id: 'task-11', platform: 'suno', status: 'IN_PROGRESS', progress: '30%', channel_id: 7 });
    expect(JSON.parse(first.items[1].data)[0].audio_url).toBe('https://cdn.example.com/10.mp3');
    expect((await root.get('/api/task/?channel_id=8&task_id=task-2')).body.data.total).toBe(1);
    expect((await root.get('/api/task/?channel_id=7&task_id=task-2')).body.data.total).toBe(0);
    const win = `start_timestamp=${nowS - 3 * 60}&end_timestamp=${nowS}`;
    expect((await root.get(`/api/task/?${win}`)).body.data.items.map((r: { task_id: string }) => r.task_id)).toEqual(['task-11', 'task-10', 'task-9']);
    // Lenient paging as every list: nonsense is the first page at the default size.
    expect((await root.get('/api/task/?p=x&page_size=-3')).body.data).toMatchObject({ page: 0, page_size: 10 });
  });

  it('users see only their own tasks, without the channel', async () => {
    const mine = (await alice.client.get('/api/task/self?page_size=50')).body.data;
    expect(mine.total).toBe(8);
    expect(mine.items.every((r: { user_id: number; channel_id: number }) => r.user_id === alice.id && r.channel_id === 0)).toBe(true);
    expect((await bob.client.get('/api/task/self?task_id=task-1')).body.data.total).toBe(0);
    expect((await bob.client.get('/api/task/')).status).toBe(403);
  });

  it('task channels are not tested with a chat call: a clear refusal, nothing recorded', async () => {
    for (const type of [2, 5, 36]) {
      const id = await createChannel(root, { type, key: `task-key-${type}`, base_url: 'http://127.0.0.1:9', models: type === 36 ? 'suno_music' : 'mj_imagine' });
      const res = await root.get(`/api/channel/test/${id}`);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, message: expect.stringMatching(/cannot be tested|不支持测试/) });
      expect((await db.one('SELECT test_time FROM channels WHERE id = ?', [id])).test_time).toBe(0);
    }
  });

  it('the task menu follows the TaskEnabled option', async () => {
    expect((await root.get('/api/status')).body.data.enable_task).toBe(true);
    await setOption(root, 'TaskEnabled', 'false');
    expect((await root.get('/api/status')).body.data.enable_task).toBe(false);
    await setOption(root, 'TaskEnabled', 'true');
  });
});
