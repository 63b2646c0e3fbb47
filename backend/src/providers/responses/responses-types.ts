import type { JsonObject } from '../shared/openai-types';

/**
 * The parts of OpenAI's Responses API (POST /v1/responses) the chat conversion reads and writes.
 * Only what the converters touch is typed; everything else stays `unknown`.
 */

export interface ResponsesFunctionTool {
  type: 'function';
  name: string;
  description?: string | null;
  parameters?: JsonObject | null;
  strict?: boolean | null;
}

export interface ResponsesUsage {
  input_tokens: number;
  input_tokens_details: { cached_tokens: number };
  output_tokens: number;
  output_tokens_details: { reasoning_tokens: number };
  total_tokens: number;
}

export interface ResponsesOutputText {
  type: 'output_text';
  text: string;
  annotations: unknown[];
}

export interface ResponsesMessageItem {
  type: 'message';
  id: string;
  status: 'in_progress' | 'completed' | 'incomplete';
  role: 'assistant';
  content: ResponsesOutputText[];
}

export interface ResponsesFunctionCallItem {
  type: 'function_call';
  id: string;
  call_id: string;
  name: string;
  arguments: string;
  status: 'in_progress' | 'completed' | 'incomplete';
}

export interface ResponsesReasoningItem {
  type: 'reasoning';
  id: string;
  summary: { type: 'summary_text'; text: string }[];
}

export type ResponsesOutputItem = ResponsesMessageItem | ResponsesFunctionCallItem | ResponsesReasoningItem;

export type ResponsesStatus = 'in_progress' | 'completed' | 'incomplete' | 'failed';

/** The Responses object (`object: "response"`), whole or as carried by the stream's lifecycle events. */
export interface ResponsesObject {
  id: string;
  object: 'response';
  created_at: number;
  status: ResponsesStatus;
  error: null;
  incomplete_details: { reason: 'max_output_tokens' | 'content_filter' } | null;
  model: string;
  output: ResponsesOutputItem[];
  /** null only in the in-progress snapshots of a stream. */
  usage: ResponsesUsage | null;
  [echoed: string]: unknown;
}

/** What identifies one converted answer: ids and time are inputs (the converters stay pure). */
export interface ResponsesIdentity {
  /** `resp_…` */
  readonly id: string;
  /** Unix seconds. */
  readonly createdAt: number;
  /** The model name the client asked for. */
  readonly model: string;
  /** The client's Responses body: its settings are echoed in the answer as OpenAI does. */
  readonly request: Readonly<Record<string, unknown>>;
}
