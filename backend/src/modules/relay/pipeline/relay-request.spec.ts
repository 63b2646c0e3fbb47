import { parseRelayRequest } from './relay-request';

describe('parseRelayRequest', () => {
  const chat = (extra: Record<string, unknown>) =>
    parseRelayRequest(
      'chat',
      { model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }], ...extra },
      'application/json',
    );

  it('reads model, stream, usage wish and limits', () => {
    const r = chat({ stream: true, stream_options: { include_usage: true }, max_tokens: 100, n: 2 });
    expect(r).toMatchObject({
      model: 'gpt-4o',
      stream: true,
      clientWantsUsage: true,
      maxCompletionTokens: 200,
      calls: 1,
    });
    expect(chat({}).stream).toBe(false);
    expect(parseRelayRequest('embeddings', { model: 'e', input: 'x', stream: true }, '').stream).toBe(false);
  });

  it.each([
    [{ max_tokens: -1 }],
    [{ max_tokens: 1e12 }],
    [{ max_tokens: 1.5 }],
    [{ max_tokens: 'NaN' }],
    [{ n: 0 }],
    [{ n: 1e9 }],
    [{ stream: 'yes' }],
    [{ model: '' }],
    [{ model: 42 }],
    [{ messages: 'hi' }],
  ])('refuses %p with 400', (extra) => {
    expect(() => chat(extra)).toThrow(expect.objectContaining({ status: 400 }));
  });

  it('defaults image and moderation models, counts images as calls', () => {
    expect(parseRelayRequest('images.generations', { prompt: 'cat', n: 3 }, '')).toMatchObject({
      model: 'dall-e-2',
      calls: 3,
      maxCompletionTokens: 0,
    });
    expect(parseRelayRequest('moderations', { input: 'x' }, '').model).toBe('omni-moderation-latest');
  });

  it('reads the model of a multipart upload', () => {
    const raw = Buffer.from('--b\r\nContent-Disposition: form-data; name="model"\r\n\r\nwhisper-1\r\n--b--\r\n');
    expect(parseRelayRequest('audio.transcriptions', raw, 'multipart/form-data; boundary=b')).toMatchObject({
      model: 'whisper-1',
      stream: false,
    });
  });
});
