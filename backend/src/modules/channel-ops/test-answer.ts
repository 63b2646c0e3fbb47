import type { ProtocolAdaptor } from '../../providers/provider';
import { isObj } from '../../providers/shared/openai-usage';

/**
 * Why a 2xx answer to a channel test is not a usable chat completion, or null when it is. The answer
 * goes through the adaptor's own conversion (native formats become OpenAI chat completions), so a body
 * the relay could not serve fails here too. Pure; the text is not yet redacted.
 */
export function chatAnswerProblem(
  adaptor: ProtocolAdaptor,
  status: number,
  body: Buffer,
  contentType: string,
  model: string,
): string | null {
  let converted: Buffer;
  try {
    converted = adaptor.readResponse({
      mode: 'chat',
      body,
      contentType: contentType || 'application/json',
      wantText: true,
      model,
    }).body;
  } catch (err) {
    return `unreadable answer (${err instanceof Error ? err.message : String(err)})`;
  }
  let json: unknown;
  try {
    json = JSON.parse(converted.toString('utf8'));
  } catch {
    return `the answer is not JSON (${contentType || 'no content type'})`;
  }
  if (!isObj(json)) return 'the answer is not a JSON object';
  // Some upstreams report errors with a 2xx status.
  if (json.error !== undefined && json.error !== null) return adaptor.readError(status, body).message;
  const choice: unknown = Array.isArray(json.choices) ? json.choices[0] : undefined;
  if (!isObj(choice)) return 'the answer has no choices';
  if (!isObj(choice.message)) return 'the answer has no message';
  return null;
}
