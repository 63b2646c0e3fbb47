import OpenAI from 'openai';
import type { Response, ResponseInputItem, FunctionTool } from 'openai/resources/responses/responses';
import { expectLedger } from '../support/ledger-invariant';
import { Ledger } from '../support/ledger';
import { createChannel, createToken, fundedUser } from '../support/relay-fixtures';
import { RelayHarness } from '../support/relay-harness';

/**
 * The official OpenAI SDK through POST /v1/responses: converted to chat for Anthropic and Gemini
 * channels, passed through to an OpenAI channel; plain, streamed, a function tool over two calls and
 * text.format json_schema; exact billing (pricing defaults:
 * quota = model_ratio × (prompt + completion × completion_ratio)) and the ledger invariant.
 */
const CONVERTED = [
  // Anthropic mock, 10 in / 20 out: claude-3-5-haiku 0.4 × (10 + 20 × 5) = 44
  {
    name: 'Anthropic',
    type: 14,
    key: 'sk-ant',
    model: 'claude-3-5-haiku-20241022',
    tokens: [10, 20],
    quota: 44,
    text: 'Hello from Claude.',
  },
  // Gemini mock, 100 in / 50 out: gemini-2.0-flash 0.05 × (100 + 50 × 4) = 15
  {
    name: 'Gemini',
    type: 24,
    key: 'g-key',
    model: 'gemini-2.0-flash',
    tokens: [100, 50],
    quota: 15,
    text: 'Hello from Gemini.',
  },
] as const;
// OpenAI mock /v1/responses, 10 in / 20 out: gpt-4.1 1 × (10 + 20 × 4) = 90
const OPENAI = { model: 'gpt-4.1', upstream: 'gpt-4.1-upstream', tokens: [10, 20], quota: 90, text: 'resp' } as const;
const PATH = '/v1/responses';
const START = 10_000_000;
const TOKEN_QUOTA = 5_000_000;
const TOOL: FunctionTool = {
  type: 'function',
  name: 'get_weather',
  description: 'Weather of a city',
  parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  strict: false,
};
const SCHEMA = {
  type: 'object',
  properties: { answer: { type: 'string' } },
  required: ['answer'],
  additionalProperties: false,
};

describe('relay: OpenAI SDK through /v1/responses', () => {
  let h: RelayHarness;
  let client: OpenAI;
  let ledger: Ledger;
  let user: { id: number; tokenId: number };

  beforeAll(async () => {
    h = await RelayHarness.start();
    const { root, native, openai } = h;
    for (const c of CONVERTED)
      await createChannel(root, { type: c.type, key: c.key, base_url: native.url, models: c.model });
    await createChannel(root, {
      type: 1,
      key: 'oa-key',
      base_url: openai.url,
      models: OPENAI.model,
      model_mapping: JSON.stringify({ [OPENAI.model]: OPENAI.upstream }),
    });
    const u = await fundedUser(root, 'responses', START);
    const token = await createToken(u.client, { remain_quota: TOKEN_QUOTA });
    user = { id: u.id, tokenId: token.id };
    ledger = new Ledger(h.db, u.id, START);
    client = new OpenAI({ apiKey: token.key, baseURL: `${h.t.url}/v1`, maxRetries: 0 });
  });
  afterAll(async () => {
    if (user) await expectLedger(h.db, { users: { [user.id]: 0 }, tokens: { [user.tokenId]: TOKEN_QUOTA } });
    await h?.close();
  });

  const newest = () => h.native.requests.at(-1)!;

  describe.each(CONVERTED)('converted onto the $name channel', (c) => {
    const expected = { model: c.model, tokens: c.tokens, quota: c.quota, path: PATH };
    const usage = { input_tokens: c.tokens[0], output_tokens: c.tokens[1], total_tokens: c.tokens[0] + c.tokens[1] };

    it('plain, with instructions: a Responses object with usage, exact charge', async () => {
      const res = await client.responses.create({
        model: c.model,
        instructions: 'Be brief.',
        input: 'hi',
        max_output_tokens: 100,
      });
      expect(res).toMatchObject({ object: 'response', status: 'completed', model: c.model, usage });
      expect(res.id).toMatch(/^resp_/);
      expect(res.output_text).toBe(c.text);
      expect(res.output).toEqual([
        expect.objectContaining({
          type: 'message',
          role: 'assistant',
          content: [{ type: 'output_text', text: c.text, annotations: [] }],
        }),
      ]);
      const sent = newest().body;
      if (c.type === 14)
        expect(sent).toMatchObject({
          system: 'Be brief.',
          max_tokens: 100,
          messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
        });
      else
        expect(sent).toMatchObject({
          systemInstruction: { parts: [{ text: 'Be brief.' }] },
          generationConfig: { maxOutputTokens: 100 },
        });
      await ledger.charged(expected);
    });

    it('streamed: Responses events with sequence numbers, text deltas, usage in response.completed', async () => {
      const stream = client.responses.stream({ model: c.model, instructions: 'Be brief.', input: 'hi' });
      const types: string[] = [];
      const seqs: number[] = [];
      let deltas = '';
      for await (const ev of stream) {
        types.push(ev.type);
        seqs.push(ev.sequence_number);
        if (ev.type === 'response.output_text.delta') deltas += ev.delta;
      }
      const res = await stream.finalResponse();
      expect(deltas).toBe(c.text);
      expect(res.output_text).toBe(c.text);
      expect(res).toMatchObject({ status: 'completed', usage });
      expect(seqs).toEqual(seqs.map((_, i) => i));
      expect(types[0]).toBe('response.created');
      expect(types.at(-1)).toBe('response.completed');
      expect(types).toEqual(
        expect.arrayContaining([
          'response.in_progress',
          'response.output_item.added',
          'response.content_part.added',
          'response.output_text.done',
          'response.content_part.done',
          'response.output_item.done',
        ]),
      );
      const log = await ledger.charged(expected);
      expect(log.is_stream).toBeTruthy();
    });

    it('a function tool over two calls: function_call out, function_call_output back in', async () => {
      const input: ResponseInputItem[] = [{ role: 'user', content: 'weather in Paris?' }];
      const first: Response = await client.responses.create({ model: c.model, input, tools: [TOOL] });
      const call = first.output.find((o) => o.type === 'function_call');
      expect(call).toMatchObject({ type: 'function_call', name: 'get_weather', arguments: '{"city":"Paris"}' });
      await ledger.charged(expected);
      if (call?.type !== 'function_call') throw new Error('no function call');

      const streamed = await client.responses.stream({ model: c.model, input, tools: [TOOL] }).finalResponse();
      expect(streamed.output.find((o) => o.type === 'function_call')).toMatchObject({
        name: 'get_weather',
        arguments: '{"city":"Paris"}',
      });
      await ledger.charged(expected);

      const second = await client.responses.create({
        model: c.model,
        input: [...input, call, { type: 'function_call_output', call_id: call.call_id, output: 'sunny' }],
      });
      expect(second.output_text).toBe(c.text);
      const sent = newest().body;
      if (c.type === 14) {
        expect(sent.messages).toEqual([
          { role: 'user', content: [{ type: 'text', text: 'weather in Paris?' }] },
          {
            role: 'assistant',
            content: [
              expect.objectContaining({
                type: 'tool_use',
                id: call.call_id,
                name: 'get_weather',
                input: { city: 'Paris' },
              }),
            ],
          },
          { role: 'user', content: [expect.objectContaining({ type: 'tool_result', tool_use_id: call.call_id })] },
        ]);
      } else {
        expect(JSON.stringify(sent.contents)).toContain(
          '"functionCall":{"name":"get_weather","args":{"city":"Paris"}}',
        );
        expect(JSON.stringify(sent.contents)).toContain('"functionResponse":{"name":"get_weather"');
      }
      await ledger.charged(expected);
    });

    it('text.format json_schema reaches the upstream as a response format', async () => {
      const res = await client.responses.create({
        model: c.model,
        input: 'answer in JSON',
        text: { format: { type: 'json_schema', name: 'answer', schema: SCHEMA, strict: true } },
      });
      expect(res.status).toBe('completed');
      if (c.type === 24)
        expect(newest().body.generationConfig).toMatchObject({
          responseMimeType: 'application/json',
          responseSchema: expect.any(Object),
        });
      await ledger.charged(expected);
    });

    it('previous_response_id and built-in tools: 400 with the param, nothing sent, nothing charged', async () => {
      const before = h.native.requests.length;
      const quota = await ledger.quota();
      const prev = await client.responses
        .create({ model: c.model, input: 'hi', previous_response_id: 'resp_123' })
        .catch((e) => e);
      expect(prev).toBeInstanceOf(OpenAI.BadRequestError);
      expect(prev).toMatchObject({
        status: 400,
        code: 'unsupported',
        param: 'previous_response_id',
        type: 'invalid_request_error',
      });
      expect(prev.message).toContain('previous_response_id');
      const search = await client.responses
        .create({ model: c.model, input: 'hi', tools: [{ type: 'web_search' }] })
        .catch((e) => e);
      expect(search).toBeInstanceOf(OpenAI.BadRequestError);
      expect(search).toMatchObject({ status: 400, code: 'unsupported', param: 'tools' });
      expect(search.message).toContain('web_search');
      expect(h.native.requests.length).toBe(before);
      expect(await ledger.quota()).toBe(quota);
    });
  });

  describe('passed through to an OpenAI channel (responses capability)', () => {
    const expected = { model: OPENAI.model, tokens: OPENAI.tokens, quota: OPENAI.quota, path: PATH };

    it('plain: the client body to /v1/responses, only the model mapped; exact charge', async () => {
      const body = {
        model: OPENAI.model,
        instructions: 'Be brief.',
        input: 'hi',
        previous_response_id: 'resp_123',
        tools: [{ type: 'web_search' as const }],
        store: true,
      };
      const res = await client.responses.create(body);
      expect(res).toMatchObject({ id: 'resp_1', object: 'response', status: 'completed' });
      expect(res.output_text).toBe(OPENAI.text);
      const sent = h.openai.requests.at(-1)!;
      expect(sent.path).toBe('/v1/responses');
      expect(sent.headers.authorization).toBe('Bearer oa-key');
      expect(sent.body).toEqual({ ...body, model: OPENAI.upstream });
      await ledger.charged(expected);
    });

    it('streamed: the upstream events as they came, usage billed', async () => {
      const stream = client.responses.stream({ model: OPENAI.model, input: 'hi' });
      const res = await stream.finalResponse();
      expect(res.output_text).toBe(OPENAI.text);
      expect(res.usage).toMatchObject({ input_tokens: 10, output_tokens: 20 });
      expect(h.openai.requests.at(-1)!.body).toEqual({ model: OPENAI.upstream, input: 'hi', stream: true });
      const log = await ledger.charged(expected);
      expect(log.is_stream).toBeTruthy();
    });

    it("the client's own bytes, spacing and escapes kept, the model's value edited in", async () => {
      const spelt = (model: string) => `{ "model": "${model}",\n  "input": "h\\u00e9",  "store": false }`;
      const res = await fetch(`${h.t.url}${PATH}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${client.apiKey}`, 'content-type': 'application/json' },
        body: spelt(OPENAI.model),
      });
      expect(res.status).toBe(200);
      await res.json();
      expect(h.openai.requests.at(-1)!.raw.toString('utf8')).toBe(spelt(OPENAI.upstream));
      await ledger.charged(expected);
    });
  });

  describe("endpoints a model's channel types cannot serve", () => {
    it('embeddings onto an Anthropic-only model: 400 unsupported, one request despite the SDK retries', async () => {
      let calls = 0;
      const counting = new OpenAI({
        apiKey: client.apiKey,
        baseURL: `${h.t.url}/v1`,
        fetch: (url, init) => {
          calls++;
          return fetch(url, init);
        },
      });
      const err = await counting.embeddings.create({ model: CONVERTED[0].model, input: 'hi' }).catch((e) => e);
      expect(err).toBeInstanceOf(OpenAI.BadRequestError);
      expect(err).toMatchObject({ status: 400, code: 'unsupported', type: 'invalid_request_error' });
      expect(err.message).toContain('/v1/embeddings');
      expect(calls).toBe(1);
    });

    it('a channel type that could serve it exists but is disabled: 503, not 400', async () => {
      const model = 'claude-embed-mixed';
      await createChannel(h.root, { type: 14, key: 'sk-ant-mixed', base_url: h.native.url, models: model });
      const off = await createChannel(h.root, { type: 1, key: 'oa-off', base_url: h.openai.url, models: model });
      expect((await h.root.put('/api/channel/', { id: off, status: 2 })).status).toBe(200);
      await h.root.put('/api/option/', { key: 'ModelRatio', value: JSON.stringify({ [model]: 1 }) });
      try {
        const err = await client.embeddings.create({ model, input: 'hi' }).catch((e) => e);
        expect(err).toMatchObject({ status: 503, code: 'model_not_available' });
      } finally {
        await h.root.post('/api/option/rest_model_ratio');
      }
    });

    it('a model no channel lists stays 503 model_not_available', async () => {
      await h.root.put('/api/option/', { key: 'ModelRatio', value: JSON.stringify({ 'unrouted-model': 1 }) });
      try {
        const err = await client.responses.create({ model: 'unrouted-model', input: 'hi' }).catch((e) => e);
        expect(err).toMatchObject({ status: 503, code: 'model_not_available' });
      } finally {
        await h.root.post('/api/option/rest_model_ratio');
      }
    });

    it('a malformed Responses body is a 400 naming the field', async () => {
      const err = await client.responses
        .create({ model: CONVERTED[0].model, input: [{ type: 'function_call_output' } as never] })
        .catch((e) => e);
      expect(err).toMatchObject({ status: 400, param: 'input[0]' });
    });
  });
});
