/**
 * A fake upstream speaking the native wire formats (from the providers' public API references):
 * Anthropic Messages (/v1/messages), Gemini generateContent / streamGenerateContent?alt=sse /
 * batchEmbedContents and Ollama /api/chat (NDJSON streams). Plain text, or a tool call when the
 * request declares tools. Every request is recorded.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpMock, type MockRequest } from './http-mock';

/** Token counts each format reports (Gemini: 100 in / 50 out; the others 10 / 20). */
export const NATIVE_USAGE = { anthropic: [10, 20], gemini: [100, 50], ollama: [10, 20] } as const;

export class NativeMock extends HttpMock {
  protected answer(_req: IncomingMessage, res: ServerResponse, { path, body }: MockRequest): void {
    if (path.startsWith('/v1/messages')) {
      if (String(body?.model).includes(OVERLOADED)) return overloaded(res, 529, ANTHROPIC_OVERLOADED);
      if (body?.stream && String(body?.model).includes(STREAM_ERROR)) return anthropicStreamError(res, body);
      return anthropic(res, body);
    }
    if (path.includes(':batchEmbedContents')) return geminiEmbeddings(res, body);
    if (path.includes(':embedContent')) return json(res, { embedding: { values: [0, 0.5, -0.5] } });
    if (path.includes(':generateContent') || path.includes(':streamGenerateContent')) {
      if (path.includes(OVERLOADED)) return overloaded(res, 503, GEMINI_OVERLOADED);
      if (path.includes(':stream') && path.includes(STREAM_ERROR)) return geminiStreamError(res);
      return gemini(res, body, path.includes(':stream'));
    }
    if (path.startsWith('/api/chat')) return ollama(res, body);
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { message: 'not found' } }));
  }
}

/** Upstream models named with this answer the format's own overload error. */
export const OVERLOADED = 'overloaded';
export const ANTHROPIC_OVERLOADED = { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } };
export const GEMINI_OVERLOADED = {
  error: { code: 503, message: 'The model is overloaded. Please try again later.', status: 'UNAVAILABLE' },
};

/**
 * Upstream models named with this start a stream, send the first text delta ("Hello "), then the
 * format's own in-stream error (Anthropic's `error` event, a Gemini element carrying `error`).
 */
export const STREAM_ERROR = 'stream-error';

function anthropicStreamError(res: ServerResponse, body: any): void {
  const events = anthropicEvents(body).slice(0, 4); // message_start, content_block_start, ping, "Hello "
  sse(res, [...events.map((data) => ({ event: data.type, data })), { event: 'error', data: ANTHROPIC_OVERLOADED }]);
}

function geminiStreamError(res: ServerResponse): void {
  const first = {
    candidates: [{ content: { role: 'model', parts: [{ text: 'Hello ' }] }, index: 0 }],
    responseId: 'gem-1',
  };
  sse(res, [{ data: first }, { data: GEMINI_OVERLOADED }]);
}

function overloaded(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

export function sse(res: ServerResponse, events: { event?: string; data: unknown }[]): void {
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  for (const e of events) res.write(`${e.event ? `event: ${e.event}\n` : ''}data: ${JSON.stringify(e.data)}\n\n`);
  res.end();
}

export function json(res: ServerResponse, obj: unknown): void {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify(obj));
}

/** An Anthropic Messages answer (also Claude on Bedrock and Vertex): text, or a tool call when tools are declared (the forced one if any). */
export function anthropic(res: ServerResponse, body: any): void {
  if (!body.stream) return json(res, anthropicMessage(body));
  sse(
    res,
    anthropicEvents(body).map((data) => ({ event: data.type, data })),
  );
}

/** The tool Claude calls: the one tool_choice forces (as real Claude does), else the first declared. */
function calledTool(body: any): string | undefined {
  if (body.tool_choice?.type === 'tool') return body.tool_choice.name as string;
  return body.tools?.[0]?.name as string | undefined;
}

export function anthropicMessage(body: any): object {
  const [input, output] = NATIVE_USAGE.anthropic;
  const tool = calledTool(body);
  return {
    id: 'msg_01',
    type: 'message',
    role: 'assistant',
    model: body.model,
    content: [
      tool
        ? { type: 'tool_use', id: 'toolu_01', name: tool, input: { city: 'Paris' } }
        : { type: 'text', text: 'Hello from Claude.' },
    ],
    stop_reason: tool ? 'tool_use' : 'end_turn',
    stop_sequence: null,
    usage: { input_tokens: input, output_tokens: output },
  };
}

/** An Anthropic stream event (its other fields vary by type). */
export type AnthropicEvent = { type: string } & Record<string, unknown>;

/** The stream events of the same answer, in order. */
export function anthropicEvents(body: any): AnthropicEvent[] {
  const [input, output] = NATIVE_USAGE.anthropic;
  const tool = calledTool(body);
  const start = tool ? { type: 'tool_use', id: 'toolu_01', name: tool, input: {} } : { type: 'text', text: '' };
  const deltas = tool
    ? [
        { type: 'input_json_delta', partial_json: '{"city":' },
        { type: 'input_json_delta', partial_json: '"Paris"}' },
      ]
    : [
        { type: 'text_delta', text: 'Hello ' },
        { type: 'text_delta', text: 'from Claude.' },
      ];
  const message = { id: 'msg_01', type: 'message', role: 'assistant', model: body.model, content: [] };
  return [
    { type: 'message_start', message: { ...message, usage: { input_tokens: input, output_tokens: 1 } } },
    { type: 'content_block_start', index: 0, content_block: start },
    { type: 'ping' },
    ...deltas.map((delta) => ({ type: 'content_block_delta', index: 0, delta })),
    { type: 'content_block_stop', index: 0 },
    { type: 'message_delta', delta: { stop_reason: tool ? 'tool_use' : 'end_turn' }, usage: { output_tokens: output } },
    { type: 'message_stop' },
  ];
}

/** batchEmbedContents: one 3-dimensional embedding per request, in order (Gemini reports no tokens). */
function geminiEmbeddings(res: ServerResponse, body: any): void {
  json(res, { embeddings: body.requests.map((_: unknown, i: number) => ({ values: [i, 0.5, -0.5] })) });
}

/** A Gemini generateContent answer (also Gemini on Vertex); SSE when `stream`. */
export function gemini(res: ServerResponse, body: any, stream: boolean): void {
  const [prompt, out] = NATIVE_USAGE.gemini;
  const tool = body.tools?.[0]?.functionDeclarations?.[0]?.name as string | undefined;
  const usageMetadata = { promptTokenCount: prompt, candidatesTokenCount: out, totalTokenCount: prompt + out };
  const parts = tool ? [{ functionCall: { name: tool, args: { city: 'Paris' } } }] : [{ text: 'Hello from Gemini.' }];
  if (!stream) {
    return json(res, {
      candidates: [{ content: { role: 'model', parts }, finishReason: 'STOP', index: 0 }],
      usageMetadata,
      modelVersion: 'gemini-2.0-flash',
      responseId: 'gem-1',
    });
  }
  const first = tool ? parts : [{ text: 'Hello ' }];
  const events = [
    { data: { candidates: [{ content: { role: 'model', parts: first }, index: 0 }], responseId: 'gem-1' } },
  ];
  if (!tool)
    events.push({
      data: {
        candidates: [{ content: { role: 'model', parts: [{ text: 'from Gemini.' }] }, index: 0 }],
        responseId: 'gem-1',
      },
    });
  events.push({
    data: {
      candidates: [{ content: { role: 'model', parts: [] }, finishReason: 'STOP', index: 0 }],
      usageMetadata,
      responseId: 'gem-1',
    } as never,
  });
  sse(res, events);
}

export function ollama(res: ServerResponse, body: any): void {
  const [prompt, out] = NATIVE_USAGE.ollama;
  const tool = body.tools?.[0]?.function?.name as string | undefined;
  const base = { model: body.model, created_at: '2025-01-01T00:00:00Z' };
  const calls = tool ? [{ function: { name: tool, arguments: { city: 'Paris' } } }] : undefined;
  const done = { done: true, done_reason: 'stop', prompt_eval_count: prompt, eval_count: out };
  if (!body.stream) {
    return json(res, {
      ...base,
      message: { role: 'assistant', content: tool ? '' : 'Hello from Ollama.', tool_calls: calls },
      ...done,
    });
  }
  res.writeHead(200, { 'content-type': 'application/x-ndjson' });
  const lines = tool
    ? [{ ...base, message: { role: 'assistant', content: '', tool_calls: calls }, done: false }]
    : [
        { ...base, message: { role: 'assistant', content: 'Hello ' }, done: false },
        { ...base, message: { role: 'assistant', content: 'from Ollama.' }, done: false },
      ];
  for (const l of lines) res.write(`${JSON.stringify(l)}\n`);
  res.end(`${JSON.stringify({ ...base, message: { role: 'assistant', content: '' }, ...done })}\n`);
}
