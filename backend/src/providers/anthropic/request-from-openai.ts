import { compact, contentParts, contentText, parseArguments, parseDataUrl, stopList } from '../shared/content';
import type { OpenAIChatRequest, OpenAIContentPart, OpenAIMessage, OpenAIToolChoice } from '../shared/openai-types';
import type {
  AnthropicContentBlock,
  AnthropicMessage,
  AnthropicRequest,
  AnthropicToolChoice,
  AnthropicToolResultBlock,
} from './anthropic-types';
import { choiceWithResponseTool, responseTool } from './structured-output';
import { type ClaudeSettings, defaultMaxTokens, splitThinkingSuffix, thinkingBudget, wantsThinking } from './claude-settings';

/** OpenAI content part → Anthropic block (null for parts Claude cannot take, and for empty text). */
function partToBlock(part: OpenAIContentPart): AnthropicContentBlock | null {
  if (part.type === 'text') return part.text ? { type: 'text', text: part.text } : null;
  if (part.type === 'image_url') {
    const url = part.image_url.url;
    const data = parseDataUrl(url);
    return data
      ? { type: 'image', source: { type: 'base64', media_type: data.mimeType, data: data.data } }
      : { type: 'image', source: { type: 'url', url } };
  }
  if (part.type === 'file' && part.file.file_data) {
    const data = parseDataUrl(part.file.file_data);
    if (data) return { type: 'document', source: { type: 'base64', media_type: data.mimeType, data: data.data } };
  }
  return null;
}

function toolResult(m: OpenAIMessage): AnthropicToolResultBlock {
  const blocks = contentParts(m.content)
    .map(partToBlock)
    .filter((b): b is AnthropicContentBlock => b !== null && (b.type === 'text' || b.type === 'image'));
  const onlyText = blocks.every((b) => b.type === 'text');
  return {
    type: 'tool_result',
    tool_use_id: m.tool_call_id ?? '',
    content: onlyText ? contentText(m.content) : (blocks as AnthropicToolResultBlock['content']),
  };
}

function messageBlocks(m: OpenAIMessage): { role: 'user' | 'assistant'; blocks: AnthropicContentBlock[] } {
  if (m.role === 'tool') return { role: 'user', blocks: [toolResult(m)] };
  const blocks = contentParts(m.content)
    .map(partToBlock)
    .filter((b): b is AnthropicContentBlock => b !== null);
  if (m.role !== 'assistant') return { role: 'user', blocks };
  for (const call of m.tool_calls ?? []) {
    blocks.push({ type: 'tool_use', id: call.id, name: call.function.name, input: parseArguments(call.function.arguments) });
  }
  return { role: 'assistant', blocks };
}

/** Consecutive messages of one role merge into one (Anthropic wants user/assistant turns). */
function toMessages(messages: readonly OpenAIMessage[]): AnthropicMessage[] {
  const out: { role: 'user' | 'assistant'; content: AnthropicContentBlock[] }[] = [];
  for (const m of messages) {
    if (m.role === 'system' || m.role === 'developer') continue;
    const { role, blocks } = messageBlocks(m);
    if (!blocks.length) continue;
    const last = out[out.length - 1];
    if (last && last.role === role) last.content.push(...blocks);
    else out.push({ role, content: blocks });
  }
  return out;
}

function toToolChoice(choice: OpenAIToolChoice | undefined, parallel: boolean | undefined): AnthropicToolChoice | undefined {
  const noParallel = parallel === false ? { disable_parallel_tool_use: true } : {};
  if (choice === undefined) return parallel === false ? { type: 'auto', ...noParallel } : undefined;
  if (choice === 'none') return { type: 'none' };
  if (choice === 'auto') return { type: 'auto', ...noParallel };
  if (choice === 'required') return { type: 'any', ...noParallel };
  return { type: 'tool', name: choice.function.name, ...noParallel };
}

/**
 * OpenAI chat request → Anthropic Messages request. System and developer messages become `system`;
 * tool results become tool_result blocks; max_tokens defaults from claude.default_max_tokens; a
 * `-thinking` model suffix or reasoning_effort turns thinking on when the adapter is enabled.
 * response_format json_schema / json_object becomes a response tool (structured-output.ts).
 */
export function openAIToAnthropicRequest(req: OpenAIChatRequest, settings: ClaudeSettings): AnthropicRequest {
  const { model, thinking: suffix } = splitThinkingSuffix(req.model);
  const system = req.messages
    .filter((m) => m.role === 'system' || m.role === 'developer')
    .map((m) => contentText(m.content))
    .filter(Boolean)
    .join('\n');
  let maxTokens = req.max_completion_tokens ?? req.max_tokens ?? defaultMaxTokens(req.model, settings);
  const out: AnthropicRequest = compact({
    model,
    messages: toMessages(req.messages),
    max_tokens: maxTokens,
    system: system || undefined,
    temperature: req.temperature,
    top_p: req.top_p,
    top_k: req.top_k,
    stop_sequences: stopList(req.stop),
    stream: req.stream || undefined,
    tools: req.tools?.length
      ? req.tools.map((t) =>
          compact({
            name: t.function.name,
            description: t.function.description,
            input_schema: t.function.parameters ?? { type: 'object', properties: {} },
          }),
        )
      : undefined,
    tool_choice: req.tools?.length ? toToolChoice(req.tool_choice, req.parallel_tool_calls) : undefined,
    metadata: req.user ? { user_id: req.user } : undefined,
  });
  const answerTool = responseTool(req);
  if (answerTool) {
    out.tool_choice = choiceWithResponseTool(out.tool_choice, !!out.tools?.length);
    out.tools = [...(out.tools ?? []), answerTool];
  }
  if (wantsThinking(suffix, req.reasoning_effort, settings)) {
    const plan = thinkingBudget(maxTokens, settings);
    maxTokens = plan.maxTokens;
    out.max_tokens = maxTokens;
    out.thinking = { type: 'enabled', budget_tokens: plan.budget };
    // Thinking is incompatible with temperature/top_k changes, top_p below 0.95 and forced tool use.
    delete out.temperature;
    delete out.top_k;
    if (out.top_p !== undefined && out.top_p < 0.95) delete out.top_p;
    if (out.tool_choice && (out.tool_choice.type === 'any' || out.tool_choice.type === 'tool')) {
      out.tool_choice = { type: 'auto', ...(out.tool_choice.disable_parallel_tool_use ? { disable_parallel_tool_use: true } : {}) };
    }
  }
  return out;
}
