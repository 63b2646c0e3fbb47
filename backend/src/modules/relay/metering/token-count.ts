/** Tokenizer choice and counting (pure given the loaded ranks); runs inside the tokenizer worker. */
export type EncodingName = 'o200k_base' | 'cl100k_base';

/** o200k for the GPT-4o generation onwards; cl100k for older OpenAI models and as the approximation for others. */
export function encodingFor(model: string): EncodingName {
  return /^(gpt-4o|gpt-4\.1|gpt-4\.5|gpt-5|o1|o3|o4|chatgpt-4o|gpt-oss|gpt-image|omni-)/.test(model)
    ? 'o200k_base'
    : 'cl100k_base';
}

export interface Encoder {
  encode(text: string, allowedSpecial?: 'all'): number[];
}

export function countTokens(encoder: Encoder, texts: readonly string[]): number {
  let n = 0;
  for (const t of texts) if (t) n += encoder.encode(t, 'all').length;
  return n;
}
