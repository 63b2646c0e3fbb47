import type { OpenAIFinishReason } from '../shared/openai-types';

/** Anthropic stop_reason ↔ OpenAI finish_reason. Unknown values map to the neutral "stop". */

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
