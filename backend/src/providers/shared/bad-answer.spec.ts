import { errorInAnswer } from './bad-answer';

describe('errorInAnswer', () => {
  it.each([
    ['OpenAI error object', { error: { message: 'quota', type: 'insufficient_quota', code: 'x' } }, 'quota'],
    [
      'Anthropic error event',
      { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } },
      'Overloaded',
    ],
    ['Gemini error', { error: { code: 400, message: 'bad key', status: 'INVALID_ARGUMENT' } }, 'bad key'],
    [
      'a failed Responses object',
      { object: 'response', status: 'failed', output: [], error: { code: 'server_error', message: 'boom' } },
      'boom',
    ],
    ['a string error', { error: 'model not found' }, 'model not found'],
  ])('%s is an error', (_name, body, message) => {
    expect(errorInAnswer(body)?.message).toBe(message);
  });

  it.each([
    ['error: null', { choices: [{}], error: null }],
    ['an answer that also names an error', { choices: [{ message: {} }], error: { message: 'partial' } }],
    ['an Anthropic message', { type: 'message', content: [{ type: 'text', text: 'hi' }] }],
    ['not an object', [1, 2]],
  ])('%s is not', (_name, body) => {
    expect(errorInAnswer(body)).toBeUndefined();
  });
});
