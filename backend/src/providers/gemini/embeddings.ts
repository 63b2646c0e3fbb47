import { embeddingTexts } from '../shared/content';
import type { OpenAIEmbeddingRequest, OpenAIEmbeddingResponse } from '../shared/openai-types';
import { tokenCount } from '../shared/usage';
import type {
  GeminiBatchEmbedRequest,
  GeminiBatchEmbedResponse,
  GeminiEmbedContentRequest,
  GeminiEmbedContentResponse,
} from './gemini-types';

/** OpenAI embeddings request → batchEmbedContents body (one request per input, in order). */
export function openAIToGeminiEmbedRequest(req: OpenAIEmbeddingRequest, model: string): GeminiBatchEmbedRequest {
  return {
    requests: embeddingTexts(req.input).map((text) => ({
      model: `models/${model}`,
      content: { parts: [{ text }] },
      ...(req.dimensions ? { outputDimensionality: req.dimensions } : {}),
    })),
  };
}

/** batchEmbedContents response → OpenAI embeddings list. Gemini reports no tokens: the caller passes its count. */
export function geminiToOpenAIEmbeddings(res: GeminiBatchEmbedResponse, model: string, promptTokens = 0): OpenAIEmbeddingResponse {
  const tokens = tokenCount(promptTokens);
  return {
    object: 'list',
    data: (res.embeddings ?? []).map((e, index) => ({ object: 'embedding', index, embedding: e.values ?? [] })),
    model,
    usage: { prompt_tokens: tokens, total_tokens: tokens },
  };
}

function isBatch(req: GeminiEmbedContentRequest | GeminiBatchEmbedRequest): req is GeminiBatchEmbedRequest {
  return Array.isArray((req as GeminiBatchEmbedRequest).requests);
}

/** Inbound embedContent / batchEmbedContents → OpenAI embeddings request (texts of each content joined). */
export function geminiEmbedToOpenAIRequest(req: GeminiEmbedContentRequest | GeminiBatchEmbedRequest, model: string): OpenAIEmbeddingRequest {
  const items = isBatch(req) ? req.requests : [req];
  const dims = items.find((r) => r.outputDimensionality)?.outputDimensionality;
  return {
    model,
    input: items.map((r) => (r.content?.parts ?? []).map((p) => p.text ?? '').join('')),
    ...(dims ? { dimensions: dims } : {}),
  };
}

/** OpenAI embeddings → the inbound method's answer: one embedding (embedContent) or the list (batch). */
export function openAIToGeminiEmbedResponse(res: OpenAIEmbeddingResponse, batch: boolean): GeminiEmbedContentResponse | GeminiBatchEmbedResponse {
  const sorted = [...(res.data ?? [])].sort((a, b) => a.index - b.index);
  if (!batch) return { embedding: { values: sorted[0]?.embedding ?? [] } };
  return { embeddings: sorted.map((d) => ({ values: d.embedding })) };
}
