import { finishToAnthropic } from './finish-reason';
import type { OpenAIChatChunk, OpenAIToolCallDelta, OpenAIUsage } from '../shared/openai-types';
import type { AnthropicSseEvent, AnthropicStreamEvent } from './anthropic-types';
import { anthropicMessageId, usageToAnthropic } from './response-from-openai';

type OpenBlock = { kind: 'text' | 'thinking' } | { kind: 'tool'; tool: number };

export interface ToAnthropicStreamOptions {
  model: string;
  /** Used when the first chunk has no id. */
  id?: string;
  /** Estimated prompt tokens for message_start (the real count arrives with the last chunk). */
  promptTokens?: number;
}

const ev = (data: AnthropicStreamEvent): AnthropicSseEvent => ({ event: data.type, data });

/**
 * OpenAI chunks → Anthropic SSE events for the inbound /v1/messages stream, in the documented order:
 * message_start, per block content_block_start / _delta / _stop (thinking, text, tool_use), then at
 * finish() one message_delta (stop_reason, usage) and message_stop.
 */
export class OpenAIStreamToAnthropic {
  private started = false;
  private done = false;
  private nextBlock = 0;
  private open: OpenBlock | null = null;
  private finishReason: string | null = null;
  private usage: OpenAIUsage | null = null;

  constructor(private readonly opts: ToAnthropicStreamOptions) {}

  push(chunk: OpenAIChatChunk): AnthropicSseEvent[] {
    const out = this.start(chunk.id);
    if (chunk.usage) this.usage = chunk.usage;
    const choice = chunk.choices?.find((c) => c.index === 0);
    if (!choice) return out;
    const d = choice.delta ?? {};
    if (d.reasoning_content) out.push(...this.ensure({ kind: 'thinking' }), this.delta({ type: 'thinking_delta', thinking: d.reasoning_content }));
    if (d.content) out.push(...this.ensure({ kind: 'text' }), this.delta({ type: 'text_delta', text: d.content }));
    for (const call of d.tool_calls ?? []) out.push(...this.toolDelta(call));
    if (choice.finish_reason) this.finishReason = choice.finish_reason;
    return out;
  }

  /** The upstream ended: close the open block, then message_delta and message_stop (once). */
  finish(): AnthropicSseEvent[] {
    if (this.done) return [];
    this.done = true;
    const out = [...this.start(this.opts.id ?? ''), ...this.close()];
    out.push(
      ev({ type: 'message_delta', delta: { stop_reason: finishToAnthropic(this.finishReason), stop_sequence: null }, usage: usageToAnthropic(this.usage) }),
      ev({ type: 'message_stop' }),
    );
    return out;
  }

  private start(chunkId: string): AnthropicSseEvent[] {
    if (this.started) return [];
    this.started = true;
    const message = {
      id: anthropicMessageId(chunkId || this.opts.id || ''),
      type: 'message' as const,
      role: 'assistant' as const,
      model: this.opts.model,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: this.opts.promptTokens ?? 0, output_tokens: 0 },
    };
    return [ev({ type: 'message_start', message })];
  }

  private toolDelta(call: OpenAIToolCallDelta): AnthropicSseEvent[] {
    const out: AnthropicSseEvent[] = [];
    const isOpen = this.open?.kind === 'tool' && this.open.tool === call.index;
    if (!isOpen) {
      // A new call starts when it names itself; arguments of a closed call cannot be reopened.
      if (!call.id && !call.function?.name) return out;
      out.push(...this.close());
      const index = this.nextBlock++;
      this.open = { kind: 'tool', tool: call.index };
      out.push(
        ev({
          type: 'content_block_start',
          index,
          content_block: { type: 'tool_use', id: call.id ?? `toolu_${index}`, name: call.function?.name ?? '', input: {} },
        }),
      );
    }
    const args = call.function?.arguments;
    if (args) out.push(this.delta({ type: 'input_json_delta', partial_json: args }));
    return out;
  }

  private ensure(want: { kind: 'text' | 'thinking' }): AnthropicSseEvent[] {
    if (this.open?.kind === want.kind) return [];
    const out = this.close();
    const index = this.nextBlock++;
    this.open = want;
    const block = want.kind === 'text' ? { type: 'text' as const, text: '' } : { type: 'thinking' as const, thinking: '', signature: '' };
    out.push(ev({ type: 'content_block_start', index, content_block: block }));
    return out;
  }

  private delta(delta: Extract<AnthropicStreamEvent, { type: 'content_block_delta' }>['delta']): AnthropicSseEvent {
    return ev({ type: 'content_block_delta', index: this.nextBlock - 1, delta });
  }

  private close(): AnthropicSseEvent[] {
    if (!this.open) return [];
    this.open = null;
    return [ev({ type: 'content_block_stop', index: this.nextBlock - 1 })];
  }
}
