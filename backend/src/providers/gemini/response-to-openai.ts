import { finishFromGemini } from './finish-reason';
import type { OpenAIChatResponse, OpenAIChoice, OpenAIToolCall, OpenAIUsage } from '../shared/openai-types';
import { openAIUsage } from '../shared/usage';
import type { GeminiCandidate, GeminiPart, GeminiResponse, GeminiUsageMetadata } from './gemini-types';

/**
 * Gemini usageMetadata → OpenAI usage. promptTokenCount already includes cached tokens; thoughts are
 * billed as output, so completion = candidates + thoughts and reasoning_tokens = thoughts.
 */
export function usageFromGemini(u: GeminiUsageMetadata | undefined): OpenAIUsage {
  const thoughts = u?.thoughtsTokenCount ?? 0;
  return openAIUsage({
    prompt: (u?.promptTokenCount ?? 0) + (u?.toolUsePromptTokenCount ?? 0),
    completion: (u?.candidatesTokenCount ?? 0) + thoughts,
    cached: u?.cachedContentTokenCount,
    reasoning: thoughts,
    total: u?.totalTokenCount,
  });
}

/** Id for a function call Gemini left unnamed: stable per response and position. */
export function toolCallId(responseId: string, n: number): string {
  return `call_${responseId.replace(/[^A-Za-z0-9_-]/g, '')}_${n}`;
}

export interface ConvertedParts {
  text: string;
  reasoning: string;
  toolCalls: OpenAIToolCall[];
}

/** Parts → text, thoughts and tool calls; inline images become markdown data-URL images in the text. */
export function convertParts(parts: readonly GeminiPart[], responseId: string, firstToolIndex = 0): ConvertedParts {
  const out: ConvertedParts = { text: '', reasoning: '', toolCalls: [] };
  for (const p of parts) {
    if (p.functionCall) {
      const n = firstToolIndex + out.toolCalls.length;
      out.toolCalls.push({
        id: p.functionCall.id || toolCallId(responseId, n),
        type: 'function',
        function: { name: p.functionCall.name, arguments: JSON.stringify(p.functionCall.args ?? {}) },
      });
    } else if (p.inlineData) {
      out.text += `![image](data:${p.inlineData.mimeType};base64,${p.inlineData.data})`;
    } else if (typeof p.text === 'string') {
      if (p.thought) out.reasoning += p.text;
      else out.text += p.text;
    }
  }
  return out;
}

function toChoice(c: GeminiCandidate, i: number, responseId: string): OpenAIChoice {
  const { text, reasoning, toolCalls } = convertParts(c.content?.parts ?? [], responseId);
  return {
    index: c.index ?? i,
    message: {
      role: 'assistant',
      content: text || (toolCalls.length ? null : ''),
      ...(reasoning ? { reasoning_content: reasoning } : {}),
      ...(toolCalls.length ? { tool_calls: toolCalls } : {}),
    },
    finish_reason: finishFromGemini(c.finishReason, toolCalls.length > 0),
  };
}

/**
 * Gemini generateContent response → OpenAI chat.completion. A prompt blocked before any candidate
 * (promptFeedback.blockReason) answers one empty choice with finish_reason content_filter.
 */
export function geminiToOpenAIResponse(res: GeminiResponse, opts: { id: string; model: string; created: number }): OpenAIChatResponse {
  const id = res.responseId || opts.id;
  const candidates = res.candidates ?? [];
  const choices = candidates.length
    ? candidates.map((c, i) => toChoice(c, i, id))
    : [{ index: 0, message: { role: 'assistant' as const, content: '' }, finish_reason: res.promptFeedback?.blockReason ? ('content_filter' as const) : ('stop' as const) }];
  return { id, object: 'chat.completion', created: opts.created, model: opts.model, choices, usage: usageFromGemini(res.usageMetadata) };
}
