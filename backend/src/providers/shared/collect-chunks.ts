import type { OpenAIChatChunk, OpenAIChatResponse, OpenAIFinishReason, OpenAIToolCall, OpenAIUsage } from './openai-types';

/**
 * Folds an OpenAI chunk stream (choice 0) back into one chat.completion response: content and
 * reasoning concatenated, tool-call deltas merged by index, the last finish_reason and usage kept.
 */
export function collectChunks(chunks: readonly OpenAIChatChunk[]): OpenAIChatResponse {
  let content = '';
  let reasoning = '';
  let finish: OpenAIFinishReason | null = null;
  let usage: OpenAIUsage | undefined;
  const calls: OpenAIToolCall[] = [];
  const first = chunks[0];
  for (const chunk of chunks) {
    if (chunk.usage) usage = chunk.usage;
    const choice = chunk.choices.find((c) => c.index === 0);
    if (!choice) continue;
    const d = choice.delta;
    if (d.content) content += d.content;
    if (d.reasoning_content) reasoning += d.reasoning_content;
    for (const t of d.tool_calls ?? []) {
      const call = (calls[t.index] ??= { id: '', type: 'function', function: { name: '', arguments: '' } });
      if (t.id) call.id = t.id;
      if (t.function?.name) call.function.name += t.function.name;
      if (t.function?.arguments) call.function.arguments += t.function.arguments;
    }
    if (choice.finish_reason) finish = choice.finish_reason;
  }
  const toolCalls = calls.filter(Boolean);
  const response: OpenAIChatResponse = {
    id: first?.id ?? '',
    object: 'chat.completion',
    created: first?.created ?? 0,
    model: first?.model ?? '',
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: content || (toolCalls.length ? null : ''),
          ...(reasoning ? { reasoning_content: reasoning } : {}),
          ...(toolCalls.length ? { tool_calls: toolCalls } : {}),
        },
        finish_reason: finish,
      },
    ],
  };
  if (usage) response.usage = usage;
  return response;
}
