import { bedrockAdaptor } from '../../providers/bedrock/adaptor';
import { readOpenAIError } from '../../providers/openai/adaptor';
import { callSecrets, redact, redactBody } from './secrets';

describe('redaction of upstream error texts', () => {
  it('removes every key, and sk- shaped strings', () => {
    expect(redact('bad key k-one-1234 and k-two-5678, also sk-abcdefgh1234', ['k-one-1234', 'k-two-5678'])).toBe(
      'bad key [redacted] and [redacted], also sk-[redacted]',
    );
  });

  it("includes the parts of a Bedrock key and the call's derived credential", () => {
    const secrets = callSecrets(bedrockAdaptor(), ['AKIDLEAK1|SECRETLEAK2|us-east-1|SESSIONLEAK3'], 'ya29.token');
    expect(secrets).toEqual([
      'AKIDLEAK1|SECRETLEAK2|us-east-1|SESSIONLEAK3',
      'AKIDLEAK1',
      'SECRETLEAK2',
      'SESSIONLEAK3',
      'ya29.token',
    ]);
    const echo = 'Credential=AKIDLEAK1/20250101/us-east-1/bedrock, X-Amz-Security-Token: SESSIONLEAK3';
    expect(redact(echo, secrets)).toBe(
      'Credential=[redacted]/20250101/us-east-1/bedrock, X-Amz-Security-Token: [redacted]',
    );
    expect(callSecrets({}, ['plain-key'])).toEqual(['plain-key']);
  });

  it('scrubs the body before a reader cuts the message short (no half key survives)', () => {
    const key = 'leaky-key-0123456789abcdef';
    const body = Buffer.from(JSON.stringify({ error: { message: `${'x'.repeat(990)} ${key}` } }));
    const cut = readOpenAIError(401, body).message;
    expect(redact(cut, [key])).toContain('leaky-key'); // cut first, the rest of the key is not found
    expect(readOpenAIError(401, redactBody(body, [key])).message).not.toContain('leaky-key');
    expect(redactBody(Buffer.from('no secret here'), [key]).toString()).toBe('no secret here');
  });
});
