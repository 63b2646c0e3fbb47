/**
 * A scripted LLM upstream speaking the real wire formats over HTTP, deterministic (rules in
 * scripted-llm-script.ts): OpenAI chat completions (JSON, SSE with a usage chunk when asked),
 * OpenAI Responses (JSON, SSE events), OpenAI embeddings, Anthropic Messages (JSON, SSE with
 * tool_use blocks and input_json_delta), Gemini generateContent / streamGenerateContent?alt=sse /
 * batchEmbedContents (functionCall parts). Every request is recorded (path, headers, body).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpMock, type MockRequest } from './http-mock';
import { json, sse } from './native-mock';
import { decide, halves, SCRIPTED_USAGE, type Turn } from './scripted-llm-script';

const textOf = (t: Turn) => (t.kind === 'text' ? t.text : t.kind === 'object' ? JSON.stringify(t.value) : '');

export class ScriptedLlmMock extends HttpMock {
  protected answer(_req: IncomingMessage, res: ServerResponse, { path, body }: MockRequest): void {
    const p = path.split('?')[0];
    if (p.endsWith('/chat/completions')) return chat(res, body);
    if (p.endsWith('/responses')) return responses(res, body);
    if (p.endsWith('/embeddings')) return embeddings(res, body);
    if (p === '/v1/messages') return anthropic(res, body);
    if (p.endsWith(':batchEmbedContents'))
      return json(res, { embeddings: body.requests.map((_: unknown, i: number) => ({ values: [i, 0.5, -0.5] })) });
    if (p.endsWith(':generateContent')) return gemini(res, body, false);
    if (p.endsWith(':streamGenerateContent')) return gemini(res, body, true);
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { message: `no script for ${path}` } }));
  }
}

function chat(res: ServerResponse, body: any): void {
  const turn = decide('chat', body);
  const [prompt, completion] = SCRIPTED_USAGE.chat;
  const usage = { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
  const base = { id: 'chatcmpl-scripted', created: 1_700_000_000, model: body.model };
  const call = turn.kind === 'tool' ? { id: 'call_1', type: 'function' } : undefined;
  const finish = call ? 'tool_calls' : 'stop';
  if (!body.stream) {
    const message = call
      ? {
          role: 'assistant',
          content: null,
          tool_calls: [
            {
              ...call,
              function: {
                name: turn.kind === 'tool' && turn.name,
                arguments: JSON.stringify(turn.kind === 'tool' && turn.args),
              },
            },
          ],
        }
      : { role: 'assistant', content: textOf(turn) };
    return json(res, {
      ...base,
      object: 'chat.completion',
      choices: [{ index: 0, message, finish_reason: finish }],
      usage,
    });
  }
  const chunk = (delta: object, finish_reason: string | null = null) => ({
    data: { ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason }] },
  });
  const events: { data: unknown }[] = [chunk({ role: 'assistant', content: '' })];
  if (turn.kind === 'tool') {
    const args = JSON.stringify(turn.args);
    events.push(chunk({ tool_calls: [{ index: 0, ...call, function: { name: turn.name, arguments: '' } }] }));
    for (const a of halves(args)) events.push(chunk({ tool_calls: [{ index: 0, function: { arguments: a } }] }));
  } else for (const t of halves(textOf(turn))) events.push(chunk({ content: t }));
  events.push(chunk({}, finish));
  if (body.stream_options?.include_usage)
    events.push({ data: { ...base, object: 'chat.completion.chunk', choices: [], usage } });
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  for (const e of events) res.write(`data: ${JSON.stringify(e.data)}\n\n`);
  res.end('data: [DONE]\n\n');
}

function responses(res: ServerResponse, body: any): void {
  const turn = decide('responses', body);
  const [input, output] = SCRIPTED_USAGE.responses;
  const usage = {
    input_tokens: input,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: output,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: input + output,
  };
  const item =
    turn.kind === 'tool'
      ? {
          type: 'function_call',
          id: 'fc_1',
          call_id: 'call_1',
          name: turn.name,
          arguments: JSON.stringify(turn.args),
          status: 'completed',
        }
      : {
          type: 'message',
          id: 'msg_1',
          role: 'assistant',
          status: 'completed',
          content: [{ type: 'output_text', text: textOf(turn), annotations: [] }],
        };
  const response = (status: string, extra: object) => ({
    id: 'resp_scripted',
    object: 'response',
    created_at: 1_700_000_000,
    model: body.model,
    status,
    ...extra,
  });
  if (!body.stream) return json(res, response('completed', { output: [item], usage }));
  const ev = (type: string, data: object) => ({ event: type, data: { type, ...data } });
  const events = [ev('response.created', { response: response('in_progress', { output: [] }) })];
  if (item.type === 'function_call') {
    events.push(
      ev('response.output_item.added', { output_index: 0, item: { ...item, arguments: '', status: 'in_progress' } }),
    );
    for (const d of halves(item.arguments as string))
      events.push(ev('response.function_call_arguments.delta', { output_index: 0, item_id: item.id, delta: d }));
    events.push(
      ev('response.function_call_arguments.done', { output_index: 0, item_id: item.id, arguments: item.arguments }),
    );
  } else {
    const text = textOf(turn);
    events.push(
      ev('response.output_item.added', { output_index: 0, item: { ...item, content: [], status: 'in_progress' } }),
    );
    const part = { type: 'output_text', text: '', annotations: [] };
    events.push(ev('response.content_part.added', { output_index: 0, item_id: item.id, content_index: 0, part }));
    for (const d of halves(text))
      events.push(ev('response.output_text.delta', { output_index: 0, item_id: item.id, content_index: 0, delta: d }));
    events.push(ev('response.output_text.done', { output_index: 0, item_id: item.id, content_index: 0, text }));
    events.push(
      ev('response.content_part.done', {
        output_index: 0,
        item_id: item.id,
        content_index: 0,
        part: { ...part, text },
      }),
    );
  }
  events.push(ev('response.output_item.done', { output_index: 0, item }));
  events.push(ev('response.completed', { response: response('completed', { output: [item], usage }) }));
  sse(res, events);
}

function embeddings(res: ServerResponse, body: any): void {
  const inputs: unknown[] = Array.isArray(body.input) ? body.input : [body.input];
  const n = SCRIPTED_USAGE.embeddings;
  json(res, {
    object: 'list',
    model: body.model,
    data: inputs.map((_, i) => ({ object: 'embedding', index: i, embedding: [i, 0.5, -0.5] })),
    usage: { prompt_tokens: n, total_tokens: n },
  });
}

function anthropic(res: ServerResponse, body: any): void {
  const turn = decide('anthropic', body);
  const [input, output] = SCRIPTED_USAGE.anthropic;
  const block =
    turn.kind === 'tool'
      ? { type: 'tool_use', id: 'toolu_1', name: turn.name, input: turn.args }
      : { type: 'text', text: textOf(turn) };
  const stop = block.type === 'tool_use' ? 'tool_use' : 'end_turn';
  const message = { id: 'msg_scripted', type: 'message', role: 'assistant', model: body.model, stop_sequence: null };
  if (!body.stream)
    return json(res, {
      ...message,
      content: [block],
      stop_reason: stop,
      usage: { input_tokens: input, output_tokens: output },
    });
  const deltas =
    block.type === 'tool_use'
      ? halves(JSON.stringify(block.input)).map((partial_json) => ({ type: 'input_json_delta', partial_json }))
      : halves(block.text as string).map((text) => ({ type: 'text_delta', text }));
  const start = block.type === 'tool_use' ? { ...block, input: {} } : { type: 'text', text: '' };
  const events = [
    {
      type: 'message_start',
      message: { ...message, content: [], stop_reason: null, usage: { input_tokens: input, output_tokens: 1 } },
    },
    { type: 'content_block_start', index: 0, content_block: start },
    { type: 'ping' },
    ...deltas.map((delta) => ({ type: 'content_block_delta', index: 0, delta })),
    { type: 'content_block_stop', index: 0 },
    { type: 'message_delta', delta: { stop_reason: stop, stop_sequence: null }, usage: { output_tokens: output } },
    { type: 'message_stop' },
  ];
  sse(
    res,
    events.map((data) => ({ event: data.type, data })),
  );
}

function gemini(res: ServerResponse, body: any, stream: boolean): void {
  const turn = decide('gemini', body);
  const [prompt, out] = SCRIPTED_USAGE.gemini;
  const usageMetadata = { promptTokenCount: prompt, candidatesTokenCount: out, totalTokenCount: prompt + out };
  const candidate = (parts: object[], finishReason?: string) => ({
    content: { role: 'model', parts },
    index: 0,
    ...(finishReason ? { finishReason } : {}),
  });
  if (turn.kind === 'tool' || !stream) {
    const parts =
      turn.kind === 'tool' ? [{ functionCall: { name: turn.name, args: turn.args } }] : [{ text: textOf(turn) }];
    const answer = {
      candidates: [candidate(parts, 'STOP')],
      usageMetadata,
      modelVersion: body.model ?? 'gemini',
      responseId: 'gem-scripted',
    };
    return stream ? sse(res, [{ data: answer }]) : json(res, answer);
  }
  const [a, b] = halves(textOf(turn));
  sse(res, [
    { data: { candidates: [candidate([{ text: a }])], responseId: 'gem-scripted' } },
    { data: { candidates: [candidate([{ text: b }], 'STOP')], usageMetadata, responseId: 'gem-scripted' } },
  ]);
}
