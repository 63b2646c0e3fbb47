import { deltaChunk, OpenAIStreamFrame, type ToOpenAIStreamOptions } from '../shared/chunks';
import { finishFromGemini } from './finish-reason';
import type { OpenAIChatChunk, OpenAIFinishReason, OpenAIUsage } from '../shared/openai-types';
import type { GeminiResponse, GeminiUsageMetadata } from './gemini-types';
import { convertParts, usageFromGemini } from './response-to-openai';

/**
 * streamGenerateContent (alt=sse) data objects → OpenAI chunks, one converter per stream (candidate 0).
 * Order out: a role chunk, reasoning / content / complete tool-call deltas, the finish_reason chunk
 * when Gemini sends finishReason, and at finish() the usage chunk (usageMetadata of the last object).
 */
export class GeminiStreamToOpenAI {
  private readonly frame: OpenAIStreamFrame;
  private meta: GeminiUsageMetadata | undefined;
  private toolCount = 0;
  private finishSent = false;

  constructor(opts: ToOpenAIStreamOptions) {
    this.frame = new OpenAIStreamFrame(opts);
  }

  get usage(): OpenAIUsage {
    return usageFromGemini(this.meta);
  }

  push(obj: GeminiResponse): OpenAIChatChunk[] {
    if (!this.frame.started && obj.responseId) this.frame.who.id = obj.responseId;
    const out = this.frame.start();
    if (obj.usageMetadata) this.meta = obj.usageMetadata;
    const candidate = obj.candidates?.find((c) => (c.index ?? 0) === 0);
    if (!candidate) {
      if (obj.promptFeedback?.blockReason) out.push(...this.sendFinish('content_filter'));
      return out;
    }
    const { text, reasoning, toolCalls } = convertParts(candidate.content?.parts ?? [], this.frame.who.id, this.toolCount);
    if (reasoning) out.push(deltaChunk(this.frame.who, { reasoning_content: reasoning }));
    if (text) out.push(deltaChunk(this.frame.who, { content: text }));
    for (const call of toolCalls) {
      out.push(deltaChunk(this.frame.who, { tool_calls: [{ index: this.toolCount++, id: call.id, type: 'function', function: call.function }] }));
    }
    if (candidate.finishReason) out.push(...this.sendFinish(finishFromGemini(candidate.finishReason, this.toolCount > 0)));
    return out;
  }

  /** Upstream ended: a finish chunk if Gemini sent none, then the usage chunk (once). */
  finish(): OpenAIChatChunk[] {
    const reason = this.finishSent ? null : this.toolCount ? 'tool_calls' : 'stop';
    this.finishSent = true;
    return this.frame.close(reason, this.usage);
  }

  private sendFinish(reason: OpenAIFinishReason): OpenAIChatChunk[] {
    if (this.finishSent) return [];
    this.finishSent = true;
    return [deltaChunk(this.frame.who, {}, reason)];
  }
}
