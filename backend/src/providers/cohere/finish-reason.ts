import type { OpenAIFinishReason } from '../shared/openai-types';

/** Cohere finish_reason → OpenAI finish_reason. Unknown values map to the neutral "stop". */

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
