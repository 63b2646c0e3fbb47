import { deltaChunk, OpenAIStreamFrame, type ToOpenAIStreamOptions } from '../shared/chunks';
import { ProviderStreamError } from '../shared/errors';
import { finishFromAnthropic } from './finish-reason';
import type { OpenAIChatChunk, OpenAIUsage } from '../shared/openai-types';
import type { AnthropicStreamEvent, AnthropicUsage } from './anthropic-types';
import { usageFromAnthropic } from './response-to-openai';
import { RESPONSE_TOOL } from './structured-output';

/**
 * Anthropic SSE events → OpenAI chunks, one converter per stream. Order out: a role chunk, content /
 * reasoning / tool-call deltas (the response tool's input JSON as content deltas, structured-output.ts),
 * one finish_reason chunk, then the usage chunk. An `error` event
 * throws ProviderStreamError. Call finish() when the upstream ends (safe after message_stop).
 */
export class AnthropicStreamToOpenAI {
  private readonly frame: OpenAIStreamFrame;
  private readonly toolIndex = new Map<number, number>();
  /** Block index of the response tool (structured output): its input JSON streams as content. */
  private answerBlock: number | null = null;
  private anthropicUsage: AnthropicUsage = {};
  private stopReason: string | null = null;

  constructor(opts: ToOpenAIStreamOptions) {
    this.frame = new OpenAIStreamFrame(opts);
  }

  /** Usage so far (final after message_stop). */
  get usage(): OpenAIUsage {
    return usageFromAnthropic(this.anthropicUsage);
  }

  push(ev: AnthropicStreamEvent): OpenAIChatChunk[] {
    switch (ev.type) {
      case 'message_start':
        if (ev.message?.id) this.frame.who.id = ev.message.id;
        this.mergeUsage(ev.message?.usage);
        return this.frame.start();
      case 'content_block_start':
        return [...this.frame.start(), ...this.blockStart(ev.index, ev.content_block)];
      case 'content_block_delta':
        return [...this.frame.start(), ...this.blockDelta(ev.index, ev.delta)];
      case 'message_delta':
        if (ev.delta?.stop_reason) this.stopReason = ev.delta.stop_reason;
        this.mergeUsage(ev.usage);
        return [];
      case 'message_stop':
        return this.finish();
      case 'error':
        throw new ProviderStreamError(ev.error?.type ?? 'error', ev.error?.message ?? 'upstream stream error');
      default:
        return [];
    }
  }

  /** Closes the stream: the finish_reason chunk and the usage chunk, once. */
  finish(): OpenAIChatChunk[] {
    const answered = this.answerBlock !== null && this.toolIndex.size === 0 && this.stopReason === 'tool_use';
    return this.frame.close(answered ? 'stop' : finishFromAnthropic(this.stopReason), this.usage);
  }

  private blockStart(index: number, block: Extract<AnthropicStreamEvent, { type: 'content_block_start' }>['content_block']) {
    if (block.type === 'tool_use' && block.name === RESPONSE_TOOL) {
      this.answerBlock = index;
      return [];
    }
    if (block.type === 'tool_use') {
      const n = this.toolIndex.size;
      this.toolIndex.set(index, n);
      return [
        deltaChunk(this.frame.who, {
          tool_calls: [{ index: n, id: block.id, type: 'function', function: { name: block.name, arguments: '' } }],
        }),
      ];
    }
    if (block.type === 'text' && block.text) return [deltaChunk(this.frame.who, { content: block.text })];
    if (block.type === 'thinking' && block.thinking) return [deltaChunk(this.frame.who, { reasoning_content: block.thinking })];
    return [];
  }

  private blockDelta(index: number, delta: Extract<AnthropicStreamEvent, { type: 'content_block_delta' }>['delta']) {
    if (delta.type === 'text_delta' && delta.text) return [deltaChunk(this.frame.who, { content: delta.text })];
    if (delta.type === 'thinking_delta' && delta.thinking) return [deltaChunk(this.frame.who, { reasoning_content: delta.thinking })];
    if (delta.type === 'input_json_delta' && delta.partial_json && index === this.answerBlock) {
      return [deltaChunk(this.frame.who, { content: delta.partial_json })];
    }
    if (delta.type === 'input_json_delta' && delta.partial_json) {
      const n = this.toolIndex.get(index);
      if (n === undefined) return [];
      return [deltaChunk(this.frame.who, { tool_calls: [{ index: n, function: { arguments: delta.partial_json } }] })];
    }
    return [];
  }

  /** message_delta usage is cumulative; fields it omits (or sends as null) keep their earlier value. */
  private mergeUsage(u: AnthropicUsage | undefined): void {
    if (!u) return;
    for (const [k, v] of Object.entries(u) as [keyof AnthropicUsage, number | null | undefined][]) {
      if (typeof v === 'number') this.anthropicUsage[k] = v;
    }
  }
}
