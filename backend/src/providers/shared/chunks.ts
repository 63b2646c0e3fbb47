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

/**
 * What every converted stream shares: the role chunk before the first delta, then, once, the
 * finish_reason chunk and (when asked for) the usage chunk. `who.id` may take the upstream's own id.
 */
export class OpenAIStreamFrame {
  readonly who: ChunkIdentity;
  private readonly includeUsage: boolean;
  private opened = false;
  private closed = false;

  constructor(opts: ToOpenAIStreamOptions) {
    this.who = { id: opts.id, model: opts.model, created: opts.created };
    this.includeUsage = opts.includeUsage ?? true;
  }

  get started(): boolean {
    return this.opened;
  }

  /** The role chunk, before anything else (once). */
  start(): OpenAIChatChunk[] {
    if (this.opened) return [];
    this.opened = true;
    return [deltaChunk(this.who, { role: 'assistant', content: '' })];
  }

  /** The finish_reason chunk (null: already sent) and the usage chunk (once; after start). */
  close(reason: OpenAIFinishReason | null, usage: OpenAIUsage): OpenAIChatChunk[] {
    if (this.closed) return [];
    this.closed = true;
    const out = this.start();
    if (reason) out.push(deltaChunk(this.who, {}, reason));
    if (this.includeUsage) out.push(usageChunk(this.who, usage));
    return out;
  }
}
