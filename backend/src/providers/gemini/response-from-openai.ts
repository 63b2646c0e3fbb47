import { parseArguments } from '../shared/content';
import { finishToGemini } from './finish-reason';
import type { OpenAIChatResponse, OpenAIToolCall, OpenAIUsage } from '../shared/openai-types';
import { normalizeOpenAIUsage } from '../shared/usage';
import type { GeminiPart, GeminiResponse, GeminiUsageMetadata } from './gemini-types';

/** OpenAI usage → usageMetadata: candidates exclude reasoning (reported as thoughtsTokenCount), prompt includes cached. */
export function usageToGemini(u: OpenAIUsage | null | undefined): GeminiUsageMetadata {
  const n = normalizeOpenAIUsage(u);
  const thoughts = n.completion_tokens_details?.reasoning_tokens ?? 0;
  const cached = n.prompt_tokens_details?.cached_tokens ?? 0;
  return {
    promptTokenCount: n.prompt_tokens,
    candidatesTokenCount: n.completion_tokens - thoughts,
    totalTokenCount: n.total_tokens,
    ...(thoughts ? { thoughtsTokenCount: thoughts } : {}),
    ...(cached ? { cachedContentTokenCount: cached } : {}),
  };
}

export function functionCallParts(calls: readonly OpenAIToolCall[] | undefined): GeminiPart[] {
  return (calls ?? []).map((c) => ({ functionCall: { name: c.function.name, args: parseArguments(c.function.arguments) } }));
}

/** OpenAI chat.completion → Gemini generateContent response (reasoning → thought part, tool_calls → functionCall parts). */
export function openAIToGeminiResponse(res: OpenAIChatResponse, opts: { model?: string } = {}): GeminiResponse {
  return {
    candidates: (res.choices ?? []).map((choice) => {
      const m = choice.message;
      const parts: GeminiPart[] = [];
      if (m?.reasoning_content) parts.push({ text: m.reasoning_content, thought: true });
      if (m?.content) parts.push({ text: m.content });
      parts.push(...functionCallParts(m?.tool_calls));
      if (!parts.length) parts.push({ text: '' });
      return { content: { role: 'model', parts }, finishReason: finishToGemini(choice.finish_reason), index: choice.index };
    }),
    usageMetadata: usageToGemini(res.usage),
    modelVersion: opts.model ?? res.model,
    responseId: res.id,
  };
}
