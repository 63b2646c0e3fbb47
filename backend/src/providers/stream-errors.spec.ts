import { join } from 'node:path';
import { anthropicStream } from './anthropic/adaptor';
import { geminiStream } from './gemini/adaptor';
import { ollamaAdaptor } from './ollama/adaptor';
import { openAIStreamConverter } from './openai/stream';
import type { SseEvent, StreamConverter, StreamStep, UpstreamErrorInfo } from './provider';
import { parseSse, readText } from './testing/golden';
import { TEST_DEPS } from './testing/fixtures';
import { vertexAdaptor } from './vertex/adaptor';

/** A recorded SSE stream as the events the relay's parser hands the converters. */
function events(text: string): SseEvent[] {
  return parseSse(text).map((r) => ({
    raw: `${r.event ? `event: ${r.event}\n` : ''}data: ${r.data}`,
    event: r.event,
    data: r.data,
  }));
}

const replay = (conv: StreamConverter, evs: SseEvent[]): StreamStep[] => evs.map((e) => conv.onEvent(e));

const OPENAI_ERROR: UpstreamErrorInfo = {
  type: 'server_error',
  code: 'server_error',
  message: 'The server had an error while processing your request.',
};
const ANTHROPIC_ERROR: UpstreamErrorInfo = { type: 'overloaded_error', code: null, message: 'Overloaded' };
const GEMINI_ERROR: UpstreamErrorInfo = {
  type: 'UNAVAILABLE',
  code: '503',
  message: 'The model is overloaded. Please try again later.',
};

const dir = (p: string) => join(__dirname, p);

/**
 * Every converter reports an error the upstream sent inside its stream as the step's `error` (the type,
 * code and message of that error), writing nothing for it; what came before is converted as usual.
 */
describe.each([
  [
    'OpenAI',
    () => openAIStreamConverter('chat', false),
    readText(dir('openai'), 'stream-error.openai.sse'),
    OPENAI_ERROR,
  ],
  [
    'Anthropic',
    () => anthropicStream(false, 'claude'),
    readText(dir('anthropic'), 'stream-error.anthropic.txt'),
    ANTHROPIC_ERROR,
  ],
  ['Gemini', () => geminiStream(false, 'gemini'), readText(dir('gemini'), 'stream-error.gemini.txt'), GEMINI_ERROR],
  [
    'Vertex Claude',
    () => vertexAdaptor(TEST_DEPS.accessTokens).streamConverter('chat', false, 'claude-3-5-haiku@20241022'),
    readText(dir('anthropic'), 'stream-error.anthropic.txt'),
    ANTHROPIC_ERROR,
  ],
  [
    'Vertex Gemini',
    () => vertexAdaptor(TEST_DEPS.accessTokens).streamConverter('chat', false, 'gemini-2.0-flash'),
    readText(dir('gemini'), 'stream-error.gemini.txt'),
    GEMINI_ERROR,
  ],
])('%s stream with an error event', (_name, make, recorded, expected) => {
  it('reports the error as the last step, without output', () => {
    const steps = replay(make(), events(recorded));
    const last = steps[steps.length - 1];
    expect(last.out).toBeNull();
    expect(last.error).toEqual(expected);
    expect(steps.slice(0, -1).every((s) => s.error === undefined)).toBe(true);
  });
});

describe('stream error mapping, other shapes', () => {
  it('OpenAI: the content before the error chunk passes through unchanged', () => {
    const evs = events(readText(dir('openai'), 'stream-error.openai.sse'));
    const steps = replay(openAIStreamConverter('chat', false), evs);
    expect(steps.slice(0, 2).map((s) => s.out)).toEqual([`${evs[0].raw}\n\n`, `${evs[1].raw}\n\n`]);
    expect(steps[1].text).toBe('Hello');
  });

  it('OpenAI: a chunk with choices and an error field is content, not an error', () => {
    const data = '{"choices":[{"index":0,"delta":{"content":"x"}}],"error":{"message":"m"}}';
    const step = openAIStreamConverter('chat', false).onEvent({ raw: `data: ${data}`, event: null, data });
    expect(step.error).toBeUndefined();
    expect(step.text).toBe('x');
  });

  it('Ollama: a line with `error` (string) is an upstream_error', () => {
    const data = '{"error":"model \\"nope\\" not found"}';
    const step = ollamaAdaptor().streamConverter('chat', false, 'llama').onEvent({ raw: data, event: null, data });
    expect(step).toEqual({
      out: null,
      error: { type: 'upstream_error', code: null, message: 'model "nope" not found' },
    });
  });
});
