import { withBilledEmbeddingUsage } from './embedding-usage';

const answer = (usage?: unknown) =>
  Buffer.from(
    JSON.stringify({
      object: 'list',
      data: [{ object: 'embedding', index: 0, embedding: [0.1] }],
      model: 'e',
      ...(usage ? { usage } : {}),
    }),
  );

describe('withBilledEmbeddingUsage', () => {
  it('adds the billed prompt tokens to an answer without usage', () => {
    expect(JSON.parse(withBilledEmbeddingUsage(answer(), 7).toString()).usage).toEqual({
      prompt_tokens: 7,
      total_tokens: 7,
    });
  });

  it('replaces a zero usage (Gemini reports no tokens)', () => {
    const out = withBilledEmbeddingUsage(answer({ prompt_tokens: 0, total_tokens: 0 }), 5);
    expect(JSON.parse(out.toString()).usage).toEqual({ prompt_tokens: 5, total_tokens: 5 });
  });

  it('leaves an answer that already says what was billed, and other formats, byte for byte', () => {
    const same = answer({ prompt_tokens: 3, total_tokens: 3 });
    expect(withBilledEmbeddingUsage(same, 3)).toBe(same);
    const gemini = Buffer.from(JSON.stringify({ embeddings: [{ values: [1] }] }));
    expect(withBilledEmbeddingUsage(gemini, 3)).toBe(gemini);
    const text = Buffer.from('not json');
    expect(withBilledEmbeddingUsage(text, 3)).toBe(text);
  });
});
