import { type ChunkIdentity, deltaChunk, type ToOpenAIStreamOptions, usageChunk } from '../shared/chunks';
import { ProviderStreamError } from '../shared/errors';
import { finishFromOllama } from '../shared/finish-reason';
import type { OpenAIChatChunk, OpenAIFinishReason, OpenAIUsage } from '../shared/openai-types';
import { openAIUsage } from '../shared/usage';
import { ollamaToolCalls, usageFromOllama } from './chat';
import type { OllamaChatResponse } from './ollama-types';

/**
 * Ollama /api/chat NDJSON lines (decode with NdjsonDecoder) → OpenAI chunks. The `done: true` line
 * carries done_reason and the token counts: it yields the finish chunk and the usage chunk. A line
 * with `error` throws ProviderStreamError.
 */
export class OllamaStreamToOpenAI {
  private readonly who: ChunkIdentity;
  private readonly includeUsage: boolean;
  private current: OpenAIUsage = openAIUsage({ prompt: 0, completion: 0 });
  private toolCount = 0;
  private started = false;
  private done = false;

  constructor(opts: ToOpenAIStreamOptions) {
    this.who = { id: opts.id, model: opts.model, created: opts.created };
    this.includeUsage = opts.includeUsage ?? true;
  }

  get usage(): OpenAIUsage {
    return this.current;
  }

  push(line: OllamaChatResponse): OpenAIChatChunk[] {
    if (line.error) throw new ProviderStreamError('ollama_error', line.error);
    const out = this.start();
    const m = line.message;
    if (m?.thinking) out.push(deltaChunk(this.who, { reasoning_content: m.thinking }));
    if (m?.content) out.push(deltaChunk(this.who, { content: m.content }));
    for (const call of ollamaToolCalls(m?.tool_calls, this.who.id, this.toolCount)) {
      out.push(deltaChunk(this.who, { tool_calls: [{ index: this.toolCount++, ...call }] }));
    }
    if (line.done) {
      this.current = usageFromOllama(line);
      out.push(...this.close(finishFromOllama(line.done_reason, this.toolCount > 0)));
    }
    return out;
  }

  /** Upstream ended: closes the stream if no done line came (once). */
  finish(): OpenAIChatChunk[] {
    return this.close(this.toolCount ? 'tool_calls' : 'stop');
  }

  private close(reason: OpenAIFinishReason): OpenAIChatChunk[] {
    if (this.done) return [];
    this.done = true;
    const out = [...this.start(), deltaChunk(this.who, {}, reason)];
    if (this.includeUsage) out.push(usageChunk(this.who, this.current));
    return out;
  }

  private start(): OpenAIChatChunk[] {
    if (this.started) return [];
    this.started = true;
    return [deltaChunk(this.who, { role: 'assistant', content: '' })];
  }
}
