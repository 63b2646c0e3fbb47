import type { JsonObject, OpenAIChatRequest } from '../shared/openai-types';
import type { AnthropicTool, AnthropicToolChoice } from './anthropic-types';

/**
 * OpenAI `response_format` (json_schema, json_object) on Claude, which has no such field: the answer is
 * asked for as the input of one extra tool, and that tool's input comes back as the message content
 * (docs/relay.md, "Structured output on Claude"). The tool's name is reserved: a tool_use of that name
 * is always read as the answer, never as a tool call for the client.
 */
export const RESPONSE_TOOL = 'json_response';

/** The tool whose input schema is the requested one; undefined when no JSON answer is asked for. */
export function responseTool(req: OpenAIChatRequest): AnthropicTool | undefined {
  const format = req.response_format;
  if (format?.type === 'json_schema') {
    const spec = format.json_schema as { name?: string; description?: string; schema?: JsonObject } | undefined;
    const about = [spec?.name ? `"${spec.name}"` : '', spec?.description ?? ''].filter(Boolean).join(': ');
    return {
      name: RESPONSE_TOOL,
      description: `Give the final answer as this tool's input${about ? ` (${about})` : ''}.`,
      input_schema: objectSchema(spec?.schema),
    };
  }
  if (format?.type === 'json_object') {
    return {
      name: RESPONSE_TOOL,
      description: "Give the final answer as a JSON object: this tool's input.",
      input_schema: { type: 'object', additionalProperties: true },
    };
  }
  return undefined;
}

/** Claude's input_schema must describe an object; a schema without a type (or none) is made one. */
function objectSchema(schema: JsonObject | undefined): JsonObject {
  if (!schema || typeof schema !== 'object') return { type: 'object', additionalProperties: true };
  return schema.type === undefined ? { type: 'object', ...schema } : schema;
}

/**
 * tool_choice once the response tool is added. Without tools of the client's: that tool, forced.
 * With them: "any" (call one of the client's tools or answer through the response tool, as OpenAI
 * either calls tools or answers in the format); a client's "none" forces the response tool; a
 * client's forced tool stays forced.
 */
export function choiceWithResponseTool(clientChoice: AnthropicToolChoice | undefined, clientHasTools: boolean): AnthropicToolChoice {
  const noParallel =
    clientChoice && 'disable_parallel_tool_use' in clientChoice && clientChoice.disable_parallel_tool_use
      ? { disable_parallel_tool_use: true }
      : {};
  if (!clientHasTools || clientChoice?.type === 'none') return { type: 'tool', name: RESPONSE_TOOL };
  if (clientChoice?.type === 'tool') return clientChoice;
  return { type: 'any', ...noParallel };
}
