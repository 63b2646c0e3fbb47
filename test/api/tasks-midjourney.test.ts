import { MJ_IMAGE, MjMock } from '../mock-upstream/mj-mock';
import type { ApiClient } from '../support/api-client';
import { setOption, setupRoot } from '../support/fixtures';
import { expectLedger } from '../support/ledger-invariant';
import { sampleSum, scrapeMetrics } from '../support/prometheus-text';
import { createChannel, createToken, Db, eventually, fundedUser, sleep } from '../support/relay-fixtures';
import { startApp, type TestApp } from '../support/test-app';

const UPSTREAM_KEY = 'mj-upstream-secret';
const IMAGINE = 50_000; // mj_imagine 0.1 USD × 500000
const UPSCALE = 25_000; // mj_upscale 0.05 USD × 500000
const METRICS = 'mj-metrics-token';
const TOKEN_QUOTA = 5_000_000;

interface Customer {
  id: number;
  key: string;
  tokenId: number;
}

/** The Midjourney relay: proxy format, per-action billing, polling, refunds, forwarding (docs/tasks.md). */
describe('Midjourney tasks', () => {
  let t: TestApp;
  let db: Db;
  let mj: MjMock;
  let root: ApiClient;

  /** Calls with the key in `mj-api-secret` (or as Bearer). */
  const call = async (key: string, method: 'GET' | 'POST', path: string, body?: unknown, bearer = false) => {
    const res = await fetch(`${t.url}${path}`, {
      method,
      headers: {
        ...(bearer ? { authorization: `Bearer ${key}` } : { 'mj-api-secret': key }),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  const customer = async (name: string): Promise<Customer> => {
    const u = await fundedUser(root, name, 10_000_000);
    const tok = await createToken(u.client, { remain_quota: TOKEN_QUOTA });
    return { id: u.id, key: tok.key, tokenId: tok.id };
  };
  const quotaOf = async (id: number) => Number((await db.one('SELECT quota FROM users WHERE id = ?', [id])).quota);
  const ledgerOk = (c: Customer) => expectLedger(db, { users: { [c.id]: 0 }, tokens: { [c.tokenId]: TOKEN_QUOTA } });
  const until = async (c: Customer, id: string, status: string) => {
    const task = await eventually(async () => {
      const r = await call(c.key, 'GET', `/mj/task/${id}/fetch`);
      return r.body.status === status ? r.body : null;
    }, 30_000);
    expect(task?.status).toBe(status);
    return task;
  };
  const charges = async (c: Customer, n: number): Promise<any[]> =>
    (await eventually(async () => {
      const rows = await db.all(
        'SELECT quota, model_name, other FROM logs WHERE type = 2 AND user_id = ? ORDER BY id',
        [c.id],
      );
      return rows.length >= n ? rows : null;
    })) ?? [];

  beforeAll(async () => {
    mj = new MjMock(UPSTREAM_KEY);
    await mj.start();
    t = await startApp({ TASK_POLL_INTERVAL_MS: '200', METRICS_TOKEN: METRICS });
    db = Db.open(t);
    root = await setupRoot(t.url);
    await createChannel(root, {
      type: 2,
      key: UPSTREAM_KEY,
      base_url: mj.url,
      models: 'mj_imagine,mj_upscale,mj_variation,mj_upload,mj_describe,mj_blend,mj_shorten,swap_face',
    });
  });
  afterAll(async () => {
    db.close();
    await t.close();
    await mj.close();
  });

  it('imagine → polled to SUCCESS with its image, then an upscale on it; each charged once', async () => {
    const c = await customer('mj-imagine');
    const before = await quotaOf(c.id);
    const metricsBefore = await scrapeMetrics(t.url, METRICS);
    const sub = await call(c.key, 'POST', '/mj/submit/imagine', { prompt: 'a cat --fast' }, true);
    expect(sub).toMatchObject({ status: 200, body: { code: 1, description: '提交成功' } });
    const id: string = sub.body.result;
    expect(await quotaOf(c.id)).toBe(before - IMAGINE);
    const done = await until(c, id, 'SUCCESS');
    expect(done).toMatchObject({
      id,
      action: 'IMAGINE',
      prompt: 'a cat --fast',
      progress: '100%',
      imageUrl: `${mj.url}/images/${id}.png`,
    });
    expect(done.buttons[0].customId).toContain('upsample');

    const action = await call(c.key, 'POST', '/mj/submit/action', { customId: done.buttons[0].customId, taskId: id });
    expect(action.body.code).toBe(1);
    const up = await until(c, action.body.result, 'SUCCESS');
    expect(up.action).toBe('UPSCALE');
    const rows = await charges(c, 2);
    expect(rows.map((r: any) => [r.model_name, Number(r.quota)])).toEqual([
      ['mj_imagine', IMAGINE],
      ['mj_upscale', UPSCALE],
    ]);
    expect(JSON.parse(rows[0].other).task_id).toBe(id);
    expect(await quotaOf(c.id)).toBe(before - IMAGINE - UPSCALE);
    // Each accepted submission counts in the relay metrics as one delivered request of mode task.
    const metricsAfter = await scrapeMetrics(t.url, METRICS);
    const moved = (name: string, model: string) =>
      sampleSum(metricsAfter, name, { model }) - sampleSum(metricsBefore, name, { model });
    expect(moved('gateway_relay_requests_total', 'mj_imagine')).toBe(1);
    expect(moved('gateway_relay_quota_total', 'mj_imagine')).toBe(IMAGINE);
    expect(moved('gateway_relay_quota_total', 'mj_upscale')).toBe(UPSCALE);
    expect((await call(c.key, 'GET', `/mj/task/${id}/image-seed`)).body).toMatchObject({
      code: 1,
      result: `seed-${id}`,
    });
    await ledgerOk(c);
  });

  it('an action on a task that has not succeeded is refused, free', async () => {
    mj.pollsToFinish = 1000;
    try {
      const c = await customer('mj-early');
      const sub = await call(c.key, 'POST', '/mj/submit/imagine', { prompt: 'slow dog' });
      const before = await quotaOf(c.id);
      const action = await call(c.key, 'POST', '/mj/submit/action', {
        customId: 'MJ::JOB::upsample::1::x',
        taskId: sub.body.result,
      });
      expect(action.body).toMatchObject({ code: 4, description: 'task_status_not_success' });
      expect(await quotaOf(c.id)).toBe(before);
    } finally {
      mj.pollsToFinish = 3;
    }
  });

  it('with MjForwardUrlEnabled the image URL goes through the gateway, served from the task channel', async () => {
    const c = await customer('mj-forward');
    const sub = await call(c.key, 'POST', '/mj/submit/imagine', { prompt: 'a forwarded fox' });
    const id: string = sub.body.result;
    await until(c, id, 'SUCCESS');
    await setOption(root, 'ServerAddress', t.url);
    await setOption(root, 'MjForwardUrlEnabled', 'true');
    try {
      const task = await eventually(async () => {
        const r = await call(c.key, 'GET', `/mj/task/${id}/fetch`);
        return r.body.imageUrl.startsWith(t.url) ? r.body : null;
      });
      expect(task.imageUrl).toBe(`${t.url}/mj/image/${id}`);
      const img = await fetch(task.imageUrl);
      expect(img.status).toBe(200);
      expect(img.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await img.arrayBuffer()).equals(MJ_IMAGE)).toBe(true);
      expect((await fetch(`${t.url}/mj/image/999`)).status).toBe(404);
    } finally {
      await setOption(root, 'MjForwardUrlEnabled', 'false');
    }
  });

  it('a failed task is refunded exactly once', async () => {
    const c = await customer('mj-failed');
    const before = await quotaOf(c.id);
    const sub = await call(c.key, 'POST', '/mj/submit/imagine', { prompt: 'this will fail' });
    const task = await until(c, sub.body.result, 'FAILURE');
    expect(task.failReason).toBe('Midjourney refused the job');
    await eventually(async () => (await quotaOf(c.id)) === before);
    await sleep(1000);
    expect(await quotaOf(c.id)).toBe(before);
    const rows = await charges(c, 2);
    expect(rows.map((r: any) => Number(r.quota))).toEqual([IMAGINE, -IMAGINE]);
    await ledgerOk(c);
  });

  it('an upstream refusal is answered in the proxy format and refunded', async () => {
    const c = await customer('mj-refused');
    const before = await quotaOf(c.id);
    const sub = await call(c.key, 'POST', '/mj/submit/imagine', { prompt: 'please refuse' });
    expect(sub.body).toMatchObject({ code: 24, description: '可能包含敏感词' });
    expect(await quotaOf(c.id)).toBe(before);
    expect(Number((await db.one('SELECT COUNT(*) AS n FROM midjourneys WHERE user_id = ?', [c.id])).n)).toBe(0);
    await ledgerOk(c);
  });

  it('a duplicate answers 22; list-by-condition shows only the caller’s tasks', async () => {
    const c = await customer('mj-dup');
    const other = await customer('mj-other');
    const first = await call(c.key, 'POST', '/mj/submit/imagine', { prompt: 'dup bird' });
    const second = await call(c.key, 'POST', '/mj/submit/imagine', { prompt: 'dup bird' });
    expect(first.body.code).toBe(1);
    expect(second.body).toMatchObject({ code: 22, result: first.body.result });
    const mine = await call(c.key, 'POST', '/mj/task/list-by-condition', { ids: [first.body.result] });
    expect(mine.body.length).toBeGreaterThan(0);
    expect(mine.body[0]).toMatchObject({ id: first.body.result, action: 'IMAGINE' });
    expect((await call(other.key, 'POST', '/mj/task/list-by-condition', { ids: [first.body.result] })).body).toEqual(
      [],
    );
    expect((await call(other.key, 'GET', `/mj/task/${first.body.result}/fetch`)).status).toBe(404);
    await until(c, first.body.result, 'SUCCESS');
    await ledgerOk(c);
    await ledgerOk(other);
  });

  it('options: mode flags cleared, account filter and notify hook passed only when enabled (hook by the outbound rule)', async () => {
    const c = await customer('mj-options');
    const lastSubmit = () => [...mj.requests].reverse().find((r) => r.path === '/mj/submit/imagine')!.body;
    const body = {
      prompt: 'a hill --relax --v 6',
      accountFilter: { instanceId: 'a1' },
      notifyHook: 'https://hooks.example.com/mj',
    };
    expect((await call(c.key, 'POST', '/mj/submit/imagine', body)).body.code).toBe(1);
    expect(lastSubmit()).toEqual({ prompt: 'a hill --relax --v 6' });
    await setOption(root, 'MjModeClearEnabled', 'true');
    await setOption(root, 'MjAccountFilterEnabled', 'true');
    await setOption(root, 'MjNotifyEnabled', 'true');
    try {
      await eventually(async () => {
        await call(c.key, 'POST', '/mj/submit/imagine', body);
        return lastSubmit().prompt === 'a hill --v 6';
      });
      expect(lastSubmit()).toEqual({
        prompt: 'a hill --v 6',
        accountFilter: { instanceId: 'a1' },
        notifyHook: 'https://hooks.example.com/mj',
      });
      const before = await quotaOf(c.id);
      const internal = await call(c.key, 'POST', '/mj/submit/imagine', {
        prompt: 'x',
        notifyHook: 'http://127.0.0.1:9/hook',
      });
      expect(internal).toMatchObject({ status: 400, body: { code: 4, description: 'invalid_notify_hook' } });
      expect(await quotaOf(c.id)).toBe(before);
    } finally {
      await setOption(root, 'MjModeClearEnabled', 'false');
      await setOption(root, 'MjAccountFilterEnabled', 'false');
      await setOption(root, 'MjNotifyEnabled', 'false');
    }
    await ledgerOk(c);
  });

  it('a large upload (base64 image) is accepted with the key in mj-api-secret', async () => {
    const c = await customer('mj-large');
    const image = `data:image/png;base64,${Buffer.alloc(120_000, 1).toString('base64')}`;
    const sub = await call(c.key, 'POST', '/mj/submit/imagine', { prompt: 'from an image', base64Array: [image] });
    expect(sub).toMatchObject({ status: 200, body: { code: 1 } });
    expect((await call('sk-wrong', 'POST', '/mj/submit/imagine', { prompt: 'x', base64Array: [image] })).status).toBe(
      401,
    );
    await ledgerOk(c);
  });

  it('describe, blend, shorten, swap-face, upload and simple-change: each priced by its action', async () => {
    const c = await customer('mj-kinds');
    const img = 'data:image/png;base64,iVBORw0KGgo=';
    const kinds: [string, unknown, string, number][] = [
      ['describe', { base64: img }, 'mj_describe', 25_000],
      ['blend', { base64Array: [img, img], dimensions: 'SQUARE' }, 'mj_blend', 50_000],
      ['shorten', { prompt: 'a very long prompt' }, 'mj_shorten', 50_000],
      ['swap-face', { sourceBase64: img, targetBase64: img }, 'swap_face', 25_000],
      ['upload-discord-images', { base64Array: [img] }, 'mj_upload', 25_000],
    ];
    for (const [kind, body] of kinds) {
      const r = await call(c.key, 'POST', `/mj/submit/${kind}`, body);
      expect([kind, r.body.code]).toEqual([kind, 1]);
    }
    const imagine = await call(c.key, 'POST', '/mj/submit/imagine', { prompt: 'base for simple-change' });
    await until(c, imagine.body.result, 'SUCCESS');
    const change = await call(c.key, 'POST', '/mj/submit/simple-change', { content: `${imagine.body.result} U1` });
    expect(change.body.code).toBe(1);
    const rows = await charges(c, kinds.length + 2);
    expect(rows.map((r: any) => [r.model_name, Number(r.quota)])).toEqual([
      ...kinds.map(([, , model, quota]) => [model, quota]),
      ['mj_imagine', IMAGINE],
      ['mj_upscale', UPSCALE],
    ]);
    // The upload answers URLs and leaves no task.
    const tasks = await db.all('SELECT action FROM midjourneys WHERE user_id = ? ORDER BY id', [c.id]);
    expect(tasks.map((r: any) => r.action)).toEqual([
      'DESCRIBE',
      'BLEND',
      'SHORTEN',
      'SWAP_FACE',
      'IMAGINE',
      'UPSCALE',
    ]);
    await ledgerOk(c);
  });
});
