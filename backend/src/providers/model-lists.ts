/** Upstream model-list answers → model ids, for "fetch models" (pure). Gemini and Ollama have theirs in their folders. */

/** `{"data": [{"id": ...}]}`: OpenAI, Anthropic GET /v1/models, and the OpenAI-compatible family. */
export function modelIdsFromDataList(list: unknown): string[] {
  const data = (list as { data?: unknown } | null)?.data;
  return Array.isArray(data)
    ? data.map((m) => (m as { id?: unknown })?.id).filter((id): id is string => typeof id === 'string' && !!id)
    : [];
}

/** Cohere GET /v1/models: `{"models": [{"name", "endpoints": [...]}]}`; `endpoint` keeps models serving it (e.g. "chat"). */
export function modelIdsFromCohereList(list: unknown, endpoint?: string): string[] {
  const models = (list as { models?: unknown } | null)?.models;
  if (!Array.isArray(models)) return [];
  return models
    .map((m) => m as { name?: unknown; endpoints?: unknown })
    .filter(
      (m) =>
        typeof m.name === 'string' && (!endpoint || (Array.isArray(m.endpoints) && m.endpoints.includes(endpoint))),
    )
    .map((m) => m.name as string);
}

/** Bedrock GET /foundation-models: `{"modelSummaries": [{"modelId", ...}]}`. */
export function modelIdsFromBedrockList(list: unknown): string[] {
  const models = (list as { modelSummaries?: unknown } | null)?.modelSummaries;
  if (!Array.isArray(models)) return [];
  return models
    .map((m) => (m as { modelId?: unknown })?.modelId)
    .filter((id): id is string => typeof id === 'string' && !!id);
}

/**
 * Vertex AI GET /v1beta1/publishers/{publisher}/models: `{"publisherModels": [{"name":
 * "publishers/google/models/gemini-2.0-flash-001"}]}` → the model ids after the last "/models/".
 */
export function modelIdsFromVertexList(list: unknown): string[] {
  const models = (list as { publisherModels?: unknown } | null)?.publisherModels;
  if (!Array.isArray(models)) return [];
  return models
    .map((m) => (m as { name?: unknown })?.name)
    .filter((name): name is string => typeof name === 'string' && name.includes('/models/'))
    .map((name) => name.slice(name.lastIndexOf('/models/') + '/models/'.length));
}
