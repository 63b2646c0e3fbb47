import { compact, imagePart, toDataUrl } from '../shared/content';
import type {
  OpenAIChatRequest,
  OpenAIContentPart,
  OpenAIMessage,
  OpenAITool,
  OpenAIToolCall,
  OpenAIToolChoice,
} from '../shared/openai-types';
import type { AnthropicContentBlock, AnthropicImageBlock, AnthropicMessage, AnthropicRequest, AnthropicTextBlock } from './anthropic-types';

function imageUrlOf(block: AnthropicImageBlock): string {
  const s = block.source;
  return s.type === 'base64' ? toDataUrl(s.media_type, s.data) : s.url;
}

/** Text and image blocks → OpenAI parts; a lone text part collapses to a string. */
function toContent(blocks: readonly (AnthropicTextBlock | AnthropicImageBlock)[]): string | OpenAIContentPart[] {
  const parts: OpenAIContentPart[] = blocks.map((b) => (b.type === 'text' ? { type: 'text', text: b.text } : imagePart(imageUrlOf(b))));
  if (parts.every((p) => p.type === 'text')) return parts.map((p) => (p as { text: string }).text).join('');
  return parts;
}

function isMedia(b: AnthropicContentBlock): b is AnthropicTextBlock | AnthropicImageBlock {
  return b.type === 'text' || b.type === 'image';
}

/** Tool results become tool messages (text only, as OpenAI requires); their images join the user message. */
function userMessages(blocks: readonly AnthropicContentBlock[]): OpenAIMessage[] {
  const out: OpenAIMessage[] = [];
  const images: AnthropicImageBlock[] = [];
  for (const b of blocks) {
    if (b.type !== 'tool_result') continue;
    const parts = typeof b.content === 'string' ? [{ type: 'text' as const, text: b.content }] : (b.content ?? []);
    images.push(...parts.filter((p): p is AnthropicImageBlock => p.type === 'image'));
    const text = parts.map((p) => (p.type === 'text' ? p.text : '')).join('');
    out.push({ role: 'tool', tool_call_id: b.tool_use_id, content: text });
  }
  const rest = [...images, ...blocks.filter(isMedia)];
  if (rest.length) out.push({ role: 'user', content: toContent(rest) });
  return out;
}

function assistantMessage(blocks: readonly AnthropicContentBlock[]): OpenAIMessage {
  const text = blocks.map((b) => (b.type === 'text' ? b.text : '')).join('');
  const calls: OpenAIToolCall[] = blocks.flatMap((b) =>
    b.type === 'tool_use' ? [{ id: b.id, type: 'function' as const, function: { name: b.name, arguments: JSON.stringify(b.input ?? {}) } }] : [],
  );
  return { role: 'assistant', content: text || (calls.length ? null : ''), ...(calls.length ? { tool_calls: calls } : {}) };
}

function toMessages(messages: readonly AnthropicMessage[]): OpenAIMessage[] {
  return messages.flatMap((m) => {
    const blocks: AnthropicContentBlock[] = typeof m.content === 'string' ? [{ type: 'text', text: m.content }] : m.content;
    return m.role === 'assistant' ? [assistantMessage(blocks)] : userMessages(blocks);
  });
}

function toToolChoice(choice: AnthropicRequest['tool_choice']): OpenAIToolChoice | undefined {
  switch (choice?.type) {
    case 'auto':
      return 'auto';
    case 'any':
      return 'required';
    case 'none':
      return 'none';
    case 'tool':
      return { type: 'function', function: { name: choice.name } };
    default:
      return undefined;
  }
}

/**
 * Anthropic Messages request (inbound /v1/messages) → OpenAI chat request. Tool results become tool
 * messages placed before the user's other content; server tools without input_schema are dropped;
 * thinking settings are not forwarded (OpenAI models reject unknown reasoning parameters).
 */
export function anthropicToOpenAIRequest(req: AnthropicRequest): OpenAIChatRequest {
  const system = typeof req.system === 'string' ? req.system : (req.system ?? []).map((b) => b.text).join('\n');
  const messages: OpenAIMessage[] = system ? [{ role: 'system', content: system }] : [];
  messages.push(...toMessages(req.messages ?? []));
  const tools: OpenAITool[] = (req.tools ?? [])
    .filter((t) => t.input_schema)
    .map((t) => ({ type: 'function', function: compact({ name: t.name, description: t.description, parameters: t.input_schema }) }));
  const choice = req.tool_choice;
  const noParallel = choice && 'disable_parallel_tool_use' in choice && choice.disable_parallel_tool_use;
  return compact({
    model: req.model,
    messages,
    max_tokens: req.max_tokens,
    temperature: req.temperature,
    top_p: req.top_p,
    stop: req.stop_sequences?.length ? req.stop_sequences : undefined,
    stream: req.stream || undefined,
    stream_options: req.stream ? { include_usage: true } : undefined,
    tools: tools.length ? tools : undefined,
    tool_choice: tools.length ? toToolChoice(choice) : undefined,
    parallel_tool_calls: tools.length && noParallel ? false : undefined,
    user: req.metadata?.user_id,
  });
}
