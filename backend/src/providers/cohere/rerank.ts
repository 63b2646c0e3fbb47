import { tokenCount } from '../shared/usage';
import type { CohereRerankRequest, CohereRerankResponse } from './cohere-types';

/** The gateway's /v1/rerank shapes (Jina/Cohere style). */
export interface RerankRequest {
  model: string;
  query: string;
  documents: (string | { text: string })[];
  top_n?: number;
  return_documents?: boolean;
}

export interface RerankResponse {
  model: string;
  results: { index: number; relevance_score: number; document?: { text: string } }[];
  usage: { prompt_tokens: number; total_tokens: number; search_units?: number };
}

const docText = (d: string | { text: string }) => (typeof d === 'string' ? d : (d?.text ?? ''));

/** Gateway rerank request → Cohere /v2/rerank (documents as plain strings). */
export function rerankToCohereRequest(req: RerankRequest): CohereRerankRequest {
  return { model: req.model, query: req.query, documents: req.documents.map(docText), ...(req.top_n ? { top_n: req.top_n } : {}) };
}

/**
 * Cohere rerank answer → gateway rerank response; documents echoed when asked. Cohere bills search
 * units, not tokens: the caller passes its local token count for usage.
 */
export function cohereToRerankResponse(res: CohereRerankResponse, req: RerankRequest, promptTokens = 0): RerankResponse {
  const tokens = tokenCount(promptTokens);
  const units = res.meta?.billed_units?.search_units;
  return {
    model: req.model,
    results: (res.results ?? []).map((r) => ({
      index: r.index,
      relevance_score: r.relevance_score,
      ...(req.return_documents ? { document: { text: docText(req.documents[r.index]) } } : {}),
    })),
    usage: { prompt_tokens: tokens, total_tokens: tokens, ...(units ? { search_units: units } : {}) },
  };
}
