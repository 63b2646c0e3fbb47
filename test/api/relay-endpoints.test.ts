import OpenAI, { toFile } from 'openai';
import { DEFAULT_MODEL_RATIO } from '@gw/shared';
import { MockUpstream } from '../mock-upstream/mock-upstream';
import { ApiClient } from '../support/api-client';
import { setOption, setupRoot } from '../support/fixtures';
import { createChannel, createToken, Db, eventually, fundedUser } from '../support/relay-fixtures';
import { startApp, type TestApp } from '../support/test-app';

/** The other endpoints, the playground, limits, body caps and many concurrent streams on SQLite. */
describe('relay endpoints and limits', () => {
  let t: TestApp;
  let mock: MockUpstream;
  let root: ApiClient;
  let db: Db;
  let user: Awaited<ReturnType<typeof fundedUser>>;
  let key: string;
  let client: OpenAI;
  const rawPost = (path: string, body: unknown, k = key) =>
    fetch(`${t.url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${k}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    mock = new MockUpstream();
    await mock.start();
    t = await startApp({ MAX_REQUEST_BODY_MB: '1' });
    db = Db.open(t);
    root = await setupRoot(t.url);
    await setOption(
      root,
      'ModelRatio',
      JSON.stringify({ ...DEFAULT_MODEL_RATIO, 'rerank-v3.5': 1, 'm-limit': 1, 'm-mrl': 1 }),
    );
    await createChannel(root, {
      key: 'up-ep',
      base_url: mock.url,
      models: 'gpt-4o,gpt-3.5-turbo-instruct,omni-moderation-latest,dall-e-2,tts-1,whisper-1,rerank-v3.5,m-limit,m-mrl',
    });
    user = await fundedUser(root, 'endpoints', 100_000_000);
    ({ key } = await createToken(user.client, { remain_quota: 50_000_000 }));
    client = new OpenAI({ apiKey: key, baseURL: `${t.url}/v1`, maxRetries: 0 });
  });
  afterAll(async () => {
    db.close();
    await t.close();
    await mock.close();
  });
  beforeEach(() => mock.reset());

  it('completions, moderations, images, speech, rerank and responses', async () => {
    expect((await client.completions.create({ model: 'gpt-3.5-turbo-instruct', prompt: 'x' })).choices[0].text).toBe(
      'done',
    );
    expect((await client.moderations.create({ input: 'x' })).results[0].flagged).toBe(false);
    expect((await client.images.generate({ prompt: 'a cat' })).data?.[0].url).toContain('example.invalid');
    const speech = await client.audio.speech.create({ model: 'tts-1', voice: 'alloy', input: 'hello there' });
    expect(Buffer.from(await speech.arrayBuffer())).toHaveLength(2048);
    const rerank = await rawPost('/v1/rerank', { model: 'rerank-v3.5', query: 'q', documents: ['a', 'b'] });
    expect(rerank.status).toBe(200);
    const resp = await client.responses.create({ model: 'gpt-4o', input: 'hi' });
    expect(resp.output_text).toBe('resp');
    expect(mock.requests.map((r) => r.path)).toEqual([
      '/v1/completions',
      '/v1/moderations',
      '/v1/images/generations',
      '/v1/audio/speech',
      '/v1/rerank',
      '/v1/responses',
    ]);
    const logs = await eventually(async () => {
      const rows = await db.all('SELECT model_name, quota, prompt_tokens FROM logs WHERE type = 2 AND user_id = ?', [
        user.id,
      ]);
      return rows.length === 6 ? rows : null;
    });
    const speechLog = logs!.find((l) => l.model_name === 'tts-1');
    expect(speechLog.prompt_tokens).toBe(11); // tts-1 bills characters (new-api): "hello there"
    expect(logs!.find((l) => l.model_name === 'dall-e-2').quota).toBe(10_000); // 0.02 × 500000
  });

  it('passes multipart uploads through (transcriptions) with the model field read', async () => {
    const res = await client.audio.transcriptions.create({
      model: 'whisper-1',
      file: await toFile(Buffer.from('RIFFfakeaudio'), 'a.wav'),
    });
    expect(res.text).toBe('hello from audio');
    const req = mock.requests[0];
    expect(req.path).toBe('/v1/audio/transcriptions');
    expect(req.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(req.raw.toString('latin1')).toContain('RIFFfakeaudio');
  });

  it('refuses bodies over MAX_REQUEST_BODY_MB with 413 in the OpenAI format', async () => {
    const res = await rawPost('/v1/chat/completions', {
      model: 'gpt-4o',
      messages: [{ role: 'user', content: 'x'.repeat(1_100_000) }],
    });
    expect(res.status).toBe(413);
    expect((await res.json()).error).toBeDefined();
    expect(mock.requests).toHaveLength(0);
  });

  it('token rate limit: requests per period', async () => {
    const limited = await createToken(user.client, {
      rate_limit_enabled: true,
      rate_limit_period: 60,
      rate_limit_count: 2,
      rate_limit_success: 10,
    });
    const body = { model: 'm-limit', messages: [{ role: 'user', content: 'x' }] };
    expect((await rawPost('/v1/chat/completions', body, limited.key)).status).toBe(200);
    expect((await rawPost('/v1/chat/completions', body, limited.key)).status).toBe(200);
    const third = await rawPost('/v1/chat/completions', body, limited.key);
    expect(third.status).toBe(429);
    expect((await third.json()).error.code).toBe('rate_limit_exceeded');
  });

  it('model request rate limit per user (success count)', async () => {
    await setOption(root, 'ModelRequestRateLimitEnabled', 'true');
    await setOption(root, 'ModelRequestRateLimitSuccessCount', '2');
    const u = await fundedUser(root, 'mrl', 1_000_000);
    const k = (await createToken(u.client)).key;
    const body = { model: 'm-mrl', messages: [{ role: 'user', content: 'x' }] };
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await rawPost('/v1/chat/completions', body, k)).status);
    expect(statuses).toEqual([200, 200, 429]);
    await setOption(root, 'ModelRequestRateLimitEnabled', 'false');
  });

  it('sensitive words in the prompt are refused when the check is on', async () => {
    await setOption(root, 'SensitiveWords', 'forbidden-word');
    await setOption(root, 'CheckSensitiveEnabled', 'true');
    const res = await rawPost('/v1/chat/completions', {
      model: 'gpt-4o',
      messages: [{ role: 'user', content: 'say FORBIDDEN-word now' }],
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe('sensitive_words_detected');
    expect(mock.requests).toHaveLength(0);
    await setOption(root, 'CheckSensitiveEnabled', 'false');
  });

  it('playground: the console session streams a chat billed to the user', async () => {
    const res = await fetch(`${t.url}/pg/chat/completions`, {
      method: 'POST',
      headers: {
        ...user.client.sessionHeaders(),
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        model: 'gpt-4o',
        group: 'default',
        stream: true,
        messages: [{ role: 'user', content: 'hi' }],
      }),
    });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain('tok0');
    expect(text).toContain('[DONE]');
    const log = await eventually(() =>
      db.one('SELECT * FROM logs WHERE type = 2 AND user_id = ? AND token_id = 0', [user.id]),
    );
    expect(log.quota).toBeGreaterThan(0);
    const anon = await fetch(`${t.url}/pg/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(anon.status).toBe(401);
  });

  it('logs chat content only when LogChatContentEnabled', async () => {
    const u = await fundedUser(root, 'content', 1_000_000);
    const k = (await createToken(u.client)).key;
    const body = { model: 'gpt-4o', messages: [{ role: 'user', content: 'secret prompt text' }] };
    await rawPost('/v1/chat/completions', body, k);
    const plain = await eventually(() => db.one('SELECT other FROM logs WHERE type = 2 AND user_id = ?', [u.id]));
    expect(plain.other).not.toContain('secret prompt text');
    await setOption(root, 'LogChatContentEnabled', 'true');
    await rawPost('/v1/chat/completions', body, k);
    const rows = await eventually(async () => {
      const all = await db.all('SELECT other FROM logs WHERE type = 2 AND user_id = ? ORDER BY id', [u.id]);
      return all.length === 2 ? all : null;
    });
    expect(JSON.parse(rows![1].other)).toMatchObject({
      input_content: expect.stringContaining('secret prompt text'),
      output_content: 'Hello from the mock.',
    });
    await setOption(root, 'LogChatContentEnabled', 'false');
  });

  it('billing compatibility endpoints and GET /api/user/models', async () => {
    const sub = await fetch(`${t.url}/v1/dashboard/billing/subscription`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect((await sub.json()).object).toBe('billing_subscription');
    const usage = await fetch(`${t.url}/dashboard/billing/usage`, { headers: { authorization: `Bearer ${key}` } });
    expect((await usage.json()).total_usage).toBeGreaterThanOrEqual(0);
    const models = await user.client.get('/api/user/models');
    expect(models.body.data).toContain('gpt-4o');
  });

  it('SQLite: 50 concurrent streams, no lock error, every one billed', async () => {
    mock.setDefault({ chunks: 10, chunkDelayMs: 20 });
    const before = Number((await db.one('SELECT COUNT(*) AS n FROM logs WHERE type = 2')).n);
    const texts = await Promise.all(
      Array.from({ length: 50 }, async () => {
        const stream = await client.chat.completions.create({
          model: 'gpt-4o',
          stream: true,
          messages: [{ role: 'user', content: 'x' }],
        });
        let s = '';
        for await (const c of stream) s += c.choices[0]?.delta?.content ?? '';
        return s;
      }),
    );
    expect(texts.every((s) => s.startsWith('tok0 ') && s.endsWith('tok9 '))).toBe(true);
    await eventually(
      async () => Number((await db.one('SELECT COUNT(*) AS n FROM logs WHERE type = 2')).n) - before === 50,
    );
    expect(Number((await db.one('SELECT COUNT(*) AS n FROM logs WHERE type = 2')).n) - before).toBe(50);
    expect(t.output()).not.toMatch(/locked|SQLITE_BUSY/i);
  });
});
