/**
 * A scriptable fake OpenAI upstream speaking the real wire format (JSON and SSE), run inside the test
 * process. Behaviour is chosen per API key (so each channel can act differently) with knobs for
 * delays, errors, resets and usage values. Every request is recorded.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface Usage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens?: number;
  prompt_tokens_details?: { cached_tokens?: number; audio_tokens?: number };
  completion_tokens_details?: { audio_tokens?: number; reasoning_tokens?: number };
}

export interface Behavior {
  /** Answer this HTTP status with an OpenAI error body. */
  status?: number;
  errorMessage?: string;
  errorType?: string;
  /** Wait before sending headers. */
  delayMs?: number;
  /** Close the connection before answering. */
  resetBeforeHeaders?: boolean;
  /** null: no usage in the response / stream. */
  usage?: Usage | null;
  /** Stream: number of content chunks, each carrying `chunkText`. */
  chunks?: number;
  chunkText?: string;
  /** Stream: exactly these content pieces, in order (overrides chunks/chunkText). */
  chunkTexts?: string[];
  chunkDelayMs?: number;
  /** Stream: destroy the socket after this many content chunks. */
  resetAfterChunks?: number;
  /** Non-stream content. */
  content?: string;
  /** Answer 200 with exactly this body (e.g. not JSON, or an error object) instead of a real answer. */
  rawBody?: string;
  /** Stream: after this many content chunks, send `streamError` as an in-stream error chunk and end (no [DONE]). */
  streamErrorAfterChunks?: number;
  /** The in-stream error object (OpenAI's shape); a server_error by default. */
  streamError?: { message: string; type: string; code: string | null };
}

/** The error chunk an OpenAI stream ends with when `streamErrorAfterChunks` is set. */
export const OPENAI_STREAM_ERROR = {
  message: 'The server had an error while processing your request.',
  type: 'server_error',
  code: 'server_error',
};

export interface RecordedRequest {
  path: string;
  method: string;
  headers: IncomingMessage['headers'];
  body: any;
  raw: Buffer;
}

export const DEFAULT_USAGE: Usage = { prompt_tokens: 10, completion_tokens: 20, total_tokens: 30 };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class MockUpstream {
  readonly requests: RecordedRequest[] = [];
  /** Streams whose client (the gateway) went away before the end. */
  aborted = 0;
  abortTimes: number[] = [];
  private server!: Server;
  private sockets = new Set<Socket>();
  private behaviors = new Map<string, Behavior>();
  private fallback: Behavior = {};

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    this.server.on('connection', (s) => {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
    });
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    return this.url;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Behaviour for requests authenticated with `key` (Bearer key). */
  on(key: string, b: Behavior): void {
    this.behaviors.set(key, b);
  }

  setDefault(b: Behavior): void {
    this.fallback = b;
  }

  reset(): void {
    this.behaviors.clear();
    this.fallback = {};
    this.requests.length = 0;
    this.aborted = 0;
    this.abortTimes = [];
  }

  /** Requests that reached the mock with this key. */
  byKey(key: string): RecordedRequest[] {
    return this.requests.filter((r) => r.headers.authorization === `Bearer ${key}`);
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise((r) => this.server.close(r));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks);
    let body: any = null;
    if (/json/.test(req.headers['content-type'] ?? '')) body = raw.length ? JSON.parse(raw.toString()) : null;
    this.requests.push({ path: req.url ?? '', method: req.method ?? '', headers: req.headers, body, raw });
    const key = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    const b = { ...this.fallback, ...(this.behaviors.get(key) ?? {}) };
    if (b.delayMs) await sleep(b.delayMs);
    if (b.resetBeforeHeaders) {
      req.socket.destroy();
      return;
    }
    if (b.status && b.status >= 300) {
      res.writeHead(b.status, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          error: {
            message: b.errorMessage ?? `mock error ${b.status}`,
            type: b.errorType ?? 'mock_error',
            param: null,
            code: null,
          },
        }),
      );
      return;
    }
    if (b.rawBody !== undefined) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(b.rawBody);
      return;
    }
    const path = (req.url ?? '').split('?')[0];
    const usage = b.usage === undefined ? DEFAULT_USAGE : b.usage;
    if (path.endsWith('/chat/completions'))
      return body?.stream ? this.stream(req, res, body, b, usage) : this.chat(res, body, b, usage);
    if (path.endsWith('/embeddings')) {
      const inputs = Array.isArray(body.input) ? body.input : [body.input];
      return json(res, {
        object: 'list',
        model: body.model,
        data: inputs.map((_: unknown, index: number) => ({ object: 'embedding', index, embedding: [0.1, 0.2, 0.3] })),
        ...(usage ? { usage: { prompt_tokens: usage.prompt_tokens, total_tokens: usage.prompt_tokens } } : {}),
      });
    }
    if (path.endsWith('/completions')) {
      return json(res, {
        id: 'cmpl-1',
        object: 'text_completion',
        created: 1,
        model: body.model,
        choices: [{ index: 0, text: b.content ?? 'done', finish_reason: 'stop' }],
        ...(usage ? { usage } : {}),
      });
    }
    if (path.endsWith('/moderations'))
      return json(res, {
        id: 'modr-1',
        model: body.model,
        results: [{ flagged: false, categories: {}, category_scores: {} }],
      });
    if (path.endsWith('/images/generations') || path.endsWith('/images/edits'))
      return json(res, { created: 1, data: [{ url: 'https://example.invalid/a.png' }] });
    if (path.endsWith('/audio/speech')) {
      res.writeHead(200, { 'content-type': 'audio/mpeg' });
      res.end(Buffer.alloc(2048, 7));
      return;
    }
    if (path.endsWith('/audio/transcriptions') || path.endsWith('/audio/translations'))
      return json(res, { text: b.content ?? 'hello from audio' });
    if (path.endsWith('/rerank'))
      return json(res, {
        results: [{ index: 0, relevance_score: 0.9 }],
        ...(usage ? { usage: { total_tokens: usage.prompt_tokens } } : {}),
      });
    if (path.endsWith('/responses')) {
      if (body?.stream) return responsesStream(res, body, b.content ?? 'resp', usage);
      return json(res, {
        id: 'resp_1',
        object: 'response',
        model: body.model,
        status: 'completed',
        output: [{ type: 'message', role: 'assistant', content: [{ type: 'output_text', text: b.content ?? 'resp' }] }],
        ...(usage
          ? {
              usage: {
                input_tokens: usage.prompt_tokens,
                output_tokens: usage.completion_tokens,
                total_tokens: usage.prompt_tokens + usage.completion_tokens,
              },
            }
          : {}),
      });
    }
    if (path.endsWith('/models') && req.method === 'GET')
      return json(res, { object: 'list', data: [{ id: 'gpt-4o', object: 'model' }] });
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { message: 'not found', type: 'invalid_request_error' } }));
  }

  private chat(res: ServerResponse, body: any, b: Behavior, usage: Usage | null): void {
    const wantsTool = Array.isArray(body.tools) && body.tools.length > 0;
    const message = wantsTool
      ? {
          role: 'assistant',
          content: null,
          tool_calls: [
            {
              id: 'call_1',
              type: 'function',
              function: { name: body.tools[0].function.name, arguments: '{"city":"Paris"}' },
            },
          ],
        }
      : { role: 'assistant', content: b.content ?? 'Hello from the mock.' };
    json(res, {
      id: 'chatcmpl-mock',
      object: 'chat.completion',
      created: 1700000000,
      model: body.model,
      choices: [{ index: 0, message, finish_reason: wantsTool ? 'tool_calls' : 'stop' }],
      ...(usage ? { usage } : {}),
    });
  }

  private async stream(
    req: IncomingMessage,
    res: ServerResponse,
    body: any,
    b: Behavior,
    usage: Usage | null,
  ): Promise<void> {
    let finished = false;
    res.on('close', () => {
      if (!finished) {
        this.aborted++;
        this.abortTimes.push(Date.now());
      }
    });
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const base = { id: 'chatcmpl-mock', object: 'chat.completion.chunk', created: 1700000000, model: body.model };
    const withUsage = body.stream_options?.include_usage === true;
    const send = (obj: unknown) => res.write(`data: ${JSON.stringify(obj)}\n\n`);
    send({
      ...base,
      choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }],
      ...(withUsage ? { usage: null } : {}),
    });
    const tool = Array.isArray(body.tools) && body.tools.length > 0 ? body.tools[0].function.name : null;
    if (tool) {
      // A streamed tool call: the call's id and name first, then its arguments in two pieces.
      const call = (delta: object) => ({
        ...base,
        choices: [{ index: 0, delta: { tool_calls: [{ index: 0, ...delta }] }, finish_reason: null }],
      });
      send(call({ id: 'call_1', type: 'function', function: { name: tool, arguments: '' } }));
      send(call({ function: { arguments: '{"city":' } }));
      send(call({ function: { arguments: '"Paris"}' } }));
      send({ ...base, choices: [{ index: 0, delta: {}, finish_reason: 'tool_calls' }] });
      if (withUsage && usage) send({ ...base, choices: [], usage });
      res.write('data: [DONE]\n\n');
      finished = true;
      res.end();
      return;
    }
    const n = b.chunkTexts?.length ?? b.chunks ?? 3;
    for (let i = 0; i < n; i++) {
      if (b.chunkDelayMs) await sleep(b.chunkDelayMs);
      if (res.destroyed) return;
      if (b.resetAfterChunks !== undefined && i === b.resetAfterChunks) {
        req.socket.destroy();
        return;
      }
      if (b.streamErrorAfterChunks !== undefined && i === b.streamErrorAfterChunks) {
        send({ error: { ...(b.streamError ?? OPENAI_STREAM_ERROR), param: null } });
        finished = true;
        res.end();
        return;
      }
      send({
        ...base,
        choices: [
          { index: 0, delta: { content: b.chunkTexts?.[i] ?? b.chunkText ?? `tok${i} ` }, finish_reason: null },
        ],
        ...(withUsage ? { usage: null } : {}),
      });
      // A reader that stops reading (the gateway pausing, or cutting, a stream) is waited for.
      if (res.writableNeedDrain) await writable(res);
    }
    send({ ...base, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }], ...(withUsage ? { usage: null } : {}) });
    if (withUsage && usage) send({ ...base, choices: [], usage });
    res.write('data: [DONE]\n\n');
    finished = true;
    res.end();
  }
}

/** Resolves when the reader takes more, or is gone (whichever comes first; both listeners removed). */
function writable(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

function json(res: ServerResponse, obj: unknown): void {
  const text = JSON.stringify(obj);
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/** A Responses API stream (the events the SDKs need) for one text answer, usage in response.completed. */
function responsesStream(res: ServerResponse, body: any, text: string, usage: Usage | null): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const response = { id: 'resp_1', object: 'response', created_at: 1, model: body.model, status: 'in_progress', output: [] };
  const item = { type: 'message', id: 'msg_1', status: 'in_progress', role: 'assistant', content: [] };
  const part = { type: 'output_text', text, annotations: [] };
  const done = { ...item, status: 'completed', content: [part] };
  const at = { item_id: 'msg_1', output_index: 0, content_index: 0 };
  const events: object[] = [
    { type: 'response.created', response },
    { type: 'response.in_progress', response },
    { type: 'response.output_item.added', output_index: 0, item },
    { type: 'response.content_part.added', ...at, part: { ...part, text: '' } },
    { type: 'response.output_text.delta', ...at, delta: text },
    { type: 'response.output_text.done', ...at, text },
    { type: 'response.content_part.done', ...at, part },
    { type: 'response.output_item.done', output_index: 0, item: done },
    {
      type: 'response.completed',
      response: {
        ...response,
        status: 'completed',
        output: [done],
        usage: usage && {
          input_tokens: usage.prompt_tokens,
          output_tokens: usage.completion_tokens,
          total_tokens: usage.prompt_tokens + usage.completion_tokens,
        },
      },
    },
  ];
  events.forEach((e, i) => res.write(`event: ${(e as { type: string }).type}\ndata: ${JSON.stringify({ ...e, sequence_number: i })}\n\n`));
  res.end();
}
