import type { OpenAIFinishReason } from '../shared/openai-types';

/** Ollama done_reason ("stop", "length", "load"...); tool calls win over "stop". */
export function finishFromOllama(reason: string | null | undefined, hadToolCalls: boolean): OpenAIFinishReason {
  if (reason === 'length') return 'length';
  return hadToolCalls ? 'tool_calls' : 'stop';
}
