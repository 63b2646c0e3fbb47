import { finishToGemini } from './finish-reason';
import type { OpenAIChatChunk, OpenAIToolCall, OpenAIUsage } from '../shared/openai-types';
import type { GeminiPart, GeminiResponse } from './gemini-types';
import { functionCallParts, usageToGemini } from './response-from-openai';

/**
 * OpenAI chunks → streamGenerateContent objects for the inbound Gemini endpoint (candidate 0).
 * Text and thoughts go out as they come; tool calls are buffered until complete and sent, with
 * finishReason and usageMetadata, in the single final object that finish() returns.
 */
export class OpenAIStreamToGemini {
  private id = '';
  private readonly calls: OpenAIToolCall[] = [];
  private finishReason: string | null = null;
  private usage: OpenAIUsage | null = null;
  private done = false;

  constructor(private readonly opts: { model: string }) {}

  push(chunk: OpenAIChatChunk): GeminiResponse[] {
    this.id ||= chunk.id;
    if (chunk.usage) this.usage = chunk.usage;
    const choice = chunk.choices?.find((c) => c.index === 0);
    if (!choice) return [];
    if (choice.finish_reason) this.finishReason = choice.finish_reason;
    const d = choice.delta ?? {};
    for (const t of d.tool_calls ?? []) {
      const call = (this.calls[t.index] ??= { id: '', type: 'function', function: { name: '', arguments: '' } });
      if (t.id) call.id = t.id;
      if (t.function?.name) call.function.name += t.function.name;
      if (t.function?.arguments) call.function.arguments += t.function.arguments;
    }
    const parts: GeminiPart[] = [];
    if (d.reasoning_content) parts.push({ text: d.reasoning_content, thought: true });
    if (d.content) parts.push({ text: d.content });
    return parts.length ? [this.object(parts)] : [];
  }

  /** Upstream ended: the final object with tool calls, finishReason and usageMetadata (once). */
  finish(): GeminiResponse[] {
    if (this.done) return [];
    this.done = true;
    const calls = functionCallParts(this.calls.filter(Boolean));
    const last = this.object(calls.length ? calls : [{ text: '' }], finishToGemini(this.finishReason));
    return [{ ...last, usageMetadata: usageToGemini(this.usage) }];
  }

  private object(parts: GeminiPart[], finishReason?: string): GeminiResponse {
    const candidate = { content: { role: 'model' as const, parts }, ...(finishReason ? { finishReason } : {}), index: 0 };
    return { candidates: [candidate], modelVersion: this.opts.model, responseId: this.id };
  }
}
