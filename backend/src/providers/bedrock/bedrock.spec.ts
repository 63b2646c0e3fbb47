import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSettings } from '@gw/shared';
import { openAIToAnthropicRequest } from '../anthropic/request-from-openai';
import { AnthropicStreamToOpenAI } from '../anthropic/stream-to-openai';
import { collectChunks } from '../shared/collect-chunks';
import { golden, readJson } from '../testing/golden';
import { bedrockClaudeBody, bedrockClaudeCall, bedrockModelId, parseBedrockKey } from './bedrock-claude';
import { encodeEventStreamMessage, EventStreamDecoder, type EventStreamMessage } from './event-stream';
import { bedrockStreamEvent } from './stream-events';

const DIR = __dirname;
const bin = (name: string) => readFileSync(join(DIR, 'testdata', name));

/** Decodes a byte stream fed as the given slices. */
function decodeSlices(slices: Buffer[]): EventStreamMessage[] {
  const d = new EventStreamDecoder();
  const out = slices.flatMap((s) => d.push(s));
  expect(d.pendingBytes).toBe(0);
  return out;
}

describe('event-stream decoding', () => {
  it('documented encoding: frames with and without headers', () => {
    expect(decodeSlices([bin('frame-no-headers.bin')])).toEqual([{ headers: {}, payload: Buffer.from('{"foo": "bar"}') }]);
    expect(decodeSlices([bin('frame-content-type.bin')])).toEqual([{ headers: { 'content-type': 'application/json' }, payload: Buffer.from('{"foo": "bar"}') }]);
  });

  it('the encoder writes the same bytes', () => {
    expect(encodeEventStreamMessage({}, '{"foo": "bar"}')).toEqual(bin('frame-no-headers.bin'));
    expect(encodeEventStreamMessage({ 'content-type': 'application/json' }, '{"foo": "bar"}')).toEqual(bin('frame-content-type.bin'));
  });

  it('a recorded stream split at every possible boundary decodes to the same messages', () => {
    const stream = bin('stream-tool-use.bedrock.bin');
    const whole = decodeSlices([stream]);
    expect(whole).toHaveLength(10);
    for (let i = 1; i < stream.length; i++) {
      expect(decodeSlices([stream.subarray(0, i), stream.subarray(i)])).toEqual(whole);
    }
    expect(decodeSlices([...stream].map((b) => Buffer.from([b])))).toEqual(whole);
  });

  it('all header value types', () => {
    const d = new EventStreamDecoder();
    const frame = encodeEventStreamMessage({ t: true, f: false, s: 'x', b: new Uint8Array([1, 2]) }, '');
    expect(d.push(frame)[0].headers).toEqual({ t: true, f: false, s: 'x', b: new Uint8Array([1, 2]) });
  });

  it.each([
    ['prelude CRC', 9, 'prelude CRC mismatch'],
    ['total length', 2, 'prelude CRC mismatch'],
    ['payload byte', 40, 'message CRC mismatch'],
    ['message CRC', 61, 'message CRC mismatch'],
  ])('a corrupt %s is refused', (_what, offset, message) => {
    const frame = Buffer.from(bin('frame-content-type.bin'));
    frame[offset] ^= 0xff;
    expect(() => new EventStreamDecoder().push(frame)).toThrow(message);
  });

  it('a cut stream leaves pending bytes', () => {
    const d = new EventStreamDecoder();
    d.push(bin('frame-no-headers.bin').subarray(0, 20));
    expect(d.pendingBytes).toBe(20);
  });
});

describe('Bedrock Claude stream', () => {
  const events = () => decodeSlices([bin('stream-tool-use.bedrock.bin')]).map(bedrockStreamEvent);

  it('chunk messages carry the base64 Anthropic events (golden)', () => {
    expect(events()).toEqual(readJson(DIR, 'stream-tool-use.anthropic-events.json'));
  });

  it('→ OpenAI chunks (golden), usage from message_start and message_delta', () => {
    const conv = new AnthropicStreamToOpenAI({ id: 'chatcmpl-local', model: 'client-model', created: 1700000000 });
    const chunks = [...events().flatMap((e) => (e ? conv.push(e) : [])), ...conv.finish()];
    expect(chunks).toEqual(golden(DIR, 'stream-tool-use.openai-chunks.json', chunks));
    const folded = collectChunks(chunks);
    expect(folded.choices[0].message.tool_calls?.[0].function.arguments).toBe('{"location": "Paris"}');
    expect(folded.usage).toEqual({ prompt_tokens: 568, completion_tokens: 58, total_tokens: 626, prompt_tokens_details: { cached_tokens: 256 } });
  });

  it('an exception message throws with its exception type', () => {
    const [first, second] = decodeSlices([bin('stream-throttled.bedrock.bin')]);
    expect(bedrockStreamEvent(first)?.type).toBe('message_start');
    expect(() => bedrockStreamEvent(second)).toThrow(
      expect.objectContaining({ type: 'throttlingException', message: 'Too many requests, please wait before trying again.' }),
    );
  });
});

describe('Bedrock key, model ids and request', () => {
  it('key AK|SK|region (optional session token)', () => {
    expect(parseBedrockKey('AKID|SECRET|us-west-2')).toEqual({ accessKeyId: 'AKID', secretAccessKey: 'SECRET', region: 'us-west-2' });
    expect(parseBedrockKey(' AKID | SECRET | eu-central-1 | TOKEN ').sessionToken).toBe('TOKEN');
    expect(() => parseBedrockKey('AKID|SECRET')).toThrow('AccessKeyId|SecretAccessKey|region');
    expect(() => parseBedrockKey('AKID|SECRET|not a region')).toThrow();
  });

  it.each([
    ['claude-3-5-sonnet-20241022', {}, 'anthropic.claude-3-5-sonnet-20241022-v2:0'],
    ['claude-3-haiku-20240307', {}, 'anthropic.claude-3-haiku-20240307-v1:0'],
    ['claude-2.1', {}, 'anthropic.claude-v2:1'],
    ['claude-future-5-20300101', {}, 'anthropic.claude-future-5-20300101-v1:0'],
    ['us.claude-3-7-sonnet-20250219', {}, 'us.anthropic.claude-3-7-sonnet-20250219-v1:0'],
    ['claude-sonnet-4-20250514', { crossRegion: 'eu' }, 'eu.anthropic.claude-sonnet-4-20250514-v1:0'],
    ['claude-sonnet-4-20250514', { crossRegion: 'auto', region: 'ap-northeast-1' }, 'apac.anthropic.claude-sonnet-4-20250514-v1:0'],
    ['anthropic.claude-3-opus-20240229-v1:0', {}, 'anthropic.claude-3-opus-20240229-v1:0'],
    ['meta.llama3-70b-instruct-v1:0', {}, 'meta.llama3-70b-instruct-v1:0'],
  ])('%s %j → %s', (model, opts, id) => {
    expect(bedrockModelId(model, opts)).toBe(id);
  });

  it('body (golden): the Anthropic request minus model and stream, plus anthropic_version', () => {
    const anthropic = openAIToAnthropicRequest(readJson(DIR, '../../anthropic/testdata/chat-tools.openai-request.json'), buildSettings({}));
    const body = bedrockClaudeBody({ ...anthropic, stream: true }, ['token-efficient-tools-2025-02-19']);
    expect(body).toEqual(golden(DIR, 'chat-tools.bedrock-body.json', body));
    expect(body).not.toHaveProperty('model');
    expect(body).not.toHaveProperty('stream');
  });

  it('signed call: URL with encoded model id, SigV4 headers for service bedrock', () => {
    const call = bedrockClaudeCall({
      key: parseBedrockKey('AKIDEXAMPLE|wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY|us-east-1'),
      modelId: 'us.anthropic.claude-3-5-sonnet-20241022-v2:0',
      stream: true,
      body: bedrockClaudeBody({ model: 'x', max_tokens: 10, messages: [{ role: 'user', content: 'hi' }] }),
      date: new Date('2025-01-02T03:04:05Z'),
    });
    expect(call.url).toBe('https://bedrock-runtime.us-east-1.amazonaws.com/model/us.anthropic.claude-3-5-sonnet-20241022-v2%3A0/invoke-with-response-stream');
    expect(call.headers).toMatchObject({ host: 'bedrock-runtime.us-east-1.amazonaws.com', 'x-amz-date': '20250102T030405Z', accept: 'application/vnd.amazon.eventstream' });
    expect(call.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/20250102\/us-east-1\/bedrock\/aws4_request, SignedHeaders=accept;content-type;host;x-amz-date, Signature=[0-9a-f]{64}$/);
    expect(JSON.parse(call.body)).toEqual({ anthropic_version: 'bedrock-2023-05-31', max_tokens: 10, messages: [{ role: 'user', content: 'hi' }] });
  });
});
