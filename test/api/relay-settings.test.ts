import { DEFAULT_MODEL_RATIO } from '@gw/shared';
import type { MockUpstream } from '../mock-upstream/mock-upstream';
import type { ApiClient } from '../support/api-client';
import { setOption } from '../support/fixtures';
import { createChannel, eventually } from '../support/relay-fixtures';
import { RelayHarness } from '../support/relay-harness';

/**
 * The global relay settings of the Models tab: global.hide_upstream_error_enabled,
 * global.pass_through_request_enabled, global.block_browser_extension_enabled and
 * general_setting.ping_interval_* (SSE keep-alive).
 */
describe('relay: global provider settings', () => {
  let h: RelayHarness;
  let mock: MockUpstream;
  let root: ApiClient;
  let key: string;

  const post = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    fetch(`${h.t.url}/v1/chat/completions`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${key}`,
        'content-type': 'application/json',
        'accept-language': 'en',
        ...headers,
      },
      body: JSON.stringify(body),
    });
  const chat = (model: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
    post({ model, messages: [{ role: 'user', content: 'hi' }], ...extra }, headers);

  beforeAll(async () => {
    h = await RelayHarness.start();
    ({ root, openai: mock } = h);
    const models = ['s-err', 's-pass', 's-ping'];
    await setOption(
      root,
      'ModelRatio',
      JSON.stringify({ ...DEFAULT_MODEL_RATIO, ...Object.fromEntries(models.map((m) => [m, 1])) }),
    );
    await setOption(root, 'LogErrorEnabled', 'true');
    await createChannel(root, { name: 'err', key: 'k-err', base_url: mock.url, models: 's-err' });
    await createChannel(root, {
      name: 'pass',
      key: 'k-pass',
      base_url: mock.url,
      models: 's-pass',
      param_override: JSON.stringify({ temperature: 0.1 }),
    });
    await createChannel(root, { name: 'ping', key: 'k-ping', base_url: mock.url, models: 's-ping' });
    mock.on('k-err', { status: 400, errorMessage: 'account acme-internal-7 has no access to this model' });
    mock.on('k-ping', { chunks: 2, chunkDelayMs: 1600, chunkText: 'slow ' });
    ({ key } = await h.customer('settings', 10_000_000));
  });
  afterAll(() => h?.close());

  describe('global.hide_upstream_error_enabled', () => {
    afterEach(() => setOption(root, 'global.hide_upstream_error_enabled', 'false'));

    it('off (default): the upstream message reaches the client', async () => {
      const res = await chat('s-err');
      expect(res.status).toBe(400);
      expect((await res.json()).error.message).toContain('acme-internal-7');
    });

    it('on: the client sees a generic message with the status; the error log keeps the detail', async () => {
      await setOption(root, 'global.hide_upstream_error_enabled', 'true');
      const res = await chat('s-err');
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body.error.message).toBe('The upstream service failed (status 400)');
      expect(JSON.stringify(body)).not.toContain('acme-internal-7');
      const log = await eventually(() =>
        h.db.one("SELECT content FROM logs WHERE type = 6 AND model_name = 's-err' ORDER BY id DESC"),
      );
      expect(log.content).toContain('acme-internal-7');
    });
  });

  describe('global.pass_through_request_enabled', () => {
    afterEach(() => setOption(root, 'global.pass_through_request_enabled', 'false'));
    const sent = () => mock.byKey('k-pass').at(-1)!.body;

    it('off (default): the gateway asks for stream usage and applies param_override', async () => {
      const res = await chat('s-pass', { stream: true });
      await res.text();
      expect(sent().stream_options).toEqual({ include_usage: true });
      expect(sent().temperature).toBe(0.1);
    });

    it('on: the body goes upstream as the client sent it, and the stream is still billed', async () => {
      await setOption(root, 'global.pass_through_request_enabled', 'true');
      const body = { model: 's-pass', messages: [{ role: 'user', content: 'hi' }], stream: true, seed: 7 };
      const res = await post(body);
      expect(await res.text()).toContain('data: [DONE]');
      expect(sent()).toEqual(body);
      const log = await eventually(() =>
        h.db.one("SELECT quota, completion_tokens FROM logs WHERE type = 2 AND model_name = 's-pass' ORDER BY id DESC"),
      );
      expect(Number(log.completion_tokens)).toBeGreaterThan(0);
      expect(Number(log.quota)).toBeGreaterThan(0);
    });
  });

  describe('global.block_browser_extension_enabled', () => {
    afterEach(() => setOption(root, 'global.block_browser_extension_enabled', 'false'));
    const extension = { origin: 'chrome-extension://abcdefghijklmnopabcdefghijklmnop' };

    it('off (default): extension origins are served', async () => {
      expect((await chat('s-pass', {}, extension)).status).toBe(200);
    });

    it('on: extension origins get 403 in the OpenAI format; web pages are still served', async () => {
      await setOption(root, 'global.block_browser_extension_enabled', 'true');
      const res = await chat('s-pass', {}, extension);
      expect(res.status).toBe(403);
      expect((await res.json()).error).toMatchObject({
        code: 'browser_extension_blocked',
        message: 'Requests from browser extensions are not allowed',
      });
      expect((await chat('s-pass', {}, { origin: 'https://chat.example.com' })).status).toBe(200);
    });
  });

  describe('general_setting.ping_interval_*', () => {
    afterEach(() => setOption(root, 'general_setting.ping_interval_enabled', 'false'));

    const streamText = async () => (await chat('s-ping', { stream: true })).text();

    it('off (default): no keep-alive comments', async () => {
      expect(await streamText()).not.toContain(': PING');
    });

    it('on: an idle stream gets ": PING" comments and still ends normally', async () => {
      await setOption(root, 'general_setting.ping_interval_seconds', '1');
      await setOption(root, 'general_setting.ping_interval_enabled', 'true');
      const text = await streamText();
      expect(text).toContain(': PING\n\n');
      expect(text.match(/slow /g)).toHaveLength(2);
      expect(text.trimEnd().endsWith('data: [DONE]')).toBe(true);
    });
  });
});
