import type { JsonObject, OpenAITool, OpenAIToolCall } from '../shared/openai-types';

/** Cohere v2 Chat API wire types (POST /v2/chat, https://docs.cohere.com/reference/chat), structural subset. */

export type CohereContentPart =
  | { type: 'text'; text: string }
  | { type: 'image_url'; image_url: { url: string } }
  | { type: 'thinking'; thinking: string }
  | { type: 'document'; document: { data: string | JsonObject } };

export type CohereMessage =
  | { role: 'system' | 'user'; content: string | CohereContentPart[] }
  | { role: 'assistant'; content?: string | CohereContentPart[]; tool_plan?: string; tool_calls?: OpenAIToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string | CohereContentPart[] };

export interface CohereChatRequest {
  model: string;
  messages: CohereMessage[];
  tools?: OpenAITool[];
  tool_choice?: 'REQUIRED' | 'NONE';
  stream?: boolean;
  max_tokens?: number;
  temperature?: number;
  p?: number;
  k?: number;
  seed?: number;
  stop_sequences?: string[];
  frequency_penalty?: number;
  presence_penalty?: number;
  response_format?: { type: 'text' | 'json_object'; json_schema?: JsonObject };
  thinking?: { type: 'enabled' | 'disabled'; token_budget?: number };
}

export interface CohereUsage {
  billed_units?: { input_tokens?: number; output_tokens?: number };
  tokens?: { input_tokens?: number; output_tokens?: number };
}

export interface CohereChatResponse {
  id: string;
  finish_reason: string;
  message: {
    role: 'assistant';
    content?: CohereContentPart[];
    tool_plan?: string;
    tool_calls?: OpenAIToolCall[];
  };
  usage?: CohereUsage;
}

/** One v2 stream event (the SSE data object); `type` names it. */
export interface CohereStreamEvent {
  type:
    | 'message-start'
    | 'content-start'
    | 'content-delta'
    | 'content-end'
    | 'tool-plan-delta'
    | 'tool-call-start'
    | 'tool-call-delta'
    | 'tool-call-end'
    | 'citation-start'
    | 'citation-end'
    | 'message-end'
    | 'debug';
  id?: string;
  index?: number;
  delta?: {
    message?: {
      role?: string;
      content?: { type?: string; text?: string; thinking?: string };
      tool_plan?: string;
      tool_calls?: { id?: string; type?: 'function'; function?: { name?: string; arguments?: string } };
    };
    finish_reason?: string;
    usage?: CohereUsage;
    error?: string;
  };
}

export interface CohereRerankRequest {
  model: string;
  query: string;
  documents: string[];
  top_n?: number;
  max_tokens_per_doc?: number;
}

export interface CohereRerankResponse {
  id?: string;
  results: { index: number; relevance_score: number }[];
  meta?: { billed_units?: { search_units?: number } };
}
