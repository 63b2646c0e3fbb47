import { finishFromAnthropic } from './finish-reason';
import type { OpenAIChatResponse, OpenAIToolCall, OpenAIUsage } from '../shared/openai-types';
import { openAIUsage } from '../shared/usage';
import type { AnthropicResponse, AnthropicUsage } from './anthropic-types';

/**
 * Anthropic usage → OpenAI usage. Anthropic's input_tokens excludes cache reads and writes, so
 * prompt_tokens = input + cache_read + cache_creation; cached_tokens = cache_read.
 */
export function usageFromAnthropic(u: AnthropicUsage | undefined): OpenAIUsage {
  const input = u?.input_tokens ?? 0;
  const read = u?.cache_read_input_tokens ?? 0;
  const created = u?.cache_creation_input_tokens ?? 0;
  return openAIUsage({ prompt: input + read + created, completion: u?.output_tokens, cached: read, cacheCreation: created });
}

/** Anthropic Messages response → OpenAI chat.completion (text joined, tool_use → tool_calls, thinking → reasoning_content). */
export function anthropicToOpenAIResponse(res: AnthropicResponse, opts: { created: number; model?: string }): OpenAIChatResponse {
  let text = '';
  let reasoning = '';
  const toolCalls: OpenAIToolCall[] = [];
  for (const block of res.content ?? []) {
    if (block.type === 'text') text += block.text;
    else if (block.type === 'thinking') reasoning += block.thinking;
    else if (block.type === 'tool_use') {
      toolCalls.push({ id: block.id, type: 'function', function: { name: block.name, arguments: JSON.stringify(block.input ?? {}) } });
    }
  }
  return {
    id: res.id,
    object: 'chat.completion',
    created: opts.created,
    model: opts.model ?? res.model,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: text || (toolCalls.length ? null : ''),
          ...(reasoning ? { reasoning_content: reasoning } : {}),
          ...(toolCalls.length ? { tool_calls: toolCalls } : {}),
        },
        finish_reason: finishFromAnthropic(res.stop_reason),
      },
    ],
    usage: usageFromAnthropic(res.usage),
  };
}
