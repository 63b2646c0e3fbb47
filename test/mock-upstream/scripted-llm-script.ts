/**
 * What the scripted LLM stand-in answers, decided from the request alone (deterministic), for each of
 * the wire formats it speaks. The rules, in order:
 * 1. the request carries a tool result → final text mentioning that result;
 * 2. it forces a tool (Anthropic tool_choice {type:"tool"} or "any", OpenAI {type:"function"} or
 *    "required", Gemini mode ANY; "any"/"required" pick the first tool):
 *    a call of that tool whose arguments are the fixed object SCRIPTED_OBJECT (how clients ask for
 *    structured output through tools);
 * 3. it asks for structured output (json_schema response format, Responses text.format, Gemini
 *    responseSchema) → SCRIPTED_OBJECT as the text;
 * 4. it offers tools → a call of the first tool with SCRIPTED_TOOL_ARGS;
 * 5. otherwise → SCRIPTED_TEXT.
 */

export type WireFormat = 'chat' | 'responses' | 'anthropic' | 'gemini';

/** The text every format answers without tools. */
export const SCRIPTED_TEXT = 'Hello from the scripted model.';
/** The structured answer; fits { city: string, temperature: number }. */
export const SCRIPTED_OBJECT = { city: 'Paris', temperature: 21 };
/** The arguments of every tool call. */
export const SCRIPTED_TOOL_ARGS = { city: 'Paris' };
/** The final text after a tool result starts with this, then the result as the request carried it. */
export const TOOL_RESULT_PREFIX = 'The tool said: ';

/** Usage each format reports, [input, output] tokens; embeddings report input tokens only. */
export const SCRIPTED_USAGE = {
  chat: [12, 8],
  responses: [12, 8],
  anthropic: [20, 10],
  gemini: [100, 50],
  embeddings: 1000,
} as const;

export type Turn =
  { kind: 'text'; text: string } | { kind: 'tool'; name: string; args: object } | { kind: 'object'; value: object };

const str = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v));

/** The tool result the request carries (as text), if any. */
function toolResult(format: WireFormat, body: any): string | undefined {
  switch (format) {
    case 'chat': {
      const m = (body.messages ?? []).findLast((x: any) => x.role === 'tool');
      return m && str(m.content);
    }
    case 'responses': {
      const input = Array.isArray(body.input) ? body.input : [];
      const item = input.findLast((x: any) => x.type === 'function_call_output');
      return item && str(item.output);
    }
    case 'anthropic': {
      const blocks = (body.messages ?? []).flatMap((m: any) => (Array.isArray(m.content) ? m.content : []));
      const b = blocks.findLast((x: any) => x.type === 'tool_result');
      return b && str(b.content);
    }
    case 'gemini': {
      const parts = (body.contents ?? []).flatMap((c: any) => c.parts ?? []);
      const p = parts.findLast((x: any) => x.functionResponse);
      return p && str(p.functionResponse.response);
    }
  }
}

/** The name of the tool the request forces, if any. */
function forcedTool(format: WireFormat, body: any): string | undefined {
  const choice = body.tool_choice;
  switch (format) {
    case 'chat':
      if (choice === 'required') return firstTool(format, body);
      return choice?.type === 'function' ? choice.function?.name : undefined;
    case 'responses':
      if (choice === 'required') return firstTool(format, body);
      return choice?.type === 'function' ? choice.name : undefined;
    case 'anthropic':
      if (choice?.type === 'any') return firstTool(format, body);
      return choice?.type === 'tool' ? choice.name : undefined;
    case 'gemini': {
      const c = body.toolConfig?.functionCallingConfig;
      return c?.mode === 'ANY' ? (c.allowedFunctionNames?.[0] ?? firstTool(format, body)) : undefined;
    }
  }
}

/** Structured output asked through the format's own response format. */
function structured(format: WireFormat, body: any): boolean {
  switch (format) {
    case 'chat':
      return body.response_format?.type === 'json_schema' || body.response_format?.type === 'json_object';
    case 'responses':
      return body.text?.format?.type === 'json_schema' || body.text?.format?.type === 'json_object';
    case 'anthropic':
      return body.output_format?.type === 'json_schema';
    case 'gemini': {
      const g = body.generationConfig ?? {};
      return Boolean(g.responseSchema || g.responseJsonSchema || g.responseMimeType === 'application/json');
    }
  }
}

/** The first offered tool's name. */
function firstTool(format: WireFormat, body: any): string | undefined {
  const t = body.tools?.[0];
  if (!t) return undefined;
  switch (format) {
    case 'chat':
      return t.function?.name;
    case 'responses':
    case 'anthropic':
      return t.name;
    case 'gemini':
      return t.functionDeclarations?.[0]?.name;
  }
}

export function decide(format: WireFormat, body: any): Turn {
  const result = toolResult(format, body);
  if (result !== undefined) return { kind: 'text', text: `${TOOL_RESULT_PREFIX}${result}` };
  const forced = forcedTool(format, body);
  if (forced) return { kind: 'tool', name: forced, args: SCRIPTED_OBJECT };
  if (structured(format, body)) return { kind: 'object', value: SCRIPTED_OBJECT };
  const tool = firstTool(format, body);
  if (tool) return { kind: 'tool', name: tool, args: SCRIPTED_TOOL_ARGS };
  return { kind: 'text', text: SCRIPTED_TEXT };
}

/** A text in two pieces, so streams carry more than one delta. */
export function halves(text: string): string[] {
  const i = Math.ceil(text.length / 2);
  return [text.slice(0, i), text.slice(i)];
}
