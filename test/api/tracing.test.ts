import OpenAI from 'openai';
import WebSocket from 'ws';
import { MjMock } from '../mock-upstream/mj-mock';
import { OtlpReceiver, type ReceivedSpan } from '../mock-upstream/otlp-receiver';
import { RealtimeMock } from '../mock-upstream/realtime-mock';
import { SunoMock } from '../mock-upstream/suno-mock';
import { expectLedger } from '../support/ledger-invariant';
import { createChannel, createToken, eventually, fundedUser } from '../support/relay-fixtures';
import { RelayHarness } from '../support/relay-harness';

/**
 * Traces (OTLP/HTTP JSON onto a collector stand-in) and Server-Timing on relay answers
 * (docs/observability.md#traces-and-logs). OpenAI mock: 10 in / 20 out; gpt-4.1 1 × (10 + 20 × 4) = 90.
 */
const TIMING = /^gateway;dur=\d+(\.\d+)?(, upstream;dur=\d+(\.\d+)?)?$/;
const GATEWAY_ONLY = /^gateway;dur=\d+(\.\d+)?$/;
const BOTH = /^gateway;dur=\d+(\.\d+)?, upstream;dur=\d+(\.\d+)?$/;
/** Priced by default; its only channel is the Realtime mock. */
const REALTIME_MODEL = 'gpt-4o';

describe('relay: traces and Server-Timing', () => {
  const otlp = new OtlpReceiver();
  const mj = new MjMock('mj-trace-secret');
  const suno = new SunoMock('suno-trace-key');
  const realtime = new RealtimeMock();
  let h: RelayHarness;
  let key: string;
  let client: OpenAI;
  let userId: number;
  let tokenId: number;
  let channelId: number;

  beforeAll(async () => {
    await otlp.start();
    await Promise.all([mj.start(), suno.start(), realtime.start()]);
    h = await RelayHarness.start({
      OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_BSP_SCHEDULE_DELAY: '100',
    });
    channelId = await createChannel(h.root, { type: 1, key: 'sk-trace', base_url: h.openai.url, models: 'gpt-4.1' });
    const user = await fundedUser(h.root, 'tracer', 1_000_000);
    userId = user.id;
    const token = await createToken(user.client, { remain_quota: 500_000 });
    tokenId = token.id;
    key = token.key;
    await createChannel(h.root, { type: 2, key: 'mj-trace-secret', base_url: mj.url, models: 'mj_imagine' });
    await createChannel(h.root, { type: 36, key: 'suno-trace-key', base_url: suno.url, models: 'suno_music' });
    await createChannel(h.root, { type: 1, key: 'sk-rt-trace', base_url: realtime.url, models: REALTIME_MODEL });
    client = new OpenAI({ apiKey: token.key, baseURL: `${h.t.url}/v1`, maxRetries: 0 });
  });
  afterAll(async () => {
    await h?.close();
    await otlp.close();
    await Promise.all([mj.close(), suno.close(), realtime.close()]);
  });

  const spanOf = async (pred: (s: ReceivedSpan) => boolean): Promise<ReceivedSpan> => {
    await eventually(async () => otlp.spans.some(pred), 15_000);
    return otlp.spans.find(pred)!;
  };

  it('exports one GenAI span per request, a child span per attempt, and propagates traceparent', async () => {
    const { data, response } = await client.chat.completions
      .create({ model: 'gpt-4.1', messages: [{ role: 'user', content: 'hi' }] })
      .withResponse();
    expect(data.usage).toMatchObject({ prompt_tokens: 10, completion_tokens: 20 });
    const requestId = response.headers.get('x-oneapi-request-id')!;
    expect(response.headers.get('server-timing')).toMatch(TIMING);
    expect(response.headers.get('server-timing')).toContain('upstream;dur=');

    const relay = await spanOf((s) => s.attributes['gateway.request_id'] === requestId);
    expect(relay.name).toBe('chat gpt-4.1');
    expect(relay.attributes).toMatchObject({
      'gen_ai.operation.name': 'chat',
      'gen_ai.request.model': 'gpt-4.1',
      'gen_ai.response.model': 'gpt-4.1',
      'gen_ai.provider.name': 'openai',
      'gen_ai.usage.input_tokens': 10,
      'gen_ai.usage.output_tokens': 20,
      'gateway.channel.id': channelId,
      'gateway.quota': 90,
      'gateway.stream': false,
      'http.response.status_code': 200,
    });
    const attempt = await spanOf((s) => s.parentSpanId === relay.spanId);
    expect(attempt.traceId).toBe(relay.traceId);
    expect(attempt.attributes).toMatchObject({
      'url.full': `${h.openai.url}/v1/chat/completions`,
      'http.response.status_code': 200,
      'gateway.channel.id': channelId,
    });
    // The upstream saw the attempt span as its parent.
    const sent = h.openai.requests.find((r) => r.headers.authorization === 'Bearer sk-trace');
    expect(sent?.headers.traceparent).toBe(`00-${relay.traceId}-${attempt.spanId}-01`);
  });

  it("continues the client's trace and stamps stream heads", async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const stream = await client.chat.completions
      .create(
        { model: 'gpt-4.1', stream: true, messages: [{ role: 'user', content: 'hi' }] },
        { headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` } },
      )
      .withResponse();
    expect(stream.response.headers.get('server-timing')).toMatch(TIMING);
    for await (const chunk of stream.data) void chunk;
    const requestId = stream.response.headers.get('x-oneapi-request-id')!;
    const relay = await spanOf((s) => s.attributes['gateway.request_id'] === requestId);
    expect(relay.traceId).toBe(traceId);
    expect(relay.parentSpanId).toBe('00f067aa0ba902b7');
    expect(relay.attributes['gateway.stream']).toBe(true);
  });

  it('stamps gateway errors with gateway;dur', async () => {
    const res = await fetch(`${h.t.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk-not-a-key', 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4.1', messages: [{ role: 'user', content: 'x' }] }),
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('server-timing')).toMatch(/^gateway;dur=\d+(\.\d+)?$/);
  });

  /** The span of the answer with this request id, and its child spans (upstream calls). */
  const spanWithChild = async (requestId: string | null) => {
    expect(requestId).toBeTruthy();
    const relay = await spanOf((s) => s.attributes['gateway.request_id'] === requestId);
    const child = await spanOf((s) => s.parentSpanId === relay.spanId);
    return { relay, child, traceparent: `00-${relay.traceId}-${child.spanId}-01` };
  };

  it('times and traces a key refused before a large body is read', async () => {
    const res = await fetch(`${h.t.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk-not-a-key', 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4.1', messages: [{ role: 'user', content: 'x'.repeat(100_000) }] }),
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('server-timing')).toMatch(GATEWAY_ONLY);
    const requestId = res.headers.get('x-oneapi-request-id');
    expect(requestId).toBeTruthy();
    const relay = await spanOf((s) => s.attributes['gateway.request_id'] === requestId);
    expect(relay.attributes).toMatchObject({ 'http.response.status_code': 401, 'error.type': 'invalid_api_key' });
  });

  it('traces a Midjourney submission and its upstream call, with Server-Timing', async () => {
    const res = await fetch(`${h.t.url}/mj/submit/imagine`, {
      method: 'POST',
      headers: { 'mj-api-secret': key, 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: 'a traced cat' }),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { code: number }).code).toBe(1);
    expect(res.headers.get('server-timing')).toMatch(BOTH);
    const { relay, child, traceparent } = await spanWithChild(res.headers.get('x-oneapi-request-id'));
    expect(relay.name).toBe('midjourney.imagine mj_imagine');
    expect(relay.attributes).toMatchObject({
      'gen_ai.operation.name': 'midjourney.imagine',
      'gen_ai.request.model': 'mj_imagine',
      'gen_ai.provider.name': 'midjourney',
      'http.response.status_code': 200,
    });
    expect(child.attributes).toMatchObject({
      'url.full': `${mj.url}/mj/submit/imagine`,
      'http.response.status_code': 200,
    });
    expect(mj.requests.find((r) => r.body?.prompt === 'a traced cat')?.headers.traceparent).toBe(traceparent);
  });

  it('traces a Suno submission and its upstream call, with Server-Timing', async () => {
    const res = await fetch(`${h.t.url}/suno/submit/music`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: 'a traced song' }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('server-timing')).toMatch(BOTH);
    const { relay, traceparent } = await spanWithChild(res.headers.get('x-oneapi-request-id'));
    expect(relay.attributes).toMatchObject({ 'gen_ai.request.model': 'suno_music', 'gen_ai.provider.name': 'suno' });
    expect(suno.requests.find((r) => r.body?.prompt === 'a traced song')?.headers.traceparent).toBe(traceparent);
  });

  it('times a Realtime refusal before the upgrade', async () => {
    const url = `${h.t.url.replace(/^http/, 'ws')}/v1/realtime?model=${REALTIME_MODEL}`;
    const head = await new Promise<{ status: number; timing: unknown }>((resolve, reject) => {
      const socket = new WebSocket(url, { headers: { authorization: 'Bearer sk-not-a-key' } });
      socket.on('open', () => reject(new Error('upgraded')));
      socket.on('error', () => undefined);
      socket.on('unexpected-response', (_req, res) => {
        resolve({ status: res.statusCode!, timing: res.headers['server-timing'] });
        res.resume();
      });
    });
    expect(head).toEqual({ status: 401, timing: expect.stringMatching(GATEWAY_ONLY) });
    const plainGet = await fetch(`${h.t.url}/v1/realtime?model=${REALTIME_MODEL}`);
    expect(plainGet.status).toBe(426);
    expect(plainGet.headers.get('server-timing')).toMatch(GATEWAY_ONLY);
  });

  it('traces a Realtime session (usage summed) and its upstream connection', async () => {
    const socket = new WebSocket(`${h.t.url.replace(/^http/, 'ws')}/v1/realtime?model=${REALTIME_MODEL}`, {
      headers: { authorization: `Bearer ${key}` },
    });
    const upgrade = new Promise<Record<string, unknown>>((resolve) =>
      socket.on('upgrade', (res) => resolve(res.headers)),
    );
    const events: string[] = [];
    socket.on('message', (data) => events.push((JSON.parse(data.toString()) as { type: string }).type));
    await new Promise((resolve, reject) => socket.on('open', resolve).on('error', reject));
    const head = await upgrade;
    expect(head['server-timing']).toMatch(BOTH);
    const requestId = head['x-oneapi-request-id'] as string;
    for (let i = 1; i <= 2; i++) {
      socket.send(JSON.stringify({ type: 'response.create' }));
      await eventually(async () => events.filter((e) => e === 'response.done').length === i, 15_000);
    }
    socket.close();

    const { relay, child, traceparent } = await spanWithChild(requestId);
    expect(relay.name).toBe(`realtime ${REALTIME_MODEL}`);
    // The mock's default usage, 10 in and 5 out per response.
    expect(relay.attributes).toMatchObject({
      'gen_ai.request.model': REALTIME_MODEL,
      'gen_ai.provider.name': 'openai',
      'gen_ai.usage.input_tokens': 20,
      'gen_ai.usage.output_tokens': 10,
      'gateway.realtime.responses': 2,
      'http.response.status_code': 101,
    });
    expect(child.attributes['http.request.method']).toBe('GET');
    expect(realtime.connections.at(-1)?.headers.traceparent).toBe(traceparent);
  });

  it('keeps the ledger whole', async () => {
    await expectLedger(h.db, { users: { [userId]: 0 }, tokens: { [tokenId]: 500_000 } });
  });
});
