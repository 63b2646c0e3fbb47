import { anthropicAdaptor } from './anthropic/adaptor';
import { geminiAdaptor } from './gemini/adaptor';
import { openAIAdaptor } from './openai/adaptor';
import { OPENAI_CONFIG } from './testing/fixtures';

const json = (obj: unknown) => Buffer.from(typeof obj === 'string' ? obj : JSON.stringify(obj));
const CT = 'application/json';

describe('usage reports and bad answers read by the adaptors', () => {
  const openai = openAIAdaptor(OPENAI_CONFIG);
  const anthropic = anthropicAdaptor();
  const gemini = geminiAdaptor();
  const chat = (usage: unknown) => ({ choices: [{ message: { content: 'hi' } }], usage });

  // [name, adaptor, body, expected usage (toMatchObject) | null]
  it.each([
    [
      'OpenAI audio and cache parts',
      openai,
      chat({
        prompt_tokens: 300,
        completion_tokens: 350,
        prompt_tokens_details: { cached_tokens: 10, cache_creation_tokens: 20, audio_tokens: 200 },
        completion_tokens_details: { audio_tokens: 300 },
      }),
      { promptTokens: 300, cachedTokens: 10, cacheCreationTokens: 20, audioInputTokens: 200, audioOutputTokens: 300 },
    ],
    [
      'OpenAI 2^63 kept for the check',
      openai,
      chat({ prompt_tokens: 1, completion_tokens: 2 ** 63 }),
      { completionTokens: 2 ** 63 },
    ],
    [
      'OpenAI 1e400 read as Infinity',
      openai,
      '{"choices":[],"usage":{"prompt_tokens":1,"completion_tokens":1e400}}',
      { completionTokens: Infinity },
    ],
    ['OpenAI strings are malformed', openai, chat({ prompt_tokens: '10', completion_tokens: 5 }), { malformed: true }],
    [
      'Anthropic cache writes',
      anthropic,
      {
        type: 'message',
        content: [{ type: 'text', text: 'x' }],
        usage: { input_tokens: 10, cache_creation_input_tokens: 1000, output_tokens: 5 },
      },
      { promptTokens: 1010, cacheCreationTokens: 1000, completionTokens: 5 },
    ],
    [
      'Anthropic negative counts are malformed',
      anthropic,
      { type: 'message', content: [{ type: 'text', text: 'x' }], usage: { input_tokens: -5, output_tokens: 5 } },
      { malformed: true },
    ],
    [
      'Gemini string counts are malformed',
      gemini,
      {
        candidates: [{ content: { parts: [{ text: 'x' }] } }],
        usageMetadata: { promptTokenCount: '9', candidatesTokenCount: 1 },
      },
      { malformed: true },
    ],
  ] as const)('%s', (_name, adaptor, body, usage) => {
    const read = adaptor.readResponse({ mode: 'chat', body: json(body), contentType: CT, wantText: false, model: 'm' });
    expect(read.error).toBeUndefined();
    expect(read.usage).toMatchObject(usage);
  });

  // [name, adaptor, body, content type, expected message]
  it.each([
    ['OpenAI HTML with 200', openai, '<html>502 Bad Gateway</html>', 'text/html', 'not valid JSON'],
    [
      'OpenAI truncated JSON',
      openai,
      '{"choices":[{"message":{"content":"hi"}}],"usage":{"prompt_tokens":1',
      CT,
      'not valid JSON',
    ],
    [
      'OpenAI error object',
      openai,
      { error: { message: 'You exceeded your current quota', type: 'insufficient_quota' } },
      CT,
      'You exceeded your current quota',
    ],
    ['Anthropic not JSON', anthropic, 'upstream connect error', CT, 'not valid JSON'],
    [
      'Anthropic error object',
      anthropic,
      { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } },
      CT,
      'Overloaded',
    ],
    [
      'Gemini error object',
      gemini,
      { error: { code: 429, message: 'Resource exhausted', status: 'RESOURCE_EXHAUSTED' } },
      CT,
      'Resource exhausted',
    ],
  ] as const)('%s fails the attempt', (_name, adaptor, body, contentType, message) => {
    const read = adaptor.readResponse({ mode: 'chat', body: json(body), contentType, wantText: false, model: 'm' });
    expect(read.error?.message).toContain(message);
    expect(read.usage).toBeNull();
  });

  it('keeps non-JSON audio answers', () => {
    const read = openai.readResponse({ mode: 'audio.speech', body: Buffer.alloc(10), contentType: 'audio/mpeg' });
    expect(read.error).toBeUndefined();
    expect(
      openai.readResponse({ mode: 'audio.transcriptions', body: json('hello'), contentType: 'text/plain' }).outputText,
    ).toBe('hello');
  });
});
