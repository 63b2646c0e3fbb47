import { compact, contentParts, contentText, isObject, mimeFromUrl, parseArguments, parseDataUrl, parseJsonOrText, stopList } from '../shared/content';
import type { OpenAIChatRequest, OpenAIContentPart, OpenAIMessage, OpenAIToolChoice } from '../shared/openai-types';
import { type GeminiSettings, isImagineModel, safetySettings, splitGeminiSuffix, thinkingConfig } from './gemini-settings';
import type { GeminiContent, GeminiGenerationConfig, GeminiPart, GeminiRequest, GeminiToolConfig } from './gemini-types';
import { functionParameters, toGeminiSchema } from './schema';

function partOf(p: OpenAIContentPart): GeminiPart | null {
  if (p.type === 'text') return p.text ? { text: p.text } : null;
  if (p.type === 'image_url') {
    const data = parseDataUrl(p.image_url.url);
    return data
      ? { inlineData: { mimeType: data.mimeType, data: data.data } }
      : { fileData: { mimeType: mimeFromUrl(p.image_url.url), fileUri: p.image_url.url } };
  }
  if (p.type === 'input_audio') return { inlineData: { mimeType: `audio/${p.input_audio.format}`, data: p.input_audio.data } };
  if (p.type === 'file' && p.file.file_data) {
    const data = parseDataUrl(p.file.file_data);
    return data ? { inlineData: { mimeType: data.mimeType, data: data.data } } : null;
  }
  return null;
}

/** A tool result as functionResponse.response: a JSON object as is, anything else under "content". */
function responseObject(m: OpenAIMessage): Record<string, unknown> {
  const value = parseJsonOrText(contentText(m.content));
  return isObject(value) ? value : { content: value };
}

function toContents(messages: readonly OpenAIMessage[]): GeminiContent[] {
  const callNames = new Map<string, string>();
  const out: GeminiContent[] = [];
  for (const m of messages) {
    if (m.role === 'system' || m.role === 'developer') continue;
    let role: 'user' | 'model' = 'user';
    let parts: GeminiPart[];
    if (m.role === 'tool') {
      const name = callNames.get(m.tool_call_id ?? '') ?? m.name ?? 'function';
      parts = [{ functionResponse: { name, response: responseObject(m) } }];
    } else {
      parts = contentParts(m.content)
        .map(partOf)
        .filter((p): p is GeminiPart => p !== null);
      if (m.role === 'assistant') {
        role = 'model';
        for (const call of m.tool_calls ?? []) {
          callNames.set(call.id, call.function.name);
          parts.push({ functionCall: { name: call.function.name, args: parseArguments(call.function.arguments) } });
        }
      }
    }
    if (!parts.length) continue;
    const last = out[out.length - 1];
    if (last && last.role === role) last.parts.push(...parts);
    else out.push({ role, parts });
  }
  return out;
}

function toToolConfig(choice: OpenAIToolChoice | undefined): GeminiToolConfig | undefined {
  if (choice === undefined) return undefined;
  if (choice === 'none') return { functionCallingConfig: { mode: 'NONE' } };
  if (choice === 'auto') return { functionCallingConfig: { mode: 'AUTO' } };
  if (choice === 'required') return { functionCallingConfig: { mode: 'ANY' } };
  return { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: [choice.function.name] } };
}

function generationConfig(req: OpenAIChatRequest, model: string, suffix: 'on' | 'off' | null, settings: GeminiSettings): GeminiGenerationConfig | undefined {
  const maxOutputTokens = req.max_completion_tokens ?? req.max_tokens;
  const format = req.response_format;
  const json = format?.type === 'json_object' || format?.type === 'json_schema';
  const config: GeminiGenerationConfig = compact({
    temperature: req.temperature,
    topP: req.top_p,
    topK: req.top_k,
    candidateCount: req.n,
    maxOutputTokens,
    stopSequences: stopList(req.stop),
    presencePenalty: req.presence_penalty,
    frequencyPenalty: req.frequency_penalty,
    seed: req.seed,
    responseMimeType: json ? 'application/json' : undefined,
    responseSchema: format?.json_schema?.schema ? toGeminiSchema(format.json_schema.schema) : undefined,
    responseModalities: isImagineModel(model, settings) ? ['TEXT', 'IMAGE'] : undefined,
    thinkingConfig: thinkingConfig(model, suffix, req.reasoning_effort, maxOutputTokens, settings),
  });
  return Object.keys(config).length ? config : undefined;
}

/**
 * OpenAI chat request → Gemini generateContent request, plus the model name to put in the URL (the
 * -thinking / -nothinking suffix removed). System messages become systemInstruction; assistant turns
 * role "model"; tool results functionResponse parts named after their call; data-URL images inlineData,
 * other URLs fileData.
 */
export function openAIToGeminiRequest(req: OpenAIChatRequest, settings: GeminiSettings): { model: string; request: GeminiRequest } {
  const { model, thinking } = splitGeminiSuffix(req.model);
  const system = req.messages
    .filter((m) => m.role === 'system' || m.role === 'developer')
    .map((m) => contentText(m.content))
    .filter(Boolean);
  const declarations = (req.tools ?? []).map((t) =>
    compact({ name: t.function.name, description: t.function.description, parameters: functionParameters(t.function.parameters) }),
  );
  const request: GeminiRequest = compact({
    contents: toContents(req.messages),
    systemInstruction: system.length ? { parts: system.map((text) => ({ text })) } : undefined,
    tools: declarations.length ? [{ functionDeclarations: declarations }] : undefined,
    toolConfig: declarations.length ? toToolConfig(req.tool_choice) : undefined,
    generationConfig: generationConfig(req, model, thinking, settings),
    safetySettings: safetySettings(model, settings),
  });
  return { model, request };
}
