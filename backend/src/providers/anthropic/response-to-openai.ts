import { finishFromAnthropic } from './finish-reason';
import type { OpenAIChatResponse, OpenAIToolCall, OpenAIUsage } from '../shared/openai-types';
import { openAIUsage } from '../shared/usage';
import type { AnthropicResponse, AnthropicUsage } from './anthropic-types';
import { RESPONSE_TOOL } from './structured-output';

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

/**
 * Anthropic Messages response → OpenAI chat.completion (text joined, tool_use → tool_calls, thinking →
 * reasoning_content; the response tool's input → content, structured-output.ts).
 */
export function anthropicToOpenAIResponse(res: AnthropicResponse, opts: { created: number; model?: string }): OpenAIChatResponse {
  let text = '';
  let reasoning = '';
  let answer: string | null = null;
  const toolCalls: OpenAIToolCall[] = [];
  for (const block of res.content ?? []) {
    if (block.type === 'text') text += block.text;
    else if (block.type === 'thinking') reasoning += block.thinking;
    else if (block.type === 'tool_use' && block.name === RESPONSE_TOOL) answer = JSON.stringify(block.input ?? {});
    else if (block.type === 'tool_use') {
      toolCalls.push({ id: block.id, type: 'function', function: { name: block.name, arguments: JSON.stringify(block.input ?? {}) } });
    }
  }
  // The response tool's input is the answer (any text around it is preamble); without tool calls
  // of the client's, the turn ended normally.
  if (answer !== null) text = answer;
  const finish = answer !== null && !toolCalls.length && res.stop_reason === 'tool_use' ? 'stop' : finishFromAnthropic(res.stop_reason);
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
        finish_reason: finish,
      },
    ],
    usage: usageFromAnthropic(res.usage),
  };
}
