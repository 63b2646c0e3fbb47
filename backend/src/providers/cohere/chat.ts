import { compact, contentParts, contentText, stopList } from '../shared/content';
import { finishFromCohere } from './finish-reason';
import type { OpenAIChatRequest, OpenAIChatResponse, OpenAIMessage, OpenAIUsage } from '../shared/openai-types';
import { openAIUsage } from '../shared/usage';
import type { CohereChatRequest, CohereChatResponse, CohereContentPart, CohereMessage, CohereUsage } from './cohere-types';

function userContent(m: OpenAIMessage): string | CohereContentPart[] {
  const parts = contentParts(m.content);
  if (parts.every((p) => p.type === 'text')) return contentText(m.content);
  return parts.flatMap((p): CohereContentPart[] =>
    p.type === 'text' ? [{ type: 'text', text: p.text }] : p.type === 'image_url' ? [{ type: 'image_url', image_url: { url: p.image_url.url } }] : [],
  );
}

function toMessage(m: OpenAIMessage): CohereMessage {
  switch (m.role) {
    case 'system':
    case 'developer':
      return { role: 'system', content: contentText(m.content) };
    case 'tool':
      return { role: 'tool', tool_call_id: m.tool_call_id ?? '', content: contentText(m.content) };
    case 'assistant': {
      const text = contentText(m.content);
      return compact({ role: 'assistant' as const, content: text || undefined, tool_calls: m.tool_calls?.length ? m.tool_calls : undefined });
    }
    default:
      return { role: 'user', content: userContent(m) };
  }
}

/**
 * OpenAI chat request → Cohere v2 /v2/chat. Messages keep their roles (developer → system); tools use
 * the same function shape; tool_choice required/none → REQUIRED/NONE (auto and forced functions are
 * Cohere's default); top_p/top_k → p/k.
 */
export function openAIToCohereRequest(req: OpenAIChatRequest): CohereChatRequest {
  const choice = req.tool_choice;
  const format = req.response_format;
  return compact({
    model: req.model,
    messages: req.messages.map(toMessage),
    tools: req.tools?.length ? req.tools : undefined,
    tool_choice: !req.tools?.length ? undefined : choice === 'none' ? ('NONE' as const) : choice === 'required' || typeof choice === 'object' ? ('REQUIRED' as const) : undefined,
    stream: req.stream || undefined,
    max_tokens: req.max_completion_tokens ?? req.max_tokens,
    temperature: req.temperature,
    p: req.top_p,
    k: req.top_k,
    seed: req.seed,
    stop_sequences: stopList(req.stop),
    frequency_penalty: req.frequency_penalty,
    presence_penalty: req.presence_penalty,
    response_format:
      format?.type === 'json_object' || format?.type === 'json_schema'
        ? compact({ type: 'json_object' as const, json_schema: format.json_schema?.schema })
        : undefined,
  });
}

/** Cohere usage → OpenAI usage: billed units (what Cohere charges) when present, else raw token counts. */
export function usageFromCohere(u: CohereUsage | undefined): OpenAIUsage {
  const billed = u?.billed_units;
  const src = billed && (billed.input_tokens || billed.output_tokens) ? billed : u?.tokens;
  return openAIUsage({ prompt: src?.input_tokens, completion: src?.output_tokens });
}

/** Cohere v2 chat response → OpenAI chat.completion (text joined; thinking and tool_plan → reasoning_content). */
export function cohereToOpenAIResponse(res: CohereChatResponse, opts: { created: number; model: string }): OpenAIChatResponse {
  const parts = res.message?.content ?? [];
  const text = parts.map((p) => (p.type === 'text' ? p.text : '')).join('');
  const reasoning = [res.message?.tool_plan ?? '', ...parts.map((p) => (p.type === 'thinking' ? p.thinking : ''))].join('');
  const toolCalls = res.message?.tool_calls ?? [];
  return {
    id: res.id,
    object: 'chat.completion',
    created: opts.created,
    model: opts.model,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: text || (toolCalls.length ? null : ''),
          ...(reasoning ? { reasoning_content: reasoning } : {}),
          ...(toolCalls.length ? { tool_calls: toolCalls.map((c) => ({ id: c.id, type: 'function' as const, function: c.function })) } : {}),
        },
        finish_reason: finishFromCohere(res.finish_reason),
      },
    ],
    usage: usageFromCohere(res.usage),
  };
}
