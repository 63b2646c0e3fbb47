import { compact, contentParts, contentText, parseArguments, parseDataUrl, stopList } from '../shared/content';
import { finishFromOllama } from './finish-reason';
import type { OpenAIChatRequest, OpenAIChatResponse, OpenAIMessage, OpenAIToolCall, OpenAIUsage } from '../shared/openai-types';
import { openAIUsage } from '../shared/usage';
import type { OllamaChatRequest, OllamaChatResponse, OllamaMessage, OllamaToolCall } from './ollama-types';

function toMessage(m: OpenAIMessage, callNames: Map<string, string>): OllamaMessage {
  const role = m.role === 'developer' ? 'system' : m.role;
  const images = contentParts(m.content).flatMap((p) => (p.type === 'image_url' ? [parseDataUrl(p.image_url.url)?.data ?? ''] : [])).filter(Boolean);
  const out: OllamaMessage = { role, content: contentText(m.content) };
  if (images.length) out.images = images;
  if (m.role === 'assistant' && m.tool_calls?.length) {
    out.tool_calls = m.tool_calls.map((c) => {
      callNames.set(c.id, c.function.name);
      return { function: { name: c.function.name, arguments: parseArguments(c.function.arguments) } };
    });
  }
  if (m.role === 'tool') {
    const name = callNames.get(m.tool_call_id ?? '') ?? m.name;
    if (name) out.tool_name = name;
  }
  return out;
}

/**
 * OpenAI chat request → Ollama /api/chat. Images must be data URLs (Ollama takes base64 only: inline
 * remote URLs first, see remoteImageUrls); sampling goes into `options`, max tokens as num_predict;
 * reasoning_effort other than none/minimal sets `think`.
 */
export function openAIToOllamaRequest(req: OpenAIChatRequest): OllamaChatRequest {
  const callNames = new Map<string, string>();
  const options = compact({
    temperature: req.temperature,
    top_p: req.top_p,
    top_k: req.top_k,
    num_predict: req.max_completion_tokens ?? req.max_tokens,
    stop: stopList(req.stop),
    seed: req.seed,
    presence_penalty: req.presence_penalty,
    frequency_penalty: req.frequency_penalty,
  });
  const format = req.response_format;
  const effort = req.reasoning_effort;
  return compact({
    model: req.model,
    messages: req.messages.map((m) => toMessage(m, callNames)),
    tools: req.tools?.length ? req.tools : undefined,
    stream: req.stream === true,
    format: format?.type === 'json_schema' && format.json_schema?.schema ? format.json_schema.schema : format?.type === 'json_object' ? ('json' as const) : undefined,
    options: Object.keys(options).length ? options : undefined,
    think: effort ? effort !== 'none' && effort !== 'minimal' : undefined,
  });
}

/** Ollama counts → OpenAI usage (prompt_eval_count → prompt, eval_count → completion). */
export function usageFromOllama(r: Pick<OllamaChatResponse, 'prompt_eval_count' | 'eval_count'>): OpenAIUsage {
  return openAIUsage({ prompt: r.prompt_eval_count, completion: r.eval_count });
}

/** Ollama tool calls carry no ids: stable ones from the response id and position. */
export function ollamaToolCalls(calls: readonly OllamaToolCall[] | undefined, id: string, first = 0): OpenAIToolCall[] {
  return (calls ?? []).map((c, i) => ({
    id: `call_${id}_${first + i}`,
    type: 'function',
    function: { name: c.function.name, arguments: JSON.stringify(c.function.arguments ?? {}) },
  }));
}

/** Ollama /api/chat answer (stream: false) → OpenAI chat.completion. */
export function ollamaToOpenAIResponse(res: OllamaChatResponse, opts: { id: string; created: number; model?: string }): OpenAIChatResponse {
  const toolCalls = ollamaToolCalls(res.message?.tool_calls, opts.id);
  return {
    id: opts.id,
    object: 'chat.completion',
    created: opts.created,
    model: opts.model ?? res.model,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: res.message?.content || (toolCalls.length ? null : ''),
          ...(res.message?.thinking ? { reasoning_content: res.message.thinking } : {}),
          ...(toolCalls.length ? { tool_calls: toolCalls } : {}),
        },
        finish_reason: finishFromOllama(res.done_reason, toolCalls.length > 0),
      },
    ],
    usage: usageFromOllama(res),
  };
}
