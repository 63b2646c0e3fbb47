import OpenAI from 'openai';
import { zodResponseFormat } from 'openai/helpers/zod';
import { z } from 'zod';
import type { CloudMock } from '../mock-upstream/cloud-mock';
import { BEDROCK_KEY, startCloud } from '../support/cloud-fixtures';
import { Ledger } from '../support/ledger';
import { expectLedger } from '../support/ledger-invariant';
import { WEATHER_TOOLS } from '../support/openai-chat-cases';
import { createChannel, createToken, fundedUser } from '../support/relay-fixtures';
import { RelayHarness } from '../support/relay-harness';

/**
 * response_format (json_schema, json_object) onto Claude channels (Anthropic, Bedrock, Vertex): the
 * gateway asks for the answer as a forced tool and gives its input back as the message content, so
 * the openai SDK's parse() and streamed JSON work; billing is the upstream's usage, exactly.
 * Stand-ins answer a forced tool_choice with a tool_use of that tool and input {"city":"Paris"}.
 * Prices (pricing defaults, 10 in / 20 out, completion ratio 5): haiku 0.4 × 110 = 44, sonnet 1.5 × 110 = 165.
 */
const ANTHROPIC = { model: 'claude-3-5-haiku-20241022', tokens: [10, 20], quota: 44 };
const BEDROCK = { model: 'claude-3-5-sonnet-20241022', tokens: [10, 20], quota: 165 };
const VERTEX = { model: 'claude-3-7-sonnet-20250219', tokens: [10, 20], quota: 165 };
const START = 10_000_000;
const TOKEN_QUOTA = 5_000_000;

const Weather = z.object({ city: z.string() });
const FORMAT = zodResponseFormat(Weather, 'weather');
const ASK: OpenAI.Chat.Completions.ChatCompletionMessageParam[] = [{ role: 'user', content: 'Which city? Answer in JSON.' }];

/** A streamed chat's content, tool-call deltas and last finish_reason. */
async function streamed(stream: AsyncIterable<OpenAI.Chat.Completions.ChatCompletionChunk>) {
  let content = '';
  let toolDeltas = 0;
  let finish: string | null = null;
  for await (const chunk of stream) {
    content += chunk.choices[0]?.delta?.content ?? '';
    toolDeltas += chunk.choices[0]?.delta?.tool_calls?.length ?? 0;
    finish = chunk.choices[0]?.finish_reason ?? finish;
  }
  return { content, toolDeltas, finish };
}

describe('relay: structured output onto Claude channels', () => {
  let h: RelayHarness;
  let cloud: CloudMock;
  let ledger: Ledger;
  let client: OpenAI;
  let userId: number;
  let tokenId: number;

  beforeAll(async () => {
    let vertexKey: string;
    ({ cloud, vertexKey } = await startCloud());
    h = await RelayHarness.start();
    await createChannel(h.root, { name: 'anthropic', type: 14, key: 'sk-ant', base_url: h.native.url, models: ANTHROPIC.model });
    await createChannel(h.root, { name: 'bedrock', type: 33, key: BEDROCK_KEY, base_url: cloud.url, models: BEDROCK.model });
    await createChannel(h.root, {
      name: 'vertex',
      type: 41,
      key: vertexKey,
      base_url: cloud.url,
      models: VERTEX.model,
      other: JSON.stringify({ default: 'us-east5' }),
    });
    const user = await fundedUser(h.root, 'structured', START);
    const token = await createToken(user.client, { remain_quota: TOKEN_QUOTA });
    userId = user.id;
    tokenId = token.id;
    ledger = new Ledger(h.db, user.id, START);
    client = new OpenAI({ apiKey: token.key, baseURL: `${h.t.url}/v1`, maxRetries: 0 });
  });
  afterAll(async () => {
    await h?.close();
    await cloud?.close();
  });

  const lastClaudeBody = () => h.native.requests.filter((r) => r.path === '/v1/messages').at(-1)?.body;

  it('Anthropic: chat.completions.parse with zodResponseFormat gets the parsed object, charged exactly', async () => {
    const res = await client.chat.completions.parse({ model: ANTHROPIC.model, messages: ASK, response_format: FORMAT });
    const message = res.choices[0].message;
    expect(message.parsed).toEqual({ city: 'Paris' });
    expect(message.tool_calls ?? []).toEqual([]);
    expect(res.choices[0].finish_reason).toBe('stop');
    const sent = lastClaudeBody();
    expect(sent.tools).toEqual([expect.objectContaining({ name: 'json_response', input_schema: expect.objectContaining({ required: ['city'] }) })]);
    expect(sent.tool_choice).toEqual({ type: 'tool', name: 'json_response' });
    await ledger.charged(ANTHROPIC);
  });

  it('Anthropic: streamed json_schema arrives as content deltas that parse, finish stop, charged exactly', async () => {
    const stream = await client.chat.completions.create({
      model: ANTHROPIC.model,
      messages: ASK,
      response_format: FORMAT,
      stream: true,
      stream_options: { include_usage: true },
    });
    const { content, toolDeltas, finish } = await streamed(stream);
    expect(JSON.parse(content)).toEqual({ city: 'Paris' });
    expect(toolDeltas).toBe(0);
    expect(finish).toBe('stop');
    await ledger.charged(ANTHROPIC);
  });

  it('Anthropic: json_object beside client tools keeps them (tool_choice any); their calls stay tool calls', async () => {
    const res = await client.chat.completions.create({
      model: ANTHROPIC.model,
      messages: ASK,
      tools: WEATHER_TOOLS,
      response_format: { type: 'json_object' },
    });
    const sent = lastClaudeBody();
    expect(sent.tools.map((t: { name: string }) => t.name)).toEqual(['get_weather', 'json_response']);
    expect(sent.tool_choice).toEqual({ type: 'any' });
    expect(res.choices[0].finish_reason).toBe('tool_calls');
    const call = res.choices[0].message.tool_calls?.[0];
    expect(call?.type === 'function' && call.function.name).toBe('get_weather');
    await ledger.charged(ANTHROPIC);
  });

  it('Bedrock Claude: parse() gets the parsed object, charged exactly', async () => {
    const res = await client.chat.completions.parse({ model: BEDROCK.model, messages: ASK, response_format: FORMAT });
    expect(res.choices[0].message.parsed).toEqual({ city: 'Paris' });
    expect(res.choices[0].finish_reason).toBe('stop');
    await ledger.charged(BEDROCK);
  });

  it('Vertex Claude: streamed json_schema as content, charged exactly', async () => {
    const stream = await client.chat.completions.create({ model: VERTEX.model, messages: ASK, response_format: FORMAT, stream: true });
    const { content, toolDeltas, finish } = await streamed(stream);
    expect(JSON.parse(content)).toEqual({ city: 'Paris' });
    expect(toolDeltas).toBe(0);
    expect(finish).toBe('stop');
    await ledger.charged(VERTEX);
  });

  it('Bedrock Claude: streamed json_schema as content, charged exactly', async () => {
    const stream = await client.chat.completions.create({ model: BEDROCK.model, messages: ASK, response_format: FORMAT, stream: true });
    const { content, finish } = await streamed(stream);
    expect(JSON.parse(content)).toEqual({ city: 'Paris' });
    expect(finish).toBe('stop');
    await ledger.charged(BEDROCK);
  });

  it('the ledger invariant holds for the user and the token', async () => {
    await expectLedger(h.db, { users: { [userId]: 0 }, tokens: { [tokenId]: TOKEN_QUOTA } });
  });
});
