import { deltaChunk, OpenAIStreamFrame, type ToOpenAIStreamOptions } from '../shared/chunks';
import { ProviderStreamError } from '../shared/errors';
import { finishFromCohere } from './finish-reason';
import type { OpenAIChatChunk, OpenAIUsage } from '../shared/openai-types';
import { usageFromCohere } from './chat';
import type { CohereStreamEvent, CohereUsage } from './cohere-types';

/**
 * Cohere v2 stream events → OpenAI chunks: message-start → role chunk; content-delta → content (or
 * reasoning for thinking content); tool-plan-delta → reasoning; tool-call-start/-delta → tool-call
 * deltas; message-end → finish chunk and usage chunk. A message-end with finish_reason ERROR throws.
 */
export class CohereStreamToOpenAI {
  private readonly frame: OpenAIStreamFrame;
  private readonly toolIndex = new Map<number, number>();
  private cohereUsage: CohereUsage | undefined;

  constructor(opts: ToOpenAIStreamOptions) {
    this.frame = new OpenAIStreamFrame(opts);
  }

  get usage(): OpenAIUsage {
    return usageFromCohere(this.cohereUsage);
  }

  push(ev: CohereStreamEvent): OpenAIChatChunk[] {
    if (ev.type === 'message-start' && !this.frame.started && ev.id) this.frame.who.id = ev.id;
    const out = this.frame.start();
    const msg = ev.delta?.message;
    switch (ev.type) {
      case 'content-start':
      case 'content-delta': {
        const c = msg?.content;
        if (c?.thinking) out.push(deltaChunk(this.frame.who, { reasoning_content: c.thinking }));
        if (c?.text) out.push(deltaChunk(this.frame.who, { content: c.text }));
        return out;
      }
      case 'tool-plan-delta':
        if (msg?.tool_plan) out.push(deltaChunk(this.frame.who, { reasoning_content: msg.tool_plan }));
        return out;
      case 'tool-call-start': {
        const call = msg?.tool_calls;
        const n = this.toolIndex.size;
        this.toolIndex.set(ev.index ?? n, n);
        out.push(
          deltaChunk(this.frame.who, {
            tool_calls: [{ index: n, id: call?.id ?? '', type: 'function', function: { name: call?.function?.name ?? '', arguments: call?.function?.arguments ?? '' } }],
          }),
        );
        return out;
      }
      case 'tool-call-delta': {
        const n = this.toolIndex.get(ev.index ?? 0);
        const args = msg?.tool_calls?.function?.arguments;
        if (n !== undefined && args) out.push(deltaChunk(this.frame.who, { tool_calls: [{ index: n, function: { arguments: args } }] }));
        return out;
      }
      case 'message-end':
        if (ev.delta?.finish_reason === 'ERROR') throw new ProviderStreamError('cohere_error', ev.delta.error ?? 'generation failed');
        this.cohereUsage = ev.delta?.usage;
        return [...out, ...this.close(finishFromCohere(ev.delta?.finish_reason))];
      default:
        return out;
    }
  }

  /** Upstream ended: closes the stream if message-end never came (once). */
  finish(): OpenAIChatChunk[] {
    return this.close(this.toolIndex.size ? 'tool_calls' : 'stop');
  }

  private close(reason: ReturnType<typeof finishFromCohere>): OpenAIChatChunk[] {
    return this.frame.close(reason, this.usage);
  }

}
