import { deltaChunk, OpenAIStreamFrame, type ToOpenAIStreamOptions } from '../shared/chunks';
import { ProviderStreamError } from '../shared/errors';
import { finishFromOllama } from './finish-reason';
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
  private readonly frame: OpenAIStreamFrame;
  private current: OpenAIUsage = openAIUsage({ prompt: 0, completion: 0 });
  private toolCount = 0;

  constructor(opts: ToOpenAIStreamOptions) {
    this.frame = new OpenAIStreamFrame(opts);
  }

  get usage(): OpenAIUsage {
    return this.current;
  }

  push(line: OllamaChatResponse): OpenAIChatChunk[] {
    if (line.error) throw new ProviderStreamError('ollama_error', line.error);
    const out = this.frame.start();
    const m = line.message;
    if (m?.thinking) out.push(deltaChunk(this.frame.who, { reasoning_content: m.thinking }));
    if (m?.content) out.push(deltaChunk(this.frame.who, { content: m.content }));
    for (const call of ollamaToolCalls(m?.tool_calls, this.frame.who.id, this.toolCount)) {
      out.push(deltaChunk(this.frame.who, { tool_calls: [{ index: this.toolCount++, ...call }] }));
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
    return this.frame.close(reason, this.current);
  }

}
