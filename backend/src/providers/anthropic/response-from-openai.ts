import { parseArguments } from '../shared/content';
import { finishToAnthropic } from './finish-reason';
import type { OpenAIChatResponse, OpenAIUsage } from '../shared/openai-types';
import { normalizeOpenAIUsage } from '../shared/usage';
import type { AnthropicContentBlock, AnthropicResponse, AnthropicUsage } from './anthropic-types';

/** OpenAI usage → Anthropic usage: input_tokens excludes cache reads and writes, as Anthropic reports it. */
export function usageToAnthropic(u: OpenAIUsage | null | undefined): Required<AnthropicUsage> {
  const n = normalizeOpenAIUsage(u);
  const read = n.prompt_tokens_details?.cached_tokens ?? 0;
  const created = n.prompt_tokens_details?.cache_creation_tokens ?? 0;
  return {
    input_tokens: n.prompt_tokens - read - created,
    output_tokens: n.completion_tokens,
    cache_read_input_tokens: read,
    cache_creation_input_tokens: created,
  };
}

/** Anthropic ids look like msg_…; an OpenAI id is reused under that prefix. */
export function anthropicMessageId(openAIId: string): string {
  return openAIId.startsWith('msg_') ? openAIId : `msg_${openAIId.replace(/^chatcmpl-/, '')}`;
}

/** OpenAI chat.completion → Anthropic Messages response (reasoning → thinking block, tool_calls → tool_use). */
export function openAIToAnthropicResponse(res: OpenAIChatResponse, opts: { model?: string } = {}): AnthropicResponse {
  const choice = res.choices?.[0];
  const msg = choice?.message;
  const content: AnthropicContentBlock[] = [];
  if (msg?.reasoning_content) content.push({ type: 'thinking', thinking: msg.reasoning_content, signature: '' });
  if (msg?.content) content.push({ type: 'text', text: msg.content });
  for (const call of msg?.tool_calls ?? []) {
    content.push({ type: 'tool_use', id: call.id, name: call.function.name, input: parseArguments(call.function.arguments) });
  }
  return {
    id: anthropicMessageId(res.id ?? ''),
    type: 'message',
    role: 'assistant',
    model: opts.model ?? res.model,
    content,
    stop_reason: finishToAnthropic(choice?.finish_reason),
    stop_sequence: null,
    usage: usageToAnthropic(res.usage),
  };
}
