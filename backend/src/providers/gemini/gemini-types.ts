import type { JsonObject } from '../shared/openai-types';

/** Gemini API wire types (generateContent, streamGenerateContent, embedContent), structural subset. */

export interface GeminiPart {
  text?: string;
  /** The text is the model's thought summary (includeThoughts). */
  thought?: boolean;
  thoughtSignature?: string;
  inlineData?: { mimeType: string; data: string };
  fileData?: { mimeType?: string; fileUri: string };
  functionCall?: { id?: string; name: string; args?: JsonObject };
  functionResponse?: { id?: string; name: string; response: JsonObject };
}

export interface GeminiContent {
  role?: 'user' | 'model';
  parts: GeminiPart[];
}

export interface GeminiFunctionDeclaration {
  name: string;
  description?: string;
  parameters?: JsonObject;
  parametersJsonSchema?: JsonObject;
}

export interface GeminiTool {
  functionDeclarations?: GeminiFunctionDeclaration[];
  googleSearch?: JsonObject;
  codeExecution?: JsonObject;
}

export interface GeminiToolConfig {
  functionCallingConfig?: { mode?: 'AUTO' | 'ANY' | 'NONE' | 'VALIDATED'; allowedFunctionNames?: string[] };
}

export interface GeminiThinkingConfig {
  thinkingBudget?: number;
  includeThoughts?: boolean;
}

export interface GeminiGenerationConfig {
  temperature?: number;
  topP?: number;
  topK?: number;
  candidateCount?: number;
  maxOutputTokens?: number;
  stopSequences?: string[];
  presencePenalty?: number;
  frequencyPenalty?: number;
  seed?: number;
  responseMimeType?: string;
  responseSchema?: JsonObject;
  responseModalities?: string[];
  thinkingConfig?: GeminiThinkingConfig;
}

export interface GeminiSafetySetting {
  category: string;
  threshold: string;
}

export interface GeminiRequest {
  contents: GeminiContent[];
  systemInstruction?: GeminiContent;
  tools?: GeminiTool[];
  toolConfig?: GeminiToolConfig;
  generationConfig?: GeminiGenerationConfig;
  safetySettings?: GeminiSafetySetting[];
}

export interface GeminiUsageMetadata {
  /** Includes cachedContentTokenCount. */
  promptTokenCount?: number;
  /** Excludes thoughtsTokenCount. */
  candidatesTokenCount?: number;
  thoughtsTokenCount?: number;
  cachedContentTokenCount?: number;
  toolUsePromptTokenCount?: number;
  totalTokenCount?: number;
}

export interface GeminiCandidate {
  content?: GeminiContent;
  finishReason?: string;
  index?: number;
  safetyRatings?: JsonObject[];
}

export interface GeminiResponse {
  candidates?: GeminiCandidate[];
  promptFeedback?: { blockReason?: string };
  usageMetadata?: GeminiUsageMetadata;
  modelVersion?: string;
  responseId?: string;
}

export interface GeminiEmbedContentRequest {
  model?: string;
  content: GeminiContent;
  taskType?: string;
  outputDimensionality?: number;
}

export interface GeminiBatchEmbedRequest {
  requests: GeminiEmbedContentRequest[];
}

export interface GeminiBatchEmbedResponse {
  embeddings: { values: number[] }[];
}

export interface GeminiEmbedContentResponse {
  embedding: { values: number[] };
}

export interface GeminiModel {
  name: string;
  baseModelId?: string;
  version?: string;
  displayName?: string;
  description?: string;
  inputTokenLimit?: number;
  outputTokenLimit?: number;
  supportedGenerationMethods?: string[];
}

export interface GeminiModelList {
  models: GeminiModel[];
  nextPageToken?: string;
}
