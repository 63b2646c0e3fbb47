/**
 * The OpenAI chat-completions and embeddings wire types the converters speak: structural, only the
 * fields the gateway reads or writes. Unknown extra fields are tolerated on input.
 */

export type JsonObject = { [key: string]: unknown };

export interface OpenAITextPart {
  type: 'text';
  text: string;
}

export interface OpenAIImagePart {
  type: 'image_url';
  image_url: { url: string; detail?: 'auto' | 'low' | 'high' };
}

export interface OpenAIAudioPart {
  type: 'input_audio';
  input_audio: { data: string; format: string };
}

export interface OpenAIFilePart {
  type: 'file';
  file: { file_data?: string; file_id?: string; filename?: string };
}

export type OpenAIContentPart = OpenAITextPart | OpenAIImagePart | OpenAIAudioPart | OpenAIFilePart;
export type OpenAIContent = string | OpenAIContentPart[] | null;

export interface OpenAIToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export type OpenAIRole = 'system' | 'developer' | 'user' | 'assistant' | 'tool';

export interface OpenAIMessage {
  role: OpenAIRole;
  content?: OpenAIContent;
  name?: string;
  tool_calls?: OpenAIToolCall[];
  tool_call_id?: string;
  /** Non-standard (DeepSeek and most gateways): the model's visible reasoning. */
  reasoning_content?: string;
}

export interface OpenAITool {
  type: 'function';
  function: { name: string; description?: string; parameters?: JsonObject; strict?: boolean };
}

export type OpenAIToolChoice = 'none' | 'auto' | 'required' | { type: 'function'; function: { name: string } };

export type OpenAIReasoningEffort = 'none' | 'minimal' | 'low' | 'medium' | 'high';

export interface OpenAIResponseFormat {
  type: 'text' | 'json_object' | 'json_schema';
  json_schema?: { name?: string; schema?: JsonObject; strict?: boolean };
}

export interface OpenAIChatRequest {
  model: string;
  messages: OpenAIMessage[];
  max_tokens?: number;
  max_completion_tokens?: number;
  temperature?: number;
  top_p?: number;
  /** Non-standard, accepted by several providers. */
  top_k?: number;
  n?: number;
  seed?: number;
  stop?: string | string[];
  presence_penalty?: number;
  frequency_penalty?: number;
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  tools?: OpenAITool[];
  tool_choice?: OpenAIToolChoice;
  parallel_tool_calls?: boolean;
  reasoning_effort?: OpenAIReasoningEffort;
  response_format?: OpenAIResponseFormat;
  user?: string;
}

export interface OpenAIUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  /** cached_tokens ⊆ prompt_tokens. cache_creation_tokens (non-standard) ⊆ prompt_tokens too. */
  prompt_tokens_details?: { cached_tokens?: number; cache_creation_tokens?: number; audio_tokens?: number };
  /** reasoning_tokens ⊆ completion_tokens. */
  completion_tokens_details?: { reasoning_tokens?: number; audio_tokens?: number };
}

export type OpenAIFinishReason = 'stop' | 'length' | 'tool_calls' | 'content_filter' | 'function_call';

export interface OpenAIResponseMessage {
  role: 'assistant';
  content: string | null;
  reasoning_content?: string;
  tool_calls?: OpenAIToolCall[];
  refusal?: string | null;
}

export interface OpenAIChoice {
  index: number;
  message: OpenAIResponseMessage;
  finish_reason: OpenAIFinishReason | null;
  logprobs?: null;
}

export interface OpenAIChatResponse {
  id: string;
  object: 'chat.completion';
  created: number;
  model: string;
  choices: OpenAIChoice[];
  usage?: OpenAIUsage;
  system_fingerprint?: string | null;
}

export interface OpenAIToolCallDelta {
  index: number;
  id?: string;
  type?: 'function';
  function?: { name?: string; arguments?: string };
}

export interface OpenAIDelta {
  role?: 'assistant';
  content?: string | null;
  reasoning_content?: string;
  tool_calls?: OpenAIToolCallDelta[];
  refusal?: string | null;
}

export interface OpenAIChunkChoice {
  index: number;
  delta: OpenAIDelta;
  finish_reason: OpenAIFinishReason | null;
  logprobs?: null;
}

export interface OpenAIChatChunk {
  id: string;
  object: 'chat.completion.chunk';
  created: number;
  model: string;
  choices: OpenAIChunkChoice[];
  /** Present (and choices empty) only on the final usage chunk. */
  usage?: OpenAIUsage | null;
  system_fingerprint?: string | null;
}

export interface OpenAIEmbeddingRequest {
  model: string;
  input: string | string[] | number[] | number[][];
  encoding_format?: 'float' | 'base64';
  dimensions?: number;
  user?: string;
}

export interface OpenAIEmbedding {
  object: 'embedding';
  index: number;
  embedding: number[];
}

export interface OpenAIEmbeddingResponse {
  object: 'list';
  data: OpenAIEmbedding[];
  model: string;
  usage: { prompt_tokens: number; total_tokens: number };
}
