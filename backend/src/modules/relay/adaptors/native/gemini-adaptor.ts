import {
  GeminiStreamToOpenAI,
  geminiHeaders,
  geminiToOpenAIResponse,
  geminiUrl,
  type GeminiResponse,
  openAIToGeminiRequest,
} from '../../../../providers';
import type { BuildInput, RelayAdaptor, RelayMode, UpstreamCall } from '../adaptor';
import { readOpenAiError } from '../openai/openai-adaptor';
import { chatRequest, chunkStream, convertWhole, newChatId, nowSeconds, settingsOf, urlCall } from './native-kit';

/** Gemini generateContent / streamGenerateContent (channel type 24; streams as SSE via alt=sse). */
function buildCall(input: BuildInput): UpstreamCall {
  const settings = settingsOf(input);
  const { model, request } = openAIToGeminiRequest(chatRequest(input), settings);
  const action = input.stream ? 'streamGenerateContent' : 'generateContent';
  const url = geminiUrl(input.target.baseUrl, model, action, settings);
  return urlCall(url, geminiHeaders(input.target.key), request, input.target.paramOverride);
}

export function geminiAdaptor(): RelayAdaptor {
  return Object.freeze({
    modes: new Set<RelayMode>(['chat']),
    dialect: 'gemini' as const,
    buildCall,
    readResponse: (_mode: RelayMode, body: Buffer, contentType: string, wantText = false, model = '') =>
      convertWhole(body, contentType, wantText, (res: GeminiResponse) =>
        geminiToOpenAIResponse(res, { id: res.responseId ?? newChatId(), model, created: nowSeconds() }),
      ),
    streamConverter: (_mode: RelayMode, clientWantsUsage: boolean, model = '') =>
      chunkStream(
        new GeminiStreamToOpenAI({ id: newChatId(), model, created: nowSeconds(), includeUsage: clientWantsUsage }),
      ),
    readError: readOpenAiError,
  });
}
