/**
 * Pure: an OpenAI-format embeddings answer carrying the prompt tokens that were billed. An upstream
 * that reports no (or zero) usage is billed by the local count; the client sees that same number in
 * `usage.prompt_tokens` / `usage.total_tokens` (docs/relay.md, "Embeddings usage"). Any other body
 * (not JSON, another format such as Gemini's) is returned as it is.
 */
export function withBilledEmbeddingUsage(body: Buffer, promptTokens: number): Buffer {
  let json: unknown;
  try {
    json = JSON.parse(body.toString('utf8'));
  } catch {
    return body;
  }
  if (!json || typeof json !== 'object' || Array.isArray(json)) return body;
  const answer = json as { object?: unknown; data?: unknown; usage?: unknown };
  if (answer.object !== 'list' || !Array.isArray(answer.data)) return body;
  const usage = answer.usage && typeof answer.usage === 'object' ? (answer.usage as Record<string, unknown>) : {};
  if (usage.prompt_tokens === promptTokens && usage.total_tokens === promptTokens) return body;
  answer.usage = { ...usage, prompt_tokens: promptTokens, total_tokens: promptTokens };
  return Buffer.from(JSON.stringify(answer));
}
