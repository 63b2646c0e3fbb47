import { embeddingTexts } from '../shared/content';
import type { OpenAIEmbeddingRequest, OpenAIEmbeddingResponse } from '../shared/openai-types';
import { tokenCount } from '../shared/usage';
import type { OllamaEmbedRequest, OllamaEmbedResponse, OllamaTagList } from './ollama-types';

/** OpenAI embeddings request → Ollama /api/embed (text inputs only). */
export function openAIToOllamaEmbedRequest(req: OpenAIEmbeddingRequest): OllamaEmbedRequest {
  const texts = embeddingTexts(req.input);
  return { model: req.model, input: texts.length === 1 ? texts[0] : texts, ...(req.dimensions ? { dimensions: req.dimensions } : {}) };
}

/** Ollama /api/embed answer → OpenAI embeddings list; prompt_eval_count is the prompt usage. */
export function ollamaToOpenAIEmbeddings(res: OllamaEmbedResponse, model?: string): OpenAIEmbeddingResponse {
  const tokens = tokenCount(res.prompt_eval_count);
  return {
    object: 'list',
    data: (res.embeddings ?? []).map((embedding, index) => ({ object: 'embedding', index, embedding })),
    model: model ?? res.model,
    usage: { prompt_tokens: tokens, total_tokens: tokens },
  };
}

/** GET /api/tags → model names. */
export function modelIdsFromOllamaTags(list: Partial<OllamaTagList> | null | undefined): string[] {
  return (list?.models ?? []).map((m) => m.name).filter(Boolean);
}

/** Native endpoint paths, relative to the channel's base URL. */
export const OLLAMA_PATHS = { chat: '/api/chat', embed: '/api/embed', models: '/api/tags' } as const;
