/** Upstream model-list answers → model ids, for "fetch models" (pure). */

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
