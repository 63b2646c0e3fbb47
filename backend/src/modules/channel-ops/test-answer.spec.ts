import { anthropicAdaptor } from '../../providers/anthropic/adaptor';
import { openAIAdaptor } from '../../providers/openai/adaptor';
import { chatAnswerProblem } from './test-answer';
import { OPENAI_CONFIG } from '../../providers/testing/fixtures';

const json = (v: unknown) => Buffer.from(JSON.stringify(v));
const CT = 'application/json';

describe('chatAnswerProblem', () => {
  const openai = openAIAdaptor(OPENAI_CONFIG);

  it('accepts a chat completion, native answers after conversion', () => {
    const ok = {
      id: 'c',
      object: 'chat.completion',
      choices: [{ index: 0, message: { role: 'assistant', content: 'hi' } }],
    };
    expect(chatAnswerProblem(openai, 200, json(ok), CT, 'm')).toBeNull();
    const claude = {
      id: 'msg',
      type: 'message',
      role: 'assistant',
      content: [{ type: 'text', text: 'hi' }],
      stop_reason: 'end_turn',
      usage: { input_tokens: 1, output_tokens: 1 },
    };
    expect(chatAnswerProblem(anthropicAdaptor(), 200, json(claude), CT, 'm')).toBeNull();
  });

  it('refuses what the relay could not serve', () => {
    expect(chatAnswerProblem(openai, 200, Buffer.from('<html>login</html>'), 'text/html', 'm')).toMatch(/not JSON/);
    expect(chatAnswerProblem(openai, 200, json({ object: 'list', data: [] }), CT, 'm')).toBe(
      'the answer has no choices',
    );
    expect(chatAnswerProblem(openai, 200, json({ choices: [{ index: 0 }] }), CT, 'm')).toBe(
      'the answer has no message',
    );
    expect(chatAnswerProblem(openai, 200, json({ error: { message: 'quota exceeded' } }), CT, 'm')).toBe(
      'quota exceeded',
    );
  });
});
