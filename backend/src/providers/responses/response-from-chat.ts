import type { OpenAIChatResponse, OpenAIFinishReason, OpenAIUsage } from '../shared/openai-types';
import type {
  ResponsesIdentity,
  ResponsesObject,
  ResponsesOutputItem,
  ResponsesStatus,
  ResponsesUsage,
} from './responses-types';

/**
 * Chat usage → Responses usage: the same numbers billing reads, renamed. An answer without usage says
 * zeros (clients such as the AI SDK require the object; billing then counts locally).
 */
export function responsesUsage(u: OpenAIUsage | null | undefined): ResponsesUsage {
  if (!u) u = { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 };
  const input = u.prompt_tokens ?? 0;
  const output = u.completion_tokens ?? 0;
  return {
    input_tokens: input,
    input_tokens_details: { cached_tokens: u.prompt_tokens_details?.cached_tokens ?? 0 },
    output_tokens: output,
    output_tokens_details: { reasoning_tokens: u.completion_tokens_details?.reasoning_tokens ?? 0 },
    total_tokens: u.total_tokens ?? input + output,
  };
}

/** A chat finish reason as the Responses status: cut by the token limit or a filter → incomplete. */
export function responsesStatus(finish: OpenAIFinishReason | null | undefined): {
  status: ResponsesStatus;
  incomplete_details: ResponsesObject['incomplete_details'];
} {
  if (finish === 'length') return { status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' } };
  if (finish === 'content_filter') return { status: 'incomplete', incomplete_details: { reason: 'content_filter' } };
  return { status: 'completed', incomplete_details: null };
}

/** The request settings a Responses answer repeats (OpenAI echoes them; clients may read them). */
function echoed(req: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const pick = <T>(v: unknown, fallback: T) => (v === undefined ? fallback : v);
  return {
    instructions: pick(req.instructions, null),
    max_output_tokens: pick(req.max_output_tokens, null),
    metadata: pick(req.metadata, {}),
    parallel_tool_calls: pick(req.parallel_tool_calls, true),
    previous_response_id: null,
    reasoning: { effort: null, summary: null, ...(req.reasoning as object | undefined) },
    // Converted answers are never stored (docs/relay.md).
    store: false,
    temperature: pick(req.temperature, null),
    text: pick(req.text, { format: { type: 'text' } }),
    tool_choice: pick(req.tool_choice, 'auto'),
    tools: pick(req.tools, []),
    top_p: pick(req.top_p, null),
    truncation: pick(req.truncation, 'disabled'),
    user: pick(req.user, null),
  };
}

/** The Responses object around `output`, in the state given. */
export function responsesObject(
  who: ResponsesIdentity,
  state: Pick<ResponsesObject, 'status' | 'incomplete_details' | 'output' | 'usage'>,
): ResponsesObject {
  return {
    id: who.id,
    object: 'response',
    created_at: who.createdAt,
    status: state.status,
    error: null,
    incomplete_details: state.incomplete_details,
    model: who.model,
    output: state.output,
    usage: state.usage,
    ...echoed(who.request),
  };
}

/** Item ids derived from the response id, so one answer's ids are stable and unique together. */
export const itemId = (responseId: string, prefix: 'msg' | 'fc' | 'rs', n: number) =>
  `${prefix}_${responseId.replace(/^resp_/, '')}_${n}`;

/** A complete chat answer (first choice) → the Responses object. */
export function chatToResponse(res: OpenAIChatResponse, who: ResponsesIdentity): ResponsesObject {
  const choice = res.choices?.[0];
  const message = choice?.message;
  const output: ResponsesOutputItem[] = [];
  if (message?.reasoning_content)
    output.push({
      type: 'reasoning',
      id: itemId(who.id, 'rs', output.length),
      summary: [{ type: 'summary_text', text: message.reasoning_content }],
    });
  const { status, incomplete_details } = responsesStatus(choice?.finish_reason);
  const itemStatus = status === 'incomplete' ? 'incomplete' : 'completed';
  if (typeof message?.content === 'string' && message.content !== '')
    output.push({
      type: 'message',
      id: itemId(who.id, 'msg', output.length),
      status: itemStatus,
      role: 'assistant',
      content: [{ type: 'output_text', text: message.content, annotations: [] }],
    });
  for (const call of message?.tool_calls ?? [])
    output.push({
      type: 'function_call',
      id: itemId(who.id, 'fc', output.length),
      call_id: call.id,
      name: call.function.name,
      arguments: call.function.arguments ?? '',
      status: 'completed',
    });
  return responsesObject(who, { status, incomplete_details, output, usage: responsesUsage(res.usage) });
}
