import type { OpenAIFinishReason } from './openai-types';

/** Provider stop reasons ↔ OpenAI finish_reason. Unknown values map to the neutral "stop". */

const ANTHROPIC_TO_OPENAI: Record<string, OpenAIFinishReason> = {
  end_turn: 'stop',
  stop_sequence: 'stop',
  pause_turn: 'stop',
  max_tokens: 'length',
  model_context_window_exceeded: 'length',
  tool_use: 'tool_calls',
  refusal: 'content_filter',
};

export function finishFromAnthropic(reason: string | null | undefined): OpenAIFinishReason {
  return ANTHROPIC_TO_OPENAI[reason ?? ''] ?? 'stop';
}

export type AnthropicStopReason = 'end_turn' | 'max_tokens' | 'stop_sequence' | 'tool_use' | 'refusal';

export function finishToAnthropic(reason: string | null | undefined): AnthropicStopReason {
  switch (reason) {
    case 'length':
      return 'max_tokens';
    case 'tool_calls':
    case 'function_call':
      return 'tool_use';
    case 'content_filter':
      return 'refusal';
    default:
      return 'end_turn';
  }
}

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

export function finishFromCohere(reason: string | null | undefined): OpenAIFinishReason {
  switch (reason) {
    case 'MAX_TOKENS':
      return 'length';
    case 'TOOL_CALL':
      return 'tool_calls';
    default:
      return 'stop';
  }
}

/** Ollama done_reason ("stop", "length", "load"...); tool calls win over "stop". */
export function finishFromOllama(reason: string | null | undefined, hadToolCalls: boolean): OpenAIFinishReason {
  if (reason === 'length') return 'length';
  return hadToolCalls ? 'tool_calls' : 'stop';
}
