import type { OpenAIChatChunk, OpenAIFinishReason, OpenAIUsage } from '../shared/openai-types';
import { itemId, responsesObject, responsesStatus, responsesUsage } from './response-from-chat';
import type {
  ResponsesFunctionCallItem,
  ResponsesIdentity,
  ResponsesMessageItem,
  ResponsesOutputItem,
  ResponsesReasoningItem,
} from './responses-types';

/** One Responses stream event: its `type` (also the SSE event name) and payload, `sequence_number` included. */
export interface ResponsesEvent {
  readonly type: string;
  readonly [field: string]: unknown;
}

type OpenItem =
  | { kind: 'message'; index: number; item: ResponsesMessageItem; text: string }
  | { kind: 'reasoning'; index: number; item: ResponsesReasoningItem; text: string }
  | { kind: 'call'; index: number; item: ResponsesFunctionCallItem; chatIndex: number };

/**
 * OpenAI chat chunks → the Responses event stream (response.created, in_progress, output items with
 * their deltas and done events, then response.completed or response.incomplete with usage). Text,
 * reasoning and each tool call become output items in the order they start; an item is closed when
 * another kind starts. Pure; `finish()` closes the stream once.
 */
export class ChatStreamToResponses {
  private seq = 0;
  private started = false;
  private finished = false;
  private readonly output: ResponsesOutputItem[] = [];
  private open: OpenItem | null = null;
  /** Tool calls by their chat index (arguments may keep arriving after another call started). */
  private readonly calls = new Map<number, OpenItem & { kind: 'call' }>();
  private finish_reason: OpenAIFinishReason | null = null;
  private usage: OpenAIUsage | null = null;

  constructor(private readonly who: ResponsesIdentity) {}

  push(chunk: OpenAIChatChunk): ResponsesEvent[] {
    const out = this.start();
    if (chunk.usage) this.usage = chunk.usage;
    const choice = chunk.choices?.[0];
    if (!choice) return out;
    const d = choice.delta ?? {};
    if (d.reasoning_content) out.push(...this.reasoning(d.reasoning_content));
    if (typeof d.content === 'string' && d.content !== '') out.push(...this.text(d.content));
    for (const tc of d.tool_calls ?? [])
      out.push(...this.toolCall(tc.index ?? 0, tc.id, tc.function?.name, tc.function?.arguments));
    if (choice.finish_reason) this.finish_reason = choice.finish_reason;
    return out;
  }

  finish(): ResponsesEvent[] {
    if (this.finished) return [];
    this.finished = true;
    const out = this.start();
    out.push(...this.closeOpen());
    for (const call of this.calls.values()) if (call.item.status === 'in_progress') out.push(...this.closeCall(call));
    const { status, incomplete_details } = responsesStatus(this.finish_reason);
    const response = responsesObject(this.who, {
      status,
      incomplete_details,
      output: this.output,
      usage: responsesUsage(this.usage),
    });
    out.push(this.event(status === 'incomplete' ? 'response.incomplete' : 'response.completed', { response }));
    return out;
  }

  private event(type: string, fields: Record<string, unknown>): ResponsesEvent {
    return { type, ...fields, sequence_number: this.seq++ };
  }

  private snapshot() {
    return responsesObject(this.who, { status: 'in_progress', incomplete_details: null, output: [], usage: null });
  }

  private start(): ResponsesEvent[] {
    if (this.started) return [];
    this.started = true;
    return [
      this.event('response.created', { response: this.snapshot() }),
      this.event('response.in_progress', { response: this.snapshot() }),
    ];
  }

  private add(item: ResponsesOutputItem): { events: ResponsesEvent[]; index: number } {
    const index = this.output.length;
    this.output.push(item);
    return { events: [this.event('response.output_item.added', { output_index: index, item: { ...item } })], index };
  }

  private text(delta: string): ResponsesEvent[] {
    const out: ResponsesEvent[] = [];
    if (this.open?.kind !== 'message') {
      out.push(...this.closeOpen());
      const item: ResponsesMessageItem = {
        type: 'message',
        id: itemId(this.who.id, 'msg', this.output.length),
        status: 'in_progress',
        role: 'assistant',
        content: [],
      };
      const added = this.add(item);
      out.push(...added.events);
      out.push(
        this.event('response.content_part.added', {
          item_id: item.id,
          output_index: added.index,
          content_index: 0,
          part: { type: 'output_text', text: '', annotations: [] },
        }),
      );
      this.open = { kind: 'message', index: added.index, item, text: '' };
    }
    const open = this.open as OpenItem & { kind: 'message' };
    open.text += delta;
    out.push(
      this.event('response.output_text.delta', {
        item_id: open.item.id,
        output_index: open.index,
        content_index: 0,
        delta,
        logprobs: [],
      }),
    );
    return out;
  }

  private reasoning(delta: string): ResponsesEvent[] {
    const out: ResponsesEvent[] = [];
    if (this.open?.kind !== 'reasoning') {
      out.push(...this.closeOpen());
      const item: ResponsesReasoningItem = {
        type: 'reasoning',
        id: itemId(this.who.id, 'rs', this.output.length),
        summary: [],
      };
      const added = this.add(item);
      out.push(...added.events);
      out.push(
        this.event('response.reasoning_summary_part.added', {
          item_id: item.id,
          output_index: added.index,
          summary_index: 0,
          part: { type: 'summary_text', text: '' },
        }),
      );
      this.open = { kind: 'reasoning', index: added.index, item, text: '' };
    }
    const open = this.open as OpenItem & { kind: 'reasoning' };
    open.text += delta;
    out.push(
      this.event('response.reasoning_summary_text.delta', {
        item_id: open.item.id,
        output_index: open.index,
        summary_index: 0,
        delta,
      }),
    );
    return out;
  }

  private toolCall(chatIndex: number, id?: string, name?: string, args?: string): ResponsesEvent[] {
    const out: ResponsesEvent[] = [];
    let call = this.calls.get(chatIndex);
    if (!call) {
      out.push(...this.closeOpen());
      const item: ResponsesFunctionCallItem = {
        type: 'function_call',
        id: itemId(this.who.id, 'fc', this.output.length),
        call_id: id ?? `call_${this.output.length}`,
        name: name ?? '',
        arguments: '',
        status: 'in_progress',
      };
      const added = this.add(item);
      out.push(...added.events);
      call = { kind: 'call', index: added.index, item, chatIndex };
      this.calls.set(chatIndex, call);
    }
    if (args) {
      call.item.arguments += args;
      out.push(
        this.event('response.function_call_arguments.delta', {
          item_id: call.item.id,
          output_index: call.index,
          delta: args,
        }),
      );
    }
    return out;
  }

  private closeCall(call: OpenItem & { kind: 'call' }): ResponsesEvent[] {
    call.item.status = 'completed';
    return [
      this.event('response.function_call_arguments.done', {
        item_id: call.item.id,
        output_index: call.index,
        name: call.item.name,
        arguments: call.item.arguments,
      }),
      this.event('response.output_item.done', { output_index: call.index, item: { ...call.item } }),
    ];
  }

  /** Closes the open text or reasoning item (tool calls close at the end: their arguments may still come). */
  private closeOpen(): ResponsesEvent[] {
    const open = this.open;
    this.open = null;
    if (!open || open.kind === 'call') return [];
    if (open.kind === 'reasoning') {
      const part = { type: 'summary_text' as const, text: open.text };
      open.item.summary = [part];
      const at = { item_id: open.item.id, output_index: open.index, summary_index: 0 };
      return [
        this.event('response.reasoning_summary_text.done', { ...at, text: open.text }),
        this.event('response.reasoning_summary_part.done', { ...at, part }),
        this.event('response.output_item.done', { output_index: open.index, item: { ...open.item } }),
      ];
    }
    const part = { type: 'output_text' as const, text: open.text, annotations: [] };
    open.item.content = [part];
    open.item.status = this.finish_reason === 'length' ? 'incomplete' : 'completed';
    const at = { item_id: open.item.id, output_index: open.index, content_index: 0 };
    return [
      this.event('response.output_text.done', { ...at, text: open.text, logprobs: [] }),
      this.event('response.content_part.done', { ...at, part }),
      this.event('response.output_item.done', { output_index: open.index, item: { ...open.item } }),
    ];
  }
}

/** One event as an SSE block (`event:` name and `data:` JSON). */
export const responsesSse = (e: ResponsesEvent) => `event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`;
