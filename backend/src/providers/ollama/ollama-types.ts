import type { JsonObject, OpenAITool } from '../shared/openai-types';

/** Ollama native API wire types (/api/chat, /api/embed, /api/tags), structural subset. */

export interface OllamaToolCall {
  function: { name: string; arguments: JsonObject; index?: number };
}

export interface OllamaMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  content: string;
  /** Base64 images, without a data: prefix. */
  images?: string[];
  thinking?: string;
  tool_calls?: OllamaToolCall[];
  tool_name?: string;
}

export interface OllamaOptions {
  temperature?: number;
  top_p?: number;
  top_k?: number;
  num_predict?: number;
  stop?: string[];
  seed?: number;
  presence_penalty?: number;
  frequency_penalty?: number;
}

export interface OllamaChatRequest {
  model: string;
  messages: OllamaMessage[];
  tools?: OpenAITool[];
  stream: boolean;
  format?: 'json' | JsonObject;
  options?: OllamaOptions;
  think?: boolean;
  keep_alive?: string | number;
}

/** One /api/chat answer, or one NDJSON line of a stream (the last has done: true and the counts). */
export interface OllamaChatResponse {
  model: string;
  created_at: string;
  message?: OllamaMessage;
  done: boolean;
  done_reason?: string;
  total_duration?: number;
  load_duration?: number;
  prompt_eval_count?: number;
  prompt_eval_duration?: number;
  eval_count?: number;
  eval_duration?: number;
  error?: string;
}

export interface OllamaEmbedRequest {
  model: string;
  input: string | string[];
  truncate?: boolean;
  dimensions?: number;
  keep_alive?: string | number;
}

export interface OllamaEmbedResponse {
  model: string;
  embeddings: number[][];
  total_duration?: number;
  load_duration?: number;
  prompt_eval_count?: number;
}

export interface OllamaTagList {
  models: { name: string; model?: string; modified_at?: string; size?: number }[];
}
