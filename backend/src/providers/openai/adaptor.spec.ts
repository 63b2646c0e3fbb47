import { ChannelType } from '@gw/shared';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SseParser } from '../../modules/relay/stream/sse-parser';
import type { BuildInput } from '../provider';
import { openAIAdaptor, readOpenAIError } from './adaptor';
import { usageFromText } from '../shared/openai-usage';
import { OPENAI_CONFIG, testSettings } from '../testing/fixtures';
import { OPENAI_COMPATIBLE } from '../openai-compatible';

const golden = (name: string) => readFileSync(join(__dirname, 'testdata', name));
const target = {
  baseUrl: 'https://api.example.com/base',
  key: 'k-1',
  organization: '',
  paramOverride: null,
  other: '',
};
const input = (extra: Partial<BuildInput> = {}): BuildInput => ({
  mode: 'chat',
  body: { kind: 'json', json: { model: 'gpt-4o', messages: [], stream: true } },
  upstreamModel: 'gpt-4o-2024-08-06',
  stream: true,
  target,
  settings: testSettings(),
  ...extra,
});

describe('OpenAI-compatible adaptor', () => {
  const a = openAIAdaptor(OPENAI_CONFIG);

  it('builds the upstream call: path, key, mapped model, usage request, overrides', () => {
    const call = a.buildCall(
      input({ target: { ...target, organization: 'org-1', paramOverride: { temperature: 0 } } }),
    );
    expect(call.origin).toBe('https://api.example.com');
    expect(call.path).toBe('/base/v1/chat/completions');
    expect(call.headers).toMatchObject({ authorization: 'Bearer k-1', 'openai-organization': 'org-1' });
    expect(JSON.parse(call.body as string)).toEqual({
      model: 'gpt-4o-2024-08-06',
      messages: [],
      stream: true,
      stream_options: { include_usage: true },
      temperature: 0,
    });
  });

  describe("sends the client's own bytes, with at most the model and the usage request edited in", () => {
    // The source keeps what a re-serialisation would lose: spacing, and an integer past 2^53.
    const source = '{ "model": "gpt-4o", "seed": 12345678901234567890, "stream": true, "messages": [] }\n';
    const sent = (extra: Partial<BuildInput>, text = source) =>
      a.buildCall(
        input({ body: { kind: 'json', json: JSON.parse(text), source: text }, upstreamModel: 'gpt-4o', ...extra }),
      ).body;
    const usage = ' ,"stream_options":{"include_usage":true}}\n';
    const asked = source.replace(' "messages"', ' "stream_options": {"include_usage": true}, "messages"');
    const passThrough = testSettings({ 'global.pass_through_request_enabled': true });

    it.each([
      ['a whole answer', {}, source, source],
      ['a stream whose client asked for usage itself', { stream: true }, asked, asked],
      [
        'a whole answer of a mapped model',
        { upstreamModel: 'gpt-4o-2024-08-06' },
        source,
        source.replace('"gpt-4o"', '"gpt-4o-2024-08-06"'),
      ],
      ['a stream without the usage request', { stream: true }, source, source.replace(' }\n', usage)],
      [
        'a stream of a mapped model without the usage request',
        { stream: true, upstreamModel: 'o"1' },
        source,
        source.replace('"gpt-4o"', '"o\\"1"').replace(' }\n', usage),
      ],
      [
        'a pass-through stream of a mapped model (no usage request)',
        { stream: true, upstreamModel: 'm-2', settings: passThrough },
        source,
        source.replace('"gpt-4o"', '"m-2"'),
      ],
      [
        'the least body a stream can have',
        { stream: true },
        '{"model":"gpt-4o"}',
        '{"model":"gpt-4o","stream_options":{"include_usage":true}}',
      ],
    ])('%s: the source, edited in place', (_case, extra, text, expected) => {
      const body = sent({ stream: false, ...extra }, text) as string;
      expect(body).toBe(expected);
      JSON.parse(body);
    });

    it.each([
      ['a param_override', { target: { ...target, paramOverride: { temperature: 0 } } }, source, { temperature: 0 }],
      [
        'a stream_options of the client without include_usage (merged)',
        { stream: true },
        source.replace(' "messages"', ' "stream_options": {"x": 1}, "messages"'),
        { stream_options: { x: 1, include_usage: true } },
      ],
      [
        'a mapped model whose name is written with an escape',
        { upstreamModel: 'm-2' },
        source.replace('"model"', '"mod\\u0065l"'),
        { model: 'm-2' },
      ],
    ])('%s: serialised again', (_case, extra, text, expected) => {
      const body = sent({ stream: false, ...extra }, text) as string;
      expect(body).not.toContain('12345678901234567890'); // JSON.parse rounded it
      expect(JSON.parse(body)).toMatchObject(expected);
    });

    it('without a source (a body the relay built): serialised', () => {
      expect(a.buildCall(input({ stream: false, upstreamModel: 'gpt-4o' })).body).toBe(
        JSON.stringify({ model: 'gpt-4o', messages: [], stream: true }),
      );
    });
  });

  it('uses the family path prefix', () => {
    const zhipu = openAIAdaptor(OPENAI_COMPATIBLE[ChannelType.Zhipu]);
    expect(zhipu.buildCall(input({ target: { ...target, baseUrl: 'https://open.bigmodel.cn' } })).path).toBe(
      '/api/paas/v4/chat/completions',
    );
  });

  it('reads usage from a complete response, even with "usage" inside the text', () => {
    const r = a.readResponse({ mode: 'chat', body: golden('chat.json'), contentType: 'application/json' });
    expect(r.usage).toEqual({ promptTokens: 12, completionTokens: 7, cachedTokens: 0 });
    expect(r.body.equals(golden('chat.json'))).toBe(true);
    expect(usageFromText('{"a":1}')).toBeUndefined();
  });

  it('extracts the text when there is no usage', () => {
    const body = Buffer.from(
      '{"choices":[{"message":{"content":"abc","tool_calls":[{"function":{"name":"f","arguments":"{}"}}]}}]}',
    );
    expect(a.readResponse({ mode: 'chat', body, contentType: 'application/json' })).toMatchObject({
      usage: null,
      outputText: 'abcf{}',
    });
  });

  it('streams events through unchanged and drops the usage chunk the client did not ask for', () => {
    const events = new SseParser().push(golden('chat-stream.sse'));
    const run = (wants: boolean) => {
      const conv = a.streamConverter('chat', wants);
      return events.map((e) => conv.onEvent(e));
    };
    const dropped = run(false);
    expect(dropped.map((s) => s.out === null)).toEqual([false, false, false, false, true, false]);
    expect(dropped.map((s) => s.text ?? '').join('')).toBe('Hello');
    expect(dropped[4].usage).toEqual({ promptTokens: 9, completionTokens: 2, cachedTokens: 4 });
    expect(
      dropped
        .filter((s) => s.out)
        .map((s) => s.out)
        .join(''),
    ).toBe(
      golden('chat-stream.sse')
        .toString()
        .replace(/data: \{[^\n]*"choices":\[\],[^\n]*\n\n/, ''),
    );
    expect(run(true)[4].out).not.toBeNull();
  });

  it('reads usage and text of responses-API streams', () => {
    const conv = a.streamConverter('responses', false);
    const steps = new SseParser().push(golden('responses-stream.sse')).map((e) => conv.onEvent(e));
    expect(steps[0].text).toBe('Hi');
    expect(steps[1].usage).toEqual({ promptTokens: 5, completionTokens: 1, cachedTokens: 0 });
  });

  it('reads upstream errors of any shape', () => {
    expect(
      readOpenAIError(
        401,
        Buffer.from('{"error":{"message":"bad key","type":"invalid_request_error","code":"invalid_api_key"}}'),
      ),
    ).toEqual({
      message: 'bad key',
      type: 'invalid_request_error',
      code: 'invalid_api_key',
    });
    expect(readOpenAIError(502, Buffer.from('<html>Bad Gateway</html>')).message).toBe('<html>Bad Gateway</html>');
    expect(readOpenAIError(500, Buffer.from('')).message).toBe('status 500');
  });
});
