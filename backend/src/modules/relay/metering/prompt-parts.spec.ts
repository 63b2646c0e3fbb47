import { estimateTokens, promptParts } from './prompt-parts';
import { encodingFor } from './token-count';

describe('promptParts', () => {
  it('frames chat messages and counts images as fixed tokens', () => {
    const parts = promptParts('chat', {
      messages: [
        { role: 'system', content: 'be brief' },
        {
          role: 'user',
          name: 'bob',
          content: [
            { type: 'text', text: 'hi' },
            { type: 'image_url', image_url: { url: 'x', detail: 'low' } },
          ],
        },
      ],
    });
    expect(parts.texts).toEqual(['be brief', 'hi']);
    expect(parts.fixedTokens).toBe(3 + 3 + 1 + 85 + 3);
  });
  it('reads inputs of embeddings, completions and rerank', () => {
    expect(promptParts('embeddings', { input: ['a', 'b'] }).texts).toEqual(['a', 'b']);
    expect(promptParts('embeddings', { input: [[1, 2, 3]] }).fixedTokens).toBe(3);
    expect(promptParts('completions', { prompt: 'p' }).texts).toEqual(['p']);
    expect(promptParts('rerank', { query: 'q', documents: ['d1', { text: 'd2' }] }).texts).toEqual(['q', 'd1', 'd2']);
  });
  it.each([
    [
      'chat with an input_audio part',
      'chat',
      { messages: [{ role: 'user', content: [{ type: 'input_audio', input_audio: {} }] }] },
      true,
    ],
    ['responses continuing a previous response', 'responses', { input: 'hi', previous_response_id: 'resp_1' }, true],
    ['plain chat', 'chat', { messages: [{ role: 'user', content: 'hi' }] }, false],
  ] as const)('marks prompts the estimate cannot see: %s', (_name, mode, body, opaque) => {
    expect(promptParts(mode, body).opaque === true).toBe(opaque);
  });
  it('bills tts-1 input by characters', () => {
    const parts = promptParts('audio.speech', { model: 'tts-1', input: 'héllo 你好' });
    expect(parts.characters).toBe(true);
    expect(estimateTokens(parts)).toBe(8);
    expect(promptParts('audio.speech', { model: 'gpt-4o-mini-tts', input: 'x' }).characters).toBeUndefined();
  });
  it('estimates about one token per three bytes', () => {
    expect(estimateTokens({ texts: ['abcdef', '你'], fixedTokens: 2 })).toBe(2 + 3);
  });
  it('picks o200k for the 4o generation', () => {
    expect(encodingFor('gpt-4o-mini')).toBe('o200k_base');
    expect(encodingFor('gpt-3.5-turbo')).toBe('cl100k_base');
  });
});
