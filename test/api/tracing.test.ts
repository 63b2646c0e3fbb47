import OpenAI from 'openai';
import { OtlpReceiver, type ReceivedSpan } from '../mock-upstream/otlp-receiver';
import { expectLedger } from '../support/ledger-invariant';
import { createChannel, createToken, eventually, fundedUser } from '../support/relay-fixtures';
import { RelayHarness } from '../support/relay-harness';

/**
 * Traces (OTLP/HTTP JSON onto a collector stand-in) and Server-Timing on relay answers
 * (docs/observability.md#traces-and-logs). OpenAI mock: 10 in / 20 out; gpt-4.1 1 × (10 + 20 × 4) = 90.
 */
const TIMING = /^gateway;dur=\d+(\.\d+)?(, upstream;dur=\d+(\.\d+)?)?$/;

describe('relay: traces and Server-Timing', () => {
  const otlp = new OtlpReceiver();
  let h: RelayHarness;
  let client: OpenAI;
  let userId: number;
  let tokenId: number;
  let channelId: number;

  beforeAll(async () => {
    await otlp.start();
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
    client = new OpenAI({ apiKey: token.key, baseURL: `${h.t.url}/v1`, maxRetries: 0 });
  });
  afterAll(async () => {
    await h?.close();
    await otlp.close();
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

  it('keeps the ledger whole', async () => {
    await expectLedger(h.db, { users: { [userId]: 0 }, tokens: { [tokenId]: 500_000 } });
  });
});
