import { compact, imagePart, toDataUrl } from '../shared/content';
import type { JsonObject, OpenAIChatRequest, OpenAIContentPart, OpenAIMessage, OpenAITool, OpenAIToolChoice } from '../shared/openai-types';
import type { GeminiContent, GeminiRequest, GeminiToolConfig } from './gemini-types';
import { toJsonSchema } from './schema';

/** Pairs functionResponse parts with earlier functionCall parts: by id when Gemini gave one, else first pending call of that name. */
class CallIds {
  private n = 0;
  private readonly pending = new Map<string, string[]>();

  issue(name: string, id?: string): string {
    const callId = id || `call_${this.n++}`;
    this.pending.set(name, [...(this.pending.get(name) ?? []), callId]);
    return callId;
  }

  answer(name: string, id?: string): string {
    const queue = this.pending.get(name) ?? [];
    const found = id && queue.includes(id) ? id : queue[0];
    this.pending.set(name, queue.filter((q) => q !== found));
    return found ?? id ?? `call_${name}`;
  }
}

function toMessages(contents: readonly GeminiContent[], ids: CallIds): OpenAIMessage[] {
  const out: OpenAIMessage[] = [];
  for (const c of contents) {
    const parts: OpenAIContentPart[] = [];
    const assistant = c.role === 'model';
    const message: OpenAIMessage = { role: assistant ? 'assistant' : 'user' };
    for (const p of c.parts ?? []) {
      if (p.thought) continue;
      if (typeof p.text === 'string') parts.push({ type: 'text', text: p.text });
      else if (p.inlineData) parts.push(imagePart(toDataUrl(p.inlineData.mimeType, p.inlineData.data)));
      else if (p.fileData) parts.push(imagePart(p.fileData.fileUri));
      else if (p.functionCall) {
        const call = p.functionCall;
        (message.tool_calls ??= []).push({
          id: ids.issue(call.name, call.id),
          type: 'function',
          function: { name: call.name, arguments: JSON.stringify(call.args ?? {}) },
        });
      } else if (p.functionResponse) {
        const r = p.functionResponse;
        out.push({ role: 'tool', tool_call_id: ids.answer(r.name, r.id), content: JSON.stringify(r.response ?? {}) });
      }
    }
    const textOnly = parts.every((p) => p.type === 'text');
    const content = textOnly ? parts.map((p) => (p as { text: string }).text).join('') : parts;
    if (assistant) {
      if (content.length || message.tool_calls) out.push({ ...message, content: content.length ? content : null });
    } else if (content.length) out.push({ ...message, content });
  }
  return out;
}

function toToolChoice(config: GeminiToolConfig | undefined): OpenAIToolChoice | undefined {
  const c = config?.functionCallingConfig;
  switch (c?.mode) {
    case 'NONE':
      return 'none';
    case 'AUTO':
      return 'auto';
    case 'ANY':
    case 'VALIDATED':
      return c.allowedFunctionNames?.length === 1 ? { type: 'function', function: { name: c.allowedFunctionNames[0] } } : 'required';
    default:
      return undefined;
  }
}

/**
 * Gemini generateContent request (inbound /v1beta/models/{model}:generateContent) → OpenAI chat
 * request. `model` comes from the URL, `stream` from the method (streamGenerateContent). Function
 * calls get ids the matching functionResponse parts reuse; thought parts and thinkingConfig are dropped.
 */
export function geminiToOpenAIRequest(req: GeminiRequest, model: string, stream: boolean): OpenAIChatRequest {
  const system = (req.systemInstruction?.parts ?? []).map((p) => p.text ?? '').join('\n');
  const messages: OpenAIMessage[] = system ? [{ role: 'system', content: system }] : [];
  messages.push(...toMessages(req.contents ?? [], new CallIds()));
  const tools: OpenAITool[] = (req.tools ?? []).flatMap((t) =>
    (t.functionDeclarations ?? []).map((d) => ({
      type: 'function' as const,
      function: compact({ name: d.name, description: d.description, parameters: (d.parametersJsonSchema ?? toJsonSchema(d.parameters)) as JsonObject | undefined }),
    })),
  );
  const g = req.generationConfig ?? {};
  return compact({
    model,
    messages,
    max_tokens: g.maxOutputTokens,
    temperature: g.temperature,
    top_p: g.topP,
    n: g.candidateCount,
    seed: g.seed,
    stop: g.stopSequences?.length ? g.stopSequences : undefined,
    presence_penalty: g.presencePenalty,
    frequency_penalty: g.frequencyPenalty,
    response_format:
      g.responseMimeType === 'application/json'
        ? g.responseSchema
          ? { type: 'json_schema' as const, json_schema: { name: 'response', schema: toJsonSchema(g.responseSchema) as JsonObject } }
          : { type: 'json_object' as const }
        : undefined,
    stream: stream || undefined,
    stream_options: stream ? { include_usage: true } : undefined,
    tools: tools.length ? tools : undefined,
    tool_choice: tools.length ? toToolChoice(req.toolConfig) : undefined,
  });
}
