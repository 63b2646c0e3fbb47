import { apiVersion, type GeminiSettings } from './gemini-settings';
import type { GeminiModel, GeminiModelList } from './gemini-types';

export type GeminiAction = 'generateContent' | 'streamGenerateContent' | 'embedContent' | 'batchEmbedContents' | 'countTokens';

export const GEMINI_DEFAULT_BASE_URL = 'https://generativelanguage.googleapis.com';

/**
 * `{base}/{version}/models/{model}:{action}`, version from gemini.version_settings; streams ask for
 * SSE framing (`?alt=sse`). The key travels in the x-goog-api-key header, never in the URL.
 */
export function geminiUrl(baseUrl: string, model: string, action: GeminiAction, settings: GeminiSettings): string {
  const base = (baseUrl || GEMINI_DEFAULT_BASE_URL).replace(/\/+$/, '');
  const sse = action === 'streamGenerateContent' ? '?alt=sse' : '';
  return `${base}/${apiVersion(model, settings)}/models/${encodeURIComponent(model)}:${action}${sse}`;
}

export function geminiHeaders(apiKey: string): Record<string, string> {
  return { 'content-type': 'application/json', 'x-goog-api-key': apiKey };
}

/** GET URL of the upstream model list (one large page). */
export function geminiModelsUrl(baseUrl: string, version = 'v1beta'): string {
  return `${(baseUrl || GEMINI_DEFAULT_BASE_URL).replace(/\/+$/, '')}/${version}/models?pageSize=1000`;
}

/** Upstream model list → plain model ids ("models/gemini-2.0-flash" → "gemini-2.0-flash"). */
export function modelIdsFromGeminiList(list: Partial<GeminiModelList> | null | undefined): string[] {
  return (list?.models ?? []).map((m) => m.name.replace(/^models\//, '')).filter(Boolean);
}

/** The inbound GET /v1beta/models answer for the models a token may use. */
export function geminiModelList(ids: readonly string[]): GeminiModelList {
  return {
    models: ids.map(
      (id): GeminiModel => ({
        name: `models/${id}`,
        baseModelId: id,
        version: '001',
        displayName: id,
        supportedGenerationMethods: id.includes('embedding')
          ? ['embedContent', 'batchEmbedContents']
          : ['generateContent', 'streamGenerateContent', 'countTokens'],
      }),
    ),
  };
}
