import { anthropicAdaptor } from '../../../providers/anthropic/adaptor';
import { geminiAdaptor } from '../../../providers/gemini/adaptor';
import { openAIAdaptor } from '../../../providers/openai/adaptor';
import type { ProtocolAdaptor, StreamConverter, UsageReport } from '../../../providers/provider';
import { parseRelayRequest } from '../pipeline/relay-request';
import { SseParser } from '../stream/sse-parser';
import { anthropicDialect } from './anthropic-dialect';
import { geminiDialect } from './gemini-dialect';
import { adaptorFor, openAIChunks } from './inbound-adaptor';
import { OPENAI_CONFIG, testSettings } from '../../../providers/testing/fixtures';

const sse = (events: { event?: string; data: unknown }[]) =>
  events.map((e) => `${e.event ? `event: ${e.event}\n` : ''}data: ${JSON.stringify(e.data)}\n\n`).join('');

/** Runs a stream through a converter: the client's text and the last usage reported. */
function run(conv: StreamConverter, upstream: string): { out: string; usage: UsageReport | null } {
  let out = '';
  let usage: UsageReport | null = null;
  for (const ev of new SseParser().push(Buffer.from(upstream))) {
    const step = conv.onEvent(ev);
    if (step.usage) usage = step.usage;
    out += step.out ?? '';
  }
  return { out: out + (conv.finish() ?? ''), usage };
}

const claude = (stream = false) =>
  anthropicDialect.parse({
    body: { model: 'claude-x', max_tokens: 50, messages: [{ role: 'user', content: 'hi' }], stream },
    headers: {},
  });
const gemini = (stream = false) =>
  geminiDialect.parse({
    body: { contents: [{ role: 'user', parts: [{ text: 'hi' }] }] },
    headers: {},
    model: 'g',
    stream,
  });

const ANTHROPIC_STREAM = sse([
  {
    event: 'message_start',
    data: {
      type: 'message_start',
      message: {
        id: 'msg_1',
        usage: { input_tokens: 5, cache_read_input_tokens: 100, cache_creation_input_tokens: 20, output_tokens: 1 },
      },
    },
  },
  {
    event: 'content_block_start',
    data: { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
  },
  { event: 'ping', data: { type: 'ping' } },
  {
    event: 'content_block_delta',
    data: { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Hi' } },
  },
  { event: 'content_block_stop', data: { type: 'content_block_stop', index: 0 } },
  {
    event: 'message_delta',
    data: { type: 'message_delta', delta: { stop_reason: 'end_turn' }, usage: { output_tokens: 7 } },
  },
  { event: 'message_stop', data: { type: 'message_stop' } },
]);

describe('adaptorFor', () => {
  it('keeps the channel adaptor for OpenAI clients', () => {
    const adaptor = openAIAdaptor(OPENAI_CONFIG);
    expect(adaptorFor(parseRelayRequest('chat', { model: 'm', messages: [] }, ''), adaptor)).toBe(adaptor);
  });

  describe('pass-through (the channel speaks the client format)', () => {
    const pass = (req: ReturnType<typeof claude>, a: ProtocolAdaptor) => adaptorFor(req, a);

    it('Anthropic whole answer: bytes untouched, usage with cache reads and writes', () => {
      const body = Buffer.from(
        JSON.stringify({
          id: 'msg_1',
          type: 'message',
          role: 'assistant',
          model: 'claude-x',
          content: [{ type: 'text', text: 'Hi' }],
          stop_reason: 'end_turn',
          usage: { input_tokens: 5, output_tokens: 7, cache_read_input_tokens: 100, cache_creation_input_tokens: 20 },
        }),
      );
      const read = pass(claude(), anthropicAdaptor()).readResponse({
        mode: 'chat',
        body,
        contentType: 'application/json',
        wantText: false,
        model: 'up',
      });
      expect(read.body).toBe(body);
      expect(read.usage).toEqual({
        promptTokens: 125,
        completionTokens: 7,
        cachedTokens: 100,
        cacheCreationTokens: 20,
      });
    });

    it('Anthropic stream: every event forwarded as sent, usage from message_start and message_delta', () => {
      const conv = pass(claude(true), anthropicAdaptor()).streamConverter('chat', false, 'up');
      const { out, usage } = run(conv, ANTHROPIC_STREAM);
      expect(out).toBe(ANTHROPIC_STREAM);
      expect(usage).toEqual({ promptTokens: 125, completionTokens: 7, cachedTokens: 100, cacheCreationTokens: 20 });
    });

    it('Anthropic stream: an upstream error event is reported (the relay ends the stream with it, redacted)', () => {
      const conv = pass(claude(true), anthropicAdaptor()).streamConverter('chat', false, 'up');
      const error = sse([
        { event: 'error', data: { type: 'error', error: { type: 'overloaded_error', message: 'busy' } } },
      ]);
      const [ev] = new SseParser().push(Buffer.from(error));
      expect(conv.onEvent(ev)).toMatchObject({ out: null, error: { type: 'overloaded_error', message: 'busy' } });
    });

    it('Gemini stream: an element carrying `error` is reported', () => {
      const conv = pass(gemini(true), geminiAdaptor()).streamConverter('chat', false, 'up');
      const error = sse([{ data: { error: { code: 429, message: 'quota', status: 'RESOURCE_EXHAUSTED' } } }]);
      const [ev] = new SseParser().push(Buffer.from(error));
      expect(conv.onEvent(ev)).toMatchObject({
        out: null,
        error: { type: 'RESOURCE_EXHAUSTED', code: '429', message: 'quota' },
      });
    });

    it('Gemini whole answer and stream: usageMetadata with cached content', () => {
      const usageMetadata = {
        promptTokenCount: 300,
        cachedContentTokenCount: 200,
        candidatesTokenCount: 40,
        thoughtsTokenCount: 10,
        totalTokenCount: 350,
      };
      const answer = {
        candidates: [{ content: { role: 'model', parts: [{ text: 'Hi' }] }, finishReason: 'STOP' }],
        usageMetadata,
      };
      const body = Buffer.from(JSON.stringify(answer));
      const adaptor = pass(gemini(), geminiAdaptor());
      const read = adaptor.readResponse({
        mode: 'chat',
        body,
        contentType: 'application/json',
        wantText: false,
        model: 'g',
      });
      expect(read.body).toBe(body);
      const expected = { promptTokens: 300, completionTokens: 50, cachedTokens: 200, cacheCreationTokens: 0 };
      expect(read.usage).toEqual(expected);

      const stream = sse([
        { data: { candidates: [{ content: { role: 'model', parts: [{ text: 'H' }] } }] } },
        { data: answer },
      ]);
      const result = run(pass(gemini(true), geminiAdaptor()).streamConverter('chat', false, 'g'), stream);
      expect(result.out).toBe(stream);
      expect(result.usage).toEqual(expected);
    });

    it('sends the client body for the channel', () => {
      const call = adaptorFor(claude(), anthropicAdaptor()).buildCall({
        mode: 'chat',
        body: claude().body,
        upstreamModel: 'claude-up',
        stream: false,
        target: { baseUrl: 'https://a.example', key: 'k', organization: '', paramOverride: null, other: '' },
        settings: testSettings(),
      });
      expect(JSON.parse(call.body as string)).toEqual({
        model: 'claude-up',
        max_tokens: 50,
        messages: [{ role: 'user', content: 'hi' }],
        stream: false,
      });
    });
  });

  describe('conversion (any other channel)', () => {
    const completion = {
      id: 'chatcmpl-1',
      object: 'chat.completion',
      created: 1,
      model: 'gpt',
      choices: [{ index: 0, message: { role: 'assistant', content: 'Hi' }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 10, completion_tokens: 20, total_tokens: 30 },
    };
    const chunk = (delta: object, finish: string | null = null) => ({
      data: {
        id: 'chatcmpl-1',
        object: 'chat.completion.chunk',
        created: 1,
        model: 'gpt',
        choices: [{ index: 0, delta, finish_reason: finish }],
      },
    });
    const OPENAI_STREAM =
      sse([
        chunk({ role: 'assistant', content: 'Hi' }),
        chunk({}, 'stop'),
        {
          data: {
            id: 'chatcmpl-1',
            object: 'chat.completion.chunk',
            created: 1,
            model: 'gpt',
            choices: [],
            usage: completion.usage,
          },
        },
      ]) + 'data: [DONE]\n\n';

    it('writes a complete OpenAI answer as an Anthropic message, usage kept for billing', () => {
      const read = adaptorFor(claude(), openAIAdaptor(OPENAI_CONFIG)).readResponse({
        mode: 'chat',
        body: Buffer.from(JSON.stringify(completion)),
        contentType: 'application/json',
      });
      expect(read.usage).toEqual({ promptTokens: 10, completionTokens: 20 });
      expect(JSON.parse(read.body.toString())).toMatchObject({
        type: 'message',
        model: 'claude-x',
        content: [{ type: 'text', text: 'Hi' }],
        stop_reason: 'end_turn',
        usage: { input_tokens: 10, output_tokens: 20 },
      });
    });

    it.each([
      ['Anthropic', () => claude(true)],
      ['Gemini', () => gemini(true)],
    ])('%s client: an OpenAI error chunk is reported, never written as a normal end', (_name, req) => {
      const conv = adaptorFor(req(), openAIAdaptor(OPENAI_CONFIG)).streamConverter('chat', false, 'gpt');
      const failed = sse([
        chunk({ role: 'assistant', content: 'Hi' }),
        { data: { error: { message: 'boom', type: 'server_error', param: null, code: 'server_error' } } },
      ]);
      const steps = new SseParser().push(Buffer.from(failed)).map((ev) => conv.onEvent(ev));
      expect(steps[1]).toEqual({ out: null, error: { message: 'boom', type: 'server_error', code: 'server_error' } });
      expect(steps[0].out).toContain('Hi');
    });

    it('writes an OpenAI stream as Anthropic events ending with the usage', () => {
      const { out, usage } = run(
        adaptorFor(claude(true), openAIAdaptor(OPENAI_CONFIG)).streamConverter('chat', false, 'gpt'),
        OPENAI_STREAM,
      );
      expect(usage).toEqual({ promptTokens: 10, completionTokens: 20 });
      const events = new SseParser().push(Buffer.from(out)).map((e) => e.event);
      expect(events).toEqual([
        'message_start',
        'content_block_start',
        'content_block_delta',
        'content_block_stop',
        'message_delta',
        'message_stop',
      ]);
      expect(out).toContain('"usage":{"input_tokens":10,"output_tokens":20');
    });

    it('writes an OpenAI stream as Gemini SSE objects, the last with usageMetadata', () => {
      const { out } = run(
        adaptorFor(gemini(true), openAIAdaptor(OPENAI_CONFIG)).streamConverter('chat', false, 'gpt'),
        OPENAI_STREAM,
      );
      const objects = new SseParser().push(Buffer.from(out)).map((e) => JSON.parse(e.data!));
      expect(objects[0].candidates[0].content.parts).toEqual([{ text: 'Hi' }]);
      expect(objects[objects.length - 1]).toMatchObject({
        candidates: [{ finishReason: 'STOP' }],
        usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 20, totalTokenCount: 30 },
      });
    });

    it('writes a native channel answer (Anthropic upstream) for a Gemini client', () => {
      const { out, usage } = run(
        adaptorFor(gemini(true), anthropicAdaptor()).streamConverter('chat', false, 'claude'),
        ANTHROPIC_STREAM,
      );
      expect(usage).toEqual({ promptTokens: 125, completionTokens: 7, cachedTokens: 100, cacheCreationTokens: 20 });
      const objects = new SseParser().push(Buffer.from(out)).map((e) => JSON.parse(e.data!));
      expect(objects.map((o) => o.candidates[0].content.parts[0].text).join('')).toBe('Hi');
      expect(objects[objects.length - 1].usageMetadata).toMatchObject({
        promptTokenCount: 125,
        cachedContentTokenCount: 100,
      });
    });
  });

  it('frames a Gemini stream as one JSON array when the client did not ask for SSE', () => {
    const req = geminiDialect.parse({
      body: { contents: [{ role: 'user', parts: [{ text: 'hi' }] }] },
      headers: {},
      model: 'g',
      stream: true,
      jsonArray: true,
    });
    const stream = sse([
      { data: { candidates: [{ content: { parts: [{ text: 'H' }] } }] } },
      { data: { usageMetadata: { promptTokenCount: 3 } } },
    ]);
    const conv = adaptorFor(req, geminiAdaptor()).streamConverter('chat', false, 'g');
    expect(conv.contentType).toMatch(/^application\/json/);
    const { out, usage } = run(conv, stream);
    expect(JSON.parse(out)).toEqual([
      { candidates: [{ content: { parts: [{ text: 'H' }] } }] },
      { usageMetadata: { promptTokenCount: 3 } },
    ]);
    expect(usage).toMatchObject({ promptTokens: 3 });
    expect(run(adaptorFor(req, geminiAdaptor()).streamConverter('chat', false, 'g'), '').out).toBe('[]');
  });

  it('reads chat chunks out of SSE text', () => {
    expect(openAIChunks('data: {"id":"a"}\n\n: ping\n\ndata: [DONE]\n\nevent: x\ndata:{"id":"b"}\n\n')).toEqual([
      { id: 'a' },
      { id: 'b' },
    ]);
  });
});
