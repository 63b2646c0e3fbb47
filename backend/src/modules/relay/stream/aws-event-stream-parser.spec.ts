import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { encodeEventStreamMessage } from '../../../providers/bedrock/event-stream';
import { anthropicStream } from '../../../providers/anthropic/adaptor';
import { AwsEventStreamParser } from './aws-event-stream-parser';
import { isStreamType, streamParser } from './framing';
import type { SseEvent } from './sse-parser';

const bin = (name: string) => readFileSync(join(__dirname, '../../../providers/bedrock/testdata', name));
const golden = (name: string) =>
  JSON.parse(readFileSync(join(__dirname, '../../../providers/bedrock/testdata', name), 'utf8')) as unknown[];

/** Feeds `slices` and ends the stream; returns the events, or throws what the parser threw. */
function parse(slices: Buffer[]): SseEvent[] {
  const p = new AwsEventStreamParser();
  return [...slices.flatMap((s) => p.push(s)), ...p.end()];
}

describe('AWS event-stream framing as stream events', () => {
  it('chunk messages → Anthropic events (golden), whatever the slicing', () => {
    const stream = bin('stream-tool-use.bedrock.bin');
    const whole = parse([stream]);
    expect(whole.map((e) => JSON.parse(e.data!))).toEqual(
      golden('stream-tool-use.anthropic-events.json').filter(Boolean),
    );
    expect(whole.every((e) => e.event === JSON.parse(e.data!).type)).toBe(true);
    for (const at of [1, 11, 12, 13, 100, stream.length - 1]) {
      expect(parse([stream.subarray(0, at), stream.subarray(at)])).toEqual(whole);
    }
  });

  it('an exception message becomes an Anthropic error event after the events before it', () => {
    const p = new AwsEventStreamParser();
    const events = [...p.push(bin('stream-throttled.bedrock.bin')), ...p.end()];
    expect(events.map((e) => e.event)).toEqual(['message_start', 'error']);
    expect(JSON.parse(events[1].data!)).toMatchObject({ type: 'error', error: { type: 'throttlingException' } });
    const conv = anthropicStream(true, 'claude');
    const steps = events.map((e) => conv.onEvent(e));
    expect(steps[1]).toEqual({
      out: null,
      error: expect.objectContaining({ type: 'throttlingException', code: null }),
    });
  });

  it('an exception alone is one error event carrying its type and message', () => {
    const exception = encodeEventStreamMessage(
      { ':message-type': 'exception', ':exception-type': 'modelStreamErrorException' },
      '{"message":"boom"}',
    );
    const [ev] = new AwsEventStreamParser().push(exception);
    expect(anthropicStream(true, 'claude').onEvent(ev)).toEqual({
      out: null,
      error: { type: 'modelStreamErrorException', message: 'boom', code: null },
    });
  });

  it('a stream cut mid-message fails at its end', () => {
    const stream = bin('stream-tool-use.bedrock.bin');
    expect(() => parse([stream.subarray(0, stream.length - 3)])).toThrow('cut mid-message');
  });

  it('feeds the Anthropic → OpenAI converter: tool call and usage', () => {
    const conv = anthropicStream(true, 'claude');
    const steps = parse([bin('stream-tool-use.bedrock.bin')]).map((e) => conv.onEvent(e));
    const out = steps.map((s) => s.out ?? '').join('') + conv.finish();
    expect(out).toContain('"name":"get_weather"');
    expect(out.endsWith('data: [DONE]\n\n')).toBe(true);
    expect(steps.reverse().find((s) => s.usage)?.usage).toMatchObject({ promptTokens: 568, completionTokens: 58 });
  });

  it('is chosen by the adaptor framing and its content type', () => {
    const bedrock = { streamFraming: 'aws-eventstream' as const };
    expect(streamParser(bedrock)).toBeInstanceOf(AwsEventStreamParser);
    expect(streamParser({})).toBeUndefined();
    expect(isStreamType(bedrock, 'application/vnd.amazon.eventstream')).toBe(true);
    expect(isStreamType(bedrock, 'application/json')).toBe(false);
    expect(isStreamType({}, 'application/vnd.amazon.eventstream')).toBe(false);
  });
});
