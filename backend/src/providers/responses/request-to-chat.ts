import type {
  JsonObject,
  OpenAIChatRequest,
  OpenAIContentPart,
  OpenAIMessage,
  OpenAIReasoningEffort,
  OpenAIResponseFormat,
  OpenAITool,
  OpenAIToolChoice,
} from '../shared/openai-types';

/**
 * Responses API request → OpenAI chat request, for channels that do not speak Responses
 * (docs/relay.md, "Responses API clients"). Two kinds of trouble are told apart:
 * - a malformed body throws `ResponsesInputError` (400 whatever the channel);
 * - a feature only a Responses upstream can serve (stored responses, built-in tools, file inputs)
 *   is reported in `unconvertible`: the request may still go to a channel speaking Responses.
 */

export class ResponsesInputError extends Error {
  constructor(
    message: string,
    readonly param: string | null = null,
  ) {
    super(message);
    this.name = 'ResponsesInputError';
  }
}

/** Why only a channel speaking Responses can serve the request. */
export interface Unconvertible {
  readonly param: string;
  readonly detail: string;
}

export interface ChatConversion {
  readonly chat: OpenAIChatRequest;
  readonly unconvertible: Unconvertible | null;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);
const EFFORTS = new Set<OpenAIReasoningEffort>(['none', 'minimal', 'low', 'medium', 'high']);

/** Collects the first feature a converted channel cannot serve. */
class Notes {
  first: Unconvertible | null = null;
  refuse(param: string, detail: string): void {
    this.first ??= { param, detail };
  }
}

function textOfParts(parts: unknown, param: string): string {
  if (typeof parts === 'string') return parts;
  if (!Array.isArray(parts)) throw new ResponsesInputError(`${param} must be a string or an array`, param);
  return parts.map((p: unknown) => (isObj(p) && typeof p.text === 'string' ? p.text : '')).join('');
}

function contentPart(p: unknown, param: string, notes: Notes): OpenAIContentPart | null {
  if (!isObj(p)) throw new ResponsesInputError(`${param} must be an object`, param);
  switch (p.type) {
    case 'input_text':
    case 'output_text':
    case 'text':
      if (typeof p.text !== 'string') throw new ResponsesInputError(`${param}.text must be a string`, param);
      return { type: 'text', text: p.text };
    case 'refusal':
      return { type: 'text', text: typeof p.refusal === 'string' ? p.refusal : '' };
    case 'input_image':
      if (typeof p.image_url === 'string' && p.image_url) {
        const detail = p.detail === 'low' || p.detail === 'high' || p.detail === 'auto' ? p.detail : undefined;
        return { type: 'image_url', image_url: { url: p.image_url, ...(detail ? { detail } : {}) } };
      }
      notes.refuse(param, 'input_image by file_id (send image_url)');
      return null;
    case 'input_file':
      notes.refuse(param, 'input_file');
      return null;
    default:
      notes.refuse(param, `content part type ${String(p.type)}`);
      return null;
  }
}

function messageOf(item: Obj, param: string, notes: Notes): OpenAIMessage {
  const role = item.role;
  if (role !== 'user' && role !== 'assistant' && role !== 'system' && role !== 'developer')
    throw new ResponsesInputError(`${param}.role must be user, assistant, system or developer`, param);
  const content = item.content;
  // Chat providers know system; developer instructions are the same thing to them.
  const chatRole = role === 'developer' ? 'system' : role;
  if (typeof content === 'string') return { role: chatRole, content };
  if (!Array.isArray(content)) throw new ResponsesInputError(`${param}.content must be a string or an array`, param);
  if (chatRole !== 'user') return { role: chatRole, content: textOfParts(content, `${param}.content`) };
  const parts = content
    .map((p, j) => contentPart(p, `${param}.content[${j}]`, notes))
    .filter((p): p is OpenAIContentPart => p !== null);
  return { role: 'user', content: parts };
}

function outputText(output: unknown, param: string): string {
  return typeof output === 'string' ? output : textOfParts(output, param);
}

/** Items → chat messages; consecutive function calls join the assistant message before them. */
function messagesOf(input: unknown, notes: Notes): OpenAIMessage[] {
  if (typeof input === 'string') return [{ role: 'user', content: input }];
  if (!Array.isArray(input)) throw new ResponsesInputError('input must be a string or an array of items', 'input');
  const out: OpenAIMessage[] = [];
  input.forEach((item: unknown, i) => {
    const param = `input[${i}]`;
    if (!isObj(item)) throw new ResponsesInputError(`${param} must be an object`, param);
    const type = item.type ?? 'message';
    if (type === 'message') {
      out.push(messageOf(item, param, notes));
    } else if (type === 'function_call') {
      if (typeof item.call_id !== 'string' || typeof item.name !== 'string')
        throw new ResponsesInputError(`${param} needs call_id and name`, param);
      const call = {
        id: item.call_id,
        type: 'function' as const,
        function: { name: item.name, arguments: typeof item.arguments === 'string' ? item.arguments : '{}' },
      };
      const last = out.at(-1);
      if (last?.role === 'assistant') last.tool_calls = [...(last.tool_calls ?? []), call];
      else out.push({ role: 'assistant', content: null, tool_calls: [call] });
    } else if (type === 'function_call_output') {
      if (typeof item.call_id !== 'string') throw new ResponsesInputError(`${param} needs call_id`, param);
      out.push({ role: 'tool', tool_call_id: item.call_id, content: outputText(item.output, `${param}.output`) });
    } else if (type === 'reasoning') {
      // The model's own earlier reasoning: chat upstreams take none back.
    } else {
      notes.refuse(param, `input item type ${String(type)}`);
    }
  });
  return out;
}

function toolsOf(tools: unknown, notes: Notes): OpenAITool[] | undefined {
  if (tools === undefined || tools === null) return undefined;
  if (!Array.isArray(tools)) throw new ResponsesInputError('tools must be an array', 'tools');
  const out: OpenAITool[] = [];
  tools.forEach((t: unknown, i) => {
    if (!isObj(t)) throw new ResponsesInputError(`tools[${i}] must be an object`, 'tools');
    if (t.type !== 'function') {
      notes.refuse('tools', `the built-in tool ${String(t.type)}`);
      return;
    }
    if (typeof t.name !== 'string' || !t.name) throw new ResponsesInputError(`tools[${i}].name is required`, 'tools');
    out.push({
      type: 'function',
      function: {
        name: t.name,
        ...(typeof t.description === 'string' ? { description: t.description } : {}),
        ...(isObj(t.parameters) ? { parameters: t.parameters as JsonObject } : {}),
        ...(typeof t.strict === 'boolean' ? { strict: t.strict } : {}),
      },
    });
  });
  return out.length ? out : undefined;
}

function toolChoiceOf(choice: unknown, notes: Notes): OpenAIToolChoice | undefined {
  if (choice === undefined || choice === null) return undefined;
  if (choice === 'auto' || choice === 'none' || choice === 'required') return choice;
  if (isObj(choice) && choice.type === 'function' && typeof choice.name === 'string')
    return { type: 'function', function: { name: choice.name } };
  notes.refuse('tool_choice', 'this tool_choice');
  return undefined;
}

function responseFormatOf(text: unknown): OpenAIResponseFormat | undefined {
  if (!isObj(text) || !isObj(text.format)) return undefined;
  const f = text.format;
  if (f.type === 'json_object') return { type: 'json_object' };
  if (f.type !== 'json_schema') return undefined;
  if (!isObj(f.schema)) throw new ResponsesInputError('text.format.schema must be an object', 'text.format.schema');
  return {
    type: 'json_schema',
    json_schema: {
      name: typeof f.name === 'string' ? f.name : 'response',
      schema: f.schema as JsonObject,
      ...(typeof f.strict === 'boolean' ? { strict: f.strict } : {}),
    },
  };
}

/** Fields a Responses upstream keeps server-side state for: converted channels cannot honour them. */
const STATEFUL: readonly (readonly [string, string])[] = [
  ['previous_response_id', 'previous_response_id (responses are not stored for this model)'],
  ['conversation', 'conversation'],
  ['prompt', 'prompt templates'],
];

export function responsesToChatRequest(body: Readonly<Record<string, unknown>>): ChatConversion {
  const notes = new Notes();
  for (const [field, detail] of STATEFUL)
    if (body[field] !== undefined && body[field] !== null) notes.refuse(field, detail);
  if (body.background === true) notes.refuse('background', 'background mode');
  if (body.input === undefined || body.input === null) throw new ResponsesInputError('input is required', 'input');
  const messages = messagesOf(body.input, notes);
  if (body.instructions !== undefined && body.instructions !== null) {
    if (typeof body.instructions !== 'string')
      throw new ResponsesInputError('instructions must be a string', 'instructions');
    messages.unshift({ role: 'system', content: body.instructions });
  }
  const chat: OpenAIChatRequest = { model: String(body.model ?? ''), messages };
  if (typeof body.max_output_tokens === 'number') chat.max_tokens = body.max_output_tokens;
  if (typeof body.temperature === 'number') chat.temperature = body.temperature;
  if (typeof body.top_p === 'number') chat.top_p = body.top_p;
  if (body.stream === true) chat.stream = true;
  const tools = toolsOf(body.tools, notes);
  if (tools) chat.tools = tools;
  const toolChoice = toolChoiceOf(body.tool_choice, notes);
  if (toolChoice && tools) chat.tool_choice = toolChoice;
  if (typeof body.parallel_tool_calls === 'boolean' && tools) chat.parallel_tool_calls = body.parallel_tool_calls;
  const format = responseFormatOf(body.text);
  if (format) chat.response_format = format;
  const effort = isObj(body.reasoning) ? body.reasoning.effort : undefined;
  if (typeof effort === 'string' && EFFORTS.has(effort as OpenAIReasoningEffort))
    chat.reasoning_effort = effort as OpenAIReasoningEffort;
  const user = typeof body.safety_identifier === 'string' ? body.safety_identifier : body.user;
  if (typeof user === 'string') chat.user = user;
  return { chat, unconvertible: notes.first };
}
