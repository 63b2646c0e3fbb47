import type { OpenAIChatChunk, OpenAIChatResponse } from '../shared/openai-types';
import { golden, readJson, readText, sseJson } from '../testing/golden';
import { responsesToChatRequest, ResponsesInputError } from './request-to-chat';
import { chatToResponse } from './response-from-chat';
import type { ResponsesIdentity } from './responses-types';
import { ChatStreamToResponses, responsesSse, type ResponsesEvent } from './stream-from-chat';

const DIR = __dirname;
const who = (request: Record<string, unknown> = {}): ResponsesIdentity => ({
  id: 'resp_test',
  createdAt: 1_700_000_000,
  model: 'client-model',
  request,
});

describe('Responses request → chat request (golden)', () => {
  it.each(['request-full', 'request-round-trip'])('%s', (name) => {
    const out = responsesToChatRequest(readJson(DIR, `${name}.responses-request.json`));
    expect(out.unconvertible).toBeNull();
    expect(out.chat).toEqual(golden(DIR, `${name}.openai-request.json`, out.chat));
  });

  it('a string input is one user message; instructions lead as the system message', () => {
    expect(responsesToChatRequest({ model: 'm', input: 'hi', instructions: 'be brief' }).chat).toEqual({
      model: 'm',
      messages: [
        { role: 'system', content: 'be brief' },
        { role: 'user', content: 'hi' },
      ],
    });
  });

  it.each([
    ['previous_response_id', { previous_response_id: 'resp_1' }, 'previous_response_id'],
    ['a built-in tool', { tools: [{ type: 'web_search' }] }, 'tools'],
    [
      'a file input',
      { input: [{ role: 'user', content: [{ type: 'input_file', file_id: 'f' }] }] },
      'input[0].content[0]',
    ],
    [
      'an image by file id',
      { input: [{ role: 'user', content: [{ type: 'input_image', file_id: 'f' }] }] },
      'input[0].content[0]',
    ],
    ['an item reference', { input: [{ type: 'item_reference', id: 'msg_1' }] }, 'input[0]'],
    ['a hosted tool choice', { tool_choice: { type: 'file_search' } }, 'tool_choice'],
    ['background mode', { background: true }, 'background'],
  ])('%s only a Responses channel can serve: reported, not thrown', (_name, extra, param) => {
    const out = responsesToChatRequest({ model: 'm', input: 'hi', ...extra });
    expect(out.unconvertible).toMatchObject({ param });
  });

  it('store is ignored (converted answers are not stored)', () => {
    expect(responsesToChatRequest({ model: 'm', input: 'hi', store: true })).toEqual({
      chat: { model: 'm', messages: [{ role: 'user', content: 'hi' }] },
      unconvertible: null,
    });
  });

  it.each([
    ['no input', {}, 'input'],
    ['input of the wrong type', { input: 3 }, 'input'],
    ['an unknown role', { input: [{ role: 'tool', content: 'x' }] }, 'input[0]'],
    ['a function_call_output without call_id', { input: [{ type: 'function_call_output', output: 'x' }] }, 'input[0]'],
    ['a function tool without a name', { input: 'hi', tools: [{ type: 'function' }] }, 'tools'],
    ['instructions not text', { input: 'hi', instructions: 1 }, 'instructions'],
  ])('malformed: %s → ResponsesInputError naming the field', (_name, body, param) => {
    const run = () => responsesToChatRequest({ model: 'm', ...body });
    expect(run).toThrow(ResponsesInputError);
    try {
      run();
    } catch (e) {
      expect((e as ResponsesInputError).param).toBe(param);
    }
  });
});

describe('chat answer → Responses object (golden)', () => {
  it.each(['answer-text', 'answer-tools'])('%s', (name) => {
    const out = chatToResponse(readJson(DIR, `${name}.openai-response.json`), who({ instructions: 'x' }));
    expect(out).toEqual(golden(DIR, `${name}.responses-response.json`, out));
  });

  it('usage mirrors the chat usage (cached and reasoning parts included)', () => {
    const res: OpenAIChatResponse = {
      id: 'c',
      object: 'chat.completion',
      created: 1,
      model: 'm',
      choices: [{ index: 0, message: { role: 'assistant', content: 'ok' }, finish_reason: 'stop' }],
      usage: {
        prompt_tokens: 100,
        completion_tokens: 30,
        total_tokens: 130,
        prompt_tokens_details: { cached_tokens: 60 },
        completion_tokens_details: { reasoning_tokens: 10 },
      },
    };
    expect(chatToResponse(res, who()).usage).toEqual({
      input_tokens: 100,
      input_tokens_details: { cached_tokens: 60 },
      output_tokens: 30,
      output_tokens_details: { reasoning_tokens: 10 },
      total_tokens: 130,
    });
  });

  it('finish_reason length → status incomplete, reason max_output_tokens', () => {
    const res: OpenAIChatResponse = {
      id: 'c',
      object: 'chat.completion',
      created: 1,
      model: 'm',
      choices: [{ index: 0, message: { role: 'assistant', content: 'cut' }, finish_reason: 'length' }],
    };
    expect(chatToResponse(res, who())).toMatchObject({
      status: 'incomplete',
      incomplete_details: { reason: 'max_output_tokens' },
      output: [{ type: 'message', status: 'incomplete' }],
      usage: { input_tokens: 0, output_tokens: 0, total_tokens: 0 },
    });
  });
});

/** What the openai SDK's ResponseStream does with the events: the snapshot it assembles. */
function assemble(events: ResponsesEvent[]): any {
  let snapshot: any = null;
  for (const e of events as any[]) {
    if (e.type === 'response.created') snapshot = structuredClone(e.response);
    else if (e.type === 'response.output_item.added') snapshot.output.push(structuredClone(e.item));
    else if (e.type === 'response.content_part.added')
      snapshot.output[e.output_index].content.push(structuredClone(e.part));
    else if (e.type === 'response.output_text.delta')
      snapshot.output[e.output_index].content[e.content_index].text += e.delta;
    else if (e.type === 'response.function_call_arguments.delta') snapshot.output[e.output_index].arguments += e.delta;
  }
  return snapshot;
}

function streamOf(name: string, request: Record<string, unknown> = {}): ResponsesEvent[] {
  const conv = new ChatStreamToResponses(who(request));
  const chunks = sseJson<OpenAIChatChunk>(readText(DIR, `${name}.openai.txt`));
  return [...chunks.flatMap((c) => conv.push(c)), ...conv.finish(), ...conv.finish()];
}

describe('chat chunks → Responses events (golden)', () => {
  it.each(['stream-text', 'stream-tools'])('%s', (name) => {
    const events = streamOf(name);
    expect(events).toEqual(golden(DIR, `${name}.responses-events.json`, events));
  });

  it.each(['stream-text', 'stream-tools'])(
    '%s: sequence numbers run from 0; the SDK snapshot matches response.completed',
    (name) => {
      const events = streamOf(name);
      expect(events.map((e) => e.sequence_number)).toEqual(events.map((_, i) => i));
      expect(events[0].type).toBe('response.created');
      expect(events[1].type).toBe('response.in_progress');
      const last = events.at(-1) as any;
      // stream-text stops at the token limit.
      expect(last.type).toBe(name === 'stream-text' ? 'response.incomplete' : 'response.completed');
      // The SDK's snapshot keeps the status items were added with; the rest must agree.
      const items = (output: any[]) => output.filter((o) => o.type !== 'reasoning').map(({ status: _s, ...o }) => o);
      expect(items(assemble(events).output)).toEqual(items(last.response.output));
      expect(last.response.usage).not.toBeNull();
    },
  );

  it('a stream cut by the token limit ends with response.incomplete', () => {
    const conv = new ChatStreamToResponses(who());
    const base = { id: 'c', object: 'chat.completion.chunk' as const, created: 1, model: 'm' };
    conv.push({ ...base, choices: [{ index: 0, delta: { content: 'par' }, finish_reason: null }] });
    conv.push({ ...base, choices: [{ index: 0, delta: {}, finish_reason: 'length' }] });
    const end = conv.finish();
    expect(end.at(-1)).toMatchObject({
      type: 'response.incomplete',
      response: { status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' } },
    });
  });

  it('an event is written as an SSE block named by its type', () => {
    expect(responsesSse({ type: 'response.in_progress', sequence_number: 1 })).toBe(
      'event: response.in_progress\ndata: {"type":"response.in_progress","sequence_number":1}\n\n',
    );
  });
});
