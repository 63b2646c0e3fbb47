import type { OpenAIChatChunk, OpenAIDelta, OpenAIFinishReason, OpenAIUsage } from './openai-types';

/** Identity of one OpenAI stream: every chunk of it repeats these. */
export interface ChunkIdentity {
  id: string;
  model: string;
  /** Unix seconds. */
  created: number;
}

/** One chunk with a single choice (index 0). */
export function deltaChunk(
  who: ChunkIdentity,
  delta: OpenAIDelta,
  finishReason: OpenAIFinishReason | null = null,
): OpenAIChatChunk {
  return {
    id: who.id,
    object: 'chat.completion.chunk',
    created: who.created,
    model: who.model,
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  };
}

/** The trailing usage chunk of stream_options.include_usage: empty choices, usage set. */
export function usageChunk(who: ChunkIdentity, usage: OpenAIUsage): OpenAIChatChunk {
  return { id: who.id, object: 'chat.completion.chunk', created: who.created, model: who.model, choices: [], usage };
}

/** Options every upstream → OpenAI stream converter takes. */
export interface ToOpenAIStreamOptions {
  /** Used until (and unless) the upstream names its own. */
  id: string;
  model: string;
  created: number;
  /** Emit the trailing usage chunk (default true; usage is always readable from the converter). */
  includeUsage?: boolean;
}
