import { buildSettings } from '@gw/shared';
import { collectChunks } from '../shared/collect-chunks';
import type { OpenAIChatChunk, OpenAIChatRequest, OpenAIChatResponse } from '../shared/openai-types';
import { golden, readJson, readText, sseJson } from '../testing/golden';
import { openAIToAnthropicRequest } from './request-from-openai';
import { anthropicToOpenAIRequest } from './request-to-openai';
import { openAIToAnthropicResponse } from './response-from-openai';
import { anthropicToOpenAIResponse } from './response-to-openai';
import { OpenAIStreamToAnthropic } from './stream-from-openai';
import { AnthropicStreamToOpenAI } from './stream-to-openai';

const DIR = __dirname;
const settings = buildSettings({ 'claude.thinking_adapter_enabled': 'false' });

function toAnthropicEvents(chunks: OpenAIChatChunk[], promptTokens?: number) {
  const conv = new OpenAIStreamToAnthropic({ model: 'claude-via-gateway', promptTokens });
  return [...chunks.flatMap((c) => conv.push(c)), ...conv.finish(), ...conv.finish()];
}

describe('inbound /v1/messages: Anthropic request → OpenAI request (golden)', () => {
  it.each(['inbound-tools', 'inbound-images'])('%s', (name) => {
    const out = anthropicToOpenAIRequest(readJson(DIR, `${name}.anthropic-request.json`));
    expect(out).toEqual(golden(DIR, `${name}.openai-request.json`, out));
  });
});

describe('inbound /v1/messages: OpenAI response → Anthropic response (golden)', () => {
  it.each(['reverse-text', 'reverse-tools'])('%s', (name) => {
    const out = openAIToAnthropicResponse(readJson(DIR, `${name}.openai-response.json`), { model: 'claude-via-gateway' });
    expect(out).toEqual(golden(DIR, `${name}.anthropic-response.json`, out));
  });

  it('usage: input_tokens excludes the cached part, cache reads reported apart', () => {
    const out = openAIToAnthropicResponse(readJson(DIR, 'reverse-text.openai-response.json'));
    expect(out.usage).toEqual({ input_tokens: 86, output_tokens: 10, cache_read_input_tokens: 1920, cache_creation_input_tokens: 0 });
  });
});

describe('inbound /v1/messages: OpenAI chunks → Anthropic SSE events (golden)', () => {
  it.each(['reverse-stream-text', 'reverse-stream-tools'])('%s', (name) => {
    const events = toAnthropicEvents(sseJson<OpenAIChatChunk>(readText(DIR, `${name}.openai.txt`)), 1300);
    expect(events).toEqual(golden(DIR, `${name}.anthropic-events.json`, events));
  });

  it('documented order: message_start, balanced block start/stop with rising indexes, message_delta, message_stop', () => {
    const events = toAnthropicEvents(sseJson<OpenAIChatChunk>(readText(DIR, 'reverse-stream-tools.openai.txt')));
    const names = events.map((e) => e.event);
    expect(names[0]).toBe('message_start');
    expect(names.slice(-2)).toEqual(['message_delta', 'message_stop']);
    const open: number[] = [];
    let last = -1;
    for (const e of events) {
      const d = e.data as { type: string; index?: number };
      if (d.type === 'content_block_start') {
        expect(open).toEqual([]);
        expect(d.index).toBe(last + 1);
        last = d.index!;
        open.push(d.index!);
      } else if (d.type === 'content_block_delta') expect(open).toEqual([d.index]);
      else if (d.type === 'content_block_stop') expect(open.pop()).toBe(d.index);
    }
    expect(open).toEqual([]);
  });

  it('an empty upstream stream still yields a well-formed message', () => {
    expect(toAnthropicEvents([]).map((e) => e.event)).toEqual(['message_start', 'message_delta', 'message_stop']);
  });
});

describe('round trips (OpenAI → Anthropic → OpenAI)', () => {
  it('request: text, system, tool calls and tool results survive', () => {
    const original = readJson<OpenAIChatRequest>(DIR, 'chat-tools.openai-request.json');
    const back = anthropicToOpenAIRequest(openAIToAnthropicRequest(original, settings));
    expect(back.messages[0]).toEqual({ role: 'system', content: 'Use the tools when useful.' });
    const calls = back.messages.flatMap((m) => m.tool_calls ?? []);
    expect(calls.map((c) => [c.id, c.function.name, JSON.parse(c.function.arguments)])).toEqual(
      original.messages.flatMap((m) => m.tool_calls ?? []).map((c) => [c.id, c.function.name, JSON.parse(c.function.arguments)]),
    );
    expect(back.messages.filter((m) => m.role === 'tool').map((m) => m.content)).toEqual(['{"temperature":18,"sky":"cloudy"}', '25 degrees, sunny']);
    expect(back.messages[back.messages.length - 1]).toEqual({ role: 'user', content: 'Answer in one sentence.' });
    expect(back.tools?.map((t) => t.function.name)).toEqual(['get_weather', 'get_time']);
    expect(back).toMatchObject({ tool_choice: 'required', parallel_tool_calls: false, stop: ['END', 'STOP'], max_tokens: 1024 });
  });

  it.each(['reverse-text', 'reverse-tools'])('response %s: text, tool calls, reasoning and usage survive', (name) => {
    const original = readJson<OpenAIChatResponse>(DIR, `${name}.openai-response.json`);
    const back = anthropicToOpenAIResponse(openAIToAnthropicResponse(original), { created: original.created });
    const [o, b] = [original.choices[0], back.choices[0]];
    expect(b.message.content).toEqual(o.message.content);
    expect(b.message.reasoning_content).toEqual(o.message.reasoning_content);
    expect(b.message.tool_calls?.map((c) => JSON.parse(c.function.arguments))).toEqual(o.message.tool_calls?.map((c) => JSON.parse(c.function.arguments)));
    expect(b.finish_reason).toBe(o.finish_reason);
    expect(back.usage).toMatchObject({
      prompt_tokens: original.usage!.prompt_tokens,
      completion_tokens: original.usage!.completion_tokens,
      total_tokens: original.usage!.total_tokens,
    });
  });

  it.each(['reverse-stream-text', 'reverse-stream-tools'])('stream %s: the folded result survives', (name) => {
    const chunks = sseJson<OpenAIChatChunk>(readText(DIR, `${name}.openai.txt`));
    const conv = new AnthropicStreamToOpenAI({ id: 'x', model: chunks[0].model, created: chunks[0].created });
    const back = [...toAnthropicEvents(chunks).flatMap((e) => conv.push(e.data)), ...conv.finish()];
    const [o, b] = [collectChunks(chunks), collectChunks(back)];
    expect(b.choices[0].message).toEqual(o.choices[0].message);
    expect(b.choices[0].finish_reason).toBe(o.choices[0].finish_reason);
    expect(b.usage).toMatchObject({ prompt_tokens: o.usage!.prompt_tokens, completion_tokens: o.usage!.completion_tokens });
    expect(b.usage?.prompt_tokens_details?.cached_tokens ?? 0).toBe(o.usage?.prompt_tokens_details?.cached_tokens ?? 0);
  });
});
