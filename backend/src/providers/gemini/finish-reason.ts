import type { OpenAIFinishReason } from '../shared/openai-types';

const GEMINI_FILTERED = new Set(['SAFETY', 'RECITATION', 'BLOCKLIST', 'PROHIBITED_CONTENT', 'SPII', 'IMAGE_SAFETY']);

/** Gemini finishReason; a STOP that carried function calls is "tool_calls" in OpenAI terms. */
export function finishFromGemini(reason: string | null | undefined, hadToolCalls: boolean): OpenAIFinishReason {
  if (reason === 'MAX_TOKENS') return 'length';
  if (reason && GEMINI_FILTERED.has(reason)) return 'content_filter';
  return hadToolCalls ? 'tool_calls' : 'stop';
}

export function finishToGemini(reason: string | null | undefined): string {
  switch (reason) {
    case 'length':
      return 'MAX_TOKENS';
    case 'content_filter':
      return 'SAFETY';
    default:
      return 'STOP';
  }
}
