import { DEFAULT_MODEL_RATIO } from '@gw/shared';
import OpenAI from 'openai';
import type { CloudMock } from '../mock-upstream/cloud-mock';
import { BEDROCK_KEY, COHERE_KEY, startCloud } from '../support/cloud-fixtures';
import { setOption } from '../support/fixtures';
import type { Ledger } from '../support/ledger';
import { describeOpenAIChat, type ChatCase } from '../support/openai-chat-cases';
import { createChannel } from '../support/relay-fixtures';
import { RelayHarness } from '../support/relay-harness';

/**
 * The official openai client through the gateway onto the cloud upstreams (Bedrock Claude, Cohere,
 * Vertex AI Gemini and Claude), plus Gemini embeddings and a Custom channel's full URL. Prices
 * (pricing defaults, Cohere set below): quota = model_ratio × (prompt + completion × completion_ratio).
 */
const CASES = [
  // Bedrock (Anthropic events, 10 in / 20 out): claude-3-5-haiku 0.4 × (10 + 20 × 5) = 44
  { name: 'Bedrock', model: 'claude-3-5-haiku-20241022', tokens: [10, 20], quota: 44, text: 'Hello from Claude.' },
  // Cohere (billed units 10 / 20): command-r-08-2024 0.5 × (10 + 20 × 1) = 15
  { name: 'Cohere', model: 'command-r-08-2024', tokens: [10, 20], quota: 15, text: 'Hello from Cohere.' },
  // Vertex Gemini (100 / 50): gemini-2.0-flash 0.05 × (100 + 50 × 4) = 15
  { name: 'Vertex Gemini', model: 'gemini-2.0-flash', tokens: [100, 50], quota: 15, text: 'Hello from Gemini.' },
  // Vertex Claude (10 / 20): claude-3-7-sonnet 1.5 × (10 + 20 × 5) = 165
  {
    name: 'Vertex Claude',
    model: 'claude-3-7-sonnet-20250219',
    tokens: [10, 20],
    quota: 165,
    text: 'Hello from Claude.',
  },
] as const satisfies readonly ChatCase[];

const START = 10_000_000;

describe('relay: openai SDK onto cloud upstreams', () => {
  let h: RelayHarness;
  let cloud: CloudMock;
  let ledger: Ledger;
  let client: OpenAI;

  beforeAll(async () => {
    let vertexKey: string;
    let refusedVertexKey: string;
    ({ cloud, vertexKey, refusedVertexKey } = await startCloud());
    h = await RelayHarness.start();
    const { root, native, openai } = h;
    await setOption(root, 'ModelRatio', JSON.stringify({ ...DEFAULT_MODEL_RATIO, 'command-r-08-2024': 0.5 }));
    await createChannel(root, {
      name: 'bedrock',
      type: 33,
      key: BEDROCK_KEY,
      base_url: cloud.url,
      models: `${CASES[0].model},claude-3-5-sonnet-20241022`,
      // A model id the mock answers with a throttlingException mid-stream.
      model_mapping: JSON.stringify({ 'claude-3-5-sonnet-20241022': 'anthropic.throttled-v1:0' }),
    });
    await createChannel(root, {
      type: 34,
      key: COHERE_KEY,
      base_url: cloud.url,
      models: `${CASES[1].model},rerank-v3.5`,
    });
    await createChannel(root, {
      name: 'vertex',
      type: 41,
      key: vertexKey,
      base_url: cloud.url,
      models: `${CASES[2].model},${CASES[3].model}`,
      other: JSON.stringify({ default: 'us-central1', [CASES[3].model]: 'us-east5' }),
    });
    // A service account the token endpoint refuses (its assertions do not verify).
    await createChannel(root, {
      name: 'vertex-refused',
      type: 41,
      key: refusedVertexKey,
      base_url: cloud.url,
      models: 'gemini-2.5-flash',
    });
    await createChannel(root, { type: 24, key: 'g-key', base_url: native.url, models: 'text-embedding-004' });
    await createChannel(root, {
      type: 8,
      key: 'custom-key',
      base_url: `${openai.url}/tenant/a/chat/completions?route=custom`,
      models: 'gpt-4.1-nano',
    });
    let key: string;
    ({ key, ledger } = await h.customer('cloud', START));
    client = new OpenAI({ apiKey: key, baseURL: `${h.t.url}/v1`, maxRetries: 0 });
  });
  afterAll(async () => {
    await h?.close();
    await cloud?.close();
  });

  describeOpenAIChat(CASES, () => ({ client, ledger }));

  it('Bedrock: SigV4-signed InvokeModel calls on the mapped model id', () => {
    const bedrock = cloud.requests.filter((r) => r.path.startsWith('/model/'));
    expect(bedrock.map((r) => r.path)).toContain('/model/anthropic.claude-3-5-haiku-20241022-v1%3A0/invoke');
    expect(bedrock.map((r) => r.path)).toContain(
      '/model/anthropic.claude-3-5-haiku-20241022-v1%3A0/invoke-with-response-stream',
    );
    expect(bedrock[0].headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDMOCK\/\d{8}\/us-east-1\/bedrock\/aws4_request, SignedHeaders=accept;content-type;host;x-amz-date, Signature=[0-9a-f]{64}$/,
    );
    expect(bedrock[0].body).toMatchObject({ anthropic_version: 'bedrock-2023-05-31', messages: [{ role: 'user' }] });
  });

  it('Bedrock: a throttlingException mid-stream ends the stream with an error', async () => {
    const stream = await client.chat.completions.create({
      model: 'claude-3-5-sonnet-20241022',
      messages: [{ role: 'user', content: 'hi' }],
      stream: true,
    });
    let text = '';
    const read = (async () => {
      for await (const chunk of stream) text += chunk.choices[0]?.delta?.content ?? '';
    })();
    await expect(read).rejects.toThrow();
    expect(text).toBe('Hello ');
    // The delivered part is still logged and billed.
    await ledger.charged({ model: 'claude-3-5-sonnet-20241022' });
  });

  it('Vertex: one token exchange serves every request; region per model from `other`', () => {
    expect(cloud.issued).toEqual(['ya29.mock-1']);
    const vertex = cloud.requests.filter((r) => r.path.startsWith('/v1/projects/'));
    expect(vertex.map((r) => r.path)).toEqual(
      expect.arrayContaining([
        '/v1/projects/demo-project/locations/us-central1/publishers/google/models/gemini-2.0-flash:generateContent',
        '/v1/projects/demo-project/locations/us-central1/publishers/google/models/gemini-2.0-flash:streamGenerateContent?alt=sse',
        '/v1/projects/demo-project/locations/us-east5/publishers/anthropic/models/claude-3-7-sonnet%4020250219:rawPredict',
        '/v1/projects/demo-project/locations/us-east5/publishers/anthropic/models/claude-3-7-sonnet%4020250219:streamRawPredict',
      ]),
    );
    expect(vertex.every((r) => r.headers.authorization === 'Bearer ya29.mock-1')).toBe(true);
  });

  it('Vertex: a refused token exchange is a channel error (502), and no upstream call is made', async () => {
    const before = cloud.requests.length;
    await expect(
      client.chat.completions.create({ model: 'gemini-2.5-flash', messages: [{ role: 'user', content: 'hi' }] }),
    ).rejects.toMatchObject({ status: 502, code: 'channel_misconfigured' });
    expect(cloud.requests.slice(before).map((r) => r.path)).toEqual(['/token']);
    expect(cloud.issued).toEqual(['ya29.mock-1']);
  });

  it('Cohere: v2 chat with the Bearer key; rerank converted both ways', async () => {
    expect(cloud.requests.find((r) => r.path === '/v2/chat')?.body).toMatchObject({
      model: CASES[1].model,
      messages: [{ role: 'user', content: 'hi' }],
    });
    const res = await fetch(`${h.t.url}/v1/rerank`, {
      method: 'POST',
      headers: { authorization: `Bearer ${client.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'rerank-v3.5', query: 'q', documents: ['a', 'b'], return_documents: true }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      model: 'rerank-v3.5',
      results: [
        { index: 0, relevance_score: 1, document: { text: 'a' } },
        { index: 1, relevance_score: 0.5, document: { text: 'b' } },
      ],
    });
    expect(cloud.requests.find((r) => r.path === '/v2/rerank')?.body).toEqual({
      model: 'rerank-v3.5',
      query: 'q',
      documents: ['a', 'b'],
    });
    await ledger.charged({ model: 'rerank-v3.5' });
  });

  it('Gemini embeddings through batchEmbedContents, prompt counted locally', async () => {
    const res = await client.embeddings.create({ model: 'text-embedding-004', input: ['hello world', 'bye'] });
    expect(res.data.map((d) => d.index)).toEqual([0, 1]);
    expect(res.data[0].embedding.length).toBeGreaterThan(0);
    const sent = h.native.requests.find((r) => r.path.includes(':batchEmbedContents'));
    expect(sent?.path).toBe('/v1beta/models/text-embedding-004:batchEmbedContents');
    expect(sent?.headers['x-goog-api-key']).toBe('g-key');
    expect(sent?.body.requests.map((q: any) => q.content.parts[0].text)).toEqual(['hello world', 'bye']);
    await ledger.charged({ model: 'text-embedding-004' });
    expect(Number((await ledger.newest()).prompt_tokens)).toBeGreaterThan(0);
  });

  it('Custom (type 8): the base URL is the complete chat-completions URL, sent verbatim', async () => {
    const res = await client.chat.completions.create({
      model: 'gpt-4.1-nano',
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(res.choices[0].message.content).toBeTruthy();
    expect(h.openai.requests[0].path).toBe('/tenant/a/chat/completions?route=custom');
    expect(h.openai.requests[0].headers.authorization).toBe('Bearer custom-key');
    await ledger.charged({ model: 'gpt-4.1-nano', tokens: [10, 20] });
    await expect(client.embeddings.create({ model: 'gpt-4.1-nano', input: 'x' })).rejects.toMatchObject({
      status: expect.any(Number),
    });
  });
});
