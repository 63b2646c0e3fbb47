import { buildSettings } from '@gw/shared';
import { golden, parseSse, readJson, readText } from '../testing/golden';
import type { AnthropicResponse, AnthropicStreamEvent } from './anthropic-types';
import { anthropicHeaders, defaultMaxTokens, thinkingBudget } from './claude-settings';
import { openAIToAnthropicRequest } from './request-from-openai';
import { anthropicToOpenAIResponse } from './response-to-openai';
import { AnthropicStreamToOpenAI } from './stream-to-openai';
import { RESPONSE_TOOL } from './structured-output';

const DIR = __dirname;
const settings = buildSettings({
  'claude.default_max_tokens': JSON.stringify({ 'claude-3-5-haiku-20241022': 4096, default: 8192 }),
  'claude.model_headers_settings': JSON.stringify({ 'claude-3-7-sonnet-20250219': { 'anthropic-beta': ['output-128k-2025-02-19', 'token-efficient-tools-2025-02-19'] } }),
});

/** Replays a recorded Anthropic SSE stream through a fresh converter. */
function replayAnthropicStream(text: string, includeUsage = true) {
  const conv = new AnthropicStreamToOpenAI({ id: 'chatcmpl-local', model: 'client-model', created: 1700000000, includeUsage });
  const chunks = [];
  for (const rec of parseSse(text)) {
    const data = JSON.parse(rec.data) as AnthropicStreamEvent;
    expect(rec.event).toBe(data.type);
    chunks.push(...conv.push(data));
  }
  chunks.push(...conv.finish());
  return { chunks, usage: conv.usage };
}

describe('OpenAI → Anthropic request (golden)', () => {
  it.each(['chat-basic', 'chat-tools', 'chat-images', 'chat-thinking', 'chat-effort', 'chat-json-schema', 'chat-json-object-tools'])('%s', (name) => {
    const out = openAIToAnthropicRequest(readJson(DIR, `${name}.openai-request.json`), settings);
    expect(out).toEqual(golden(DIR, `${name}.anthropic-request.json`, out));
  });

  it('max_tokens defaults from claude.default_max_tokens: model entry, then "default"', () => {
    expect(defaultMaxTokens('claude-3-5-haiku-20241022', settings)).toBe(4096);
    expect(defaultMaxTokens('claude-3-5-haiku-20241022-thinking', settings)).toBe(4096);
    expect(defaultMaxTokens('claude-opus-4-20250514', settings)).toBe(8192);
    expect(defaultMaxTokens('x', buildSettings({ 'claude.default_max_tokens': '{}' }))).toBe(8192);
  });

  it.each([
    [4000, 0.8, 3200, 4000],
    [8192, 0.5, 4096, 8192],
    [1000, 0.8, 1024, 2048],
    [1200, 0.8, 1024, 1200],
  ])('budget for max_tokens %d at %d → %d (max_tokens %d)', (max, pct, budget, newMax) => {
    const s = buildSettings({ 'claude.thinking_adapter_budget_tokens_percentage': String(pct) });
    expect(thinkingBudget(max, s)).toEqual({ budget, maxTokens: newMax });
  });

  it('thinking adapter disabled: suffix stripped, no thinking block, sampling kept', () => {
    const off = buildSettings({ 'claude.thinking_adapter_enabled': 'false' });
    const out = openAIToAnthropicRequest(readJson(DIR, 'chat-thinking.openai-request.json'), off);
    expect(out.model).toBe('claude-3-7-sonnet-20250219');
    expect(out.thinking).toBeUndefined();
    expect(out).toMatchObject({ temperature: 0.3, top_k: 40, tool_choice: { type: 'tool', name: 'factor' } });
  });

  it('reasoning_effort minimal does not turn thinking on', () => {
    const out = openAIToAnthropicRequest({ model: 'claude-sonnet-4-20250514', reasoning_effort: 'minimal', messages: [{ role: 'user', content: 'hi' }] }, settings);
    expect(out.thinking).toBeUndefined();
  });

  it('headers: key, version, and the model headers of claude.model_headers_settings', () => {
    expect(anthropicHeaders('sk-ant', 'claude-3-7-sonnet-20250219-thinking', settings)).toEqual({
      'content-type': 'application/json',
      'x-api-key': 'sk-ant',
      'anthropic-version': '2023-06-01',
      'anthropic-beta': 'output-128k-2025-02-19,token-efficient-tools-2025-02-19',
    });
  });
});

describe('Anthropic response → OpenAI response (golden)', () => {
  it.each(['response-text', 'response-tool-use', 'response-thinking', 'response-json'])('%s', (name) => {
    const out = anthropicToOpenAIResponse(readJson(DIR, `${name}.anthropic.json`), { created: 1700000000 });
    expect(out).toEqual(golden(DIR, `${name}.openai.json`, out));
  });

  it('cache reads and writes count as prompt tokens; cached_tokens = cache reads', () => {
    const out = anthropicToOpenAIResponse(readJson(DIR, 'response-text.anthropic.json'), { created: 0 });
    expect(out.usage).toEqual({
      prompt_tokens: 21 + 188 + 1800,
      completion_tokens: 12,
      total_tokens: 2021,
      prompt_tokens_details: { cached_tokens: 1800, cache_creation_tokens: 188 },
    });
  });
});

describe('Anthropic stream → OpenAI chunks (golden)', () => {
  it.each(['stream-text', 'stream-tool-use', 'stream-thinking', 'stream-json'])('%s', (name) => {
    const { chunks } = replayAnthropicStream(readText(DIR, `${name}.anthropic.txt`));
    expect(chunks).toEqual(golden(DIR, `${name}.openai-chunks.json`, chunks));
  });

  it('role chunk first, one finish chunk, usage chunk last with cache tokens', () => {
    const { chunks, usage } = replayAnthropicStream(readText(DIR, 'stream-text.anthropic.txt'));
    expect(chunks[0].choices[0].delta).toEqual({ role: 'assistant', content: '' });
    expect(chunks.filter((c) => c.choices[0]?.finish_reason)).toHaveLength(1);
    expect(chunks[chunks.length - 1]).toMatchObject({ choices: [], usage });
    expect(usage).toMatchObject({ prompt_tokens: 1049, completion_tokens: 15, prompt_tokens_details: { cached_tokens: 1024 } });
  });

  it('includeUsage false: no usage chunk, usage still readable', () => {
    const { chunks, usage } = replayAnthropicStream(readText(DIR, 'stream-text.anthropic.txt'), false);
    expect(chunks.some((c) => c.usage)).toBe(false);
    expect(usage.completion_tokens).toBe(15);
  });

  it('an error event throws ProviderStreamError with the upstream type', () => {
    expect(() => replayAnthropicStream(readText(DIR, 'stream-error.anthropic.txt'))).toThrow(
      expect.objectContaining({ name: 'ProviderStreamError', type: 'overloaded_error', message: 'Overloaded' }),
    );
  });

  it('finish() without message_stop still closes the stream exactly once', () => {
    const conv = new AnthropicStreamToOpenAI({ id: 'x', model: 'm', created: 1 });
    conv.push({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'partial' } });
    const end = conv.finish();
    expect(end.map((c) => c.choices[0]?.finish_reason ?? 'usage')).toEqual(['stop', 'usage']);
    expect(conv.finish()).toEqual([]);
  });
});

describe('structured output (response_format) on Claude', () => {
  const schema = { type: 'object', properties: { a: { type: 'integer' } }, required: ['a'] };
  const ask = (extra: Record<string, unknown>) =>
    openAIToAnthropicRequest({ model: 'claude-sonnet-4-20250514', messages: [{ role: 'user', content: 'x' }], ...extra }, settings);

  it('json_schema alone: the response tool, forced', () => {
    const out = ask({ response_format: { type: 'json_schema', json_schema: { name: 'n', schema } } });
    expect(out.tools).toEqual([expect.objectContaining({ name: RESPONSE_TOOL, input_schema: schema })]);
    expect(out.tool_choice).toEqual({ type: 'tool', name: RESPONSE_TOOL });
  });

  it('client tools: kept, the response tool last; auto → any, none → the response tool, a forced tool stays', () => {
    const tools = [{ type: 'function', function: { name: 'f', parameters: { type: 'object' } } }];
    const rf = { type: 'json_object' };
    expect(ask({ tools, response_format: rf }).tools?.map((t) => t.name)).toEqual(['f', RESPONSE_TOOL]);
    expect(ask({ tools, response_format: rf }).tool_choice).toEqual({ type: 'any' });
    expect(ask({ tools, tool_choice: 'none', response_format: rf }).tool_choice).toEqual({ type: 'tool', name: RESPONSE_TOOL });
    expect(ask({ tools, tool_choice: { type: 'function', function: { name: 'f' } }, response_format: rf }).tool_choice).toEqual({ type: 'tool', name: 'f' });
  });

  it('response_format text adds nothing', () => {
    const out = ask({ response_format: { type: 'text' } });
    expect(out.tools).toBeUndefined();
    expect(out.tool_choice).toBeUndefined();
  });

  it('a client tool call beside the answer stays a tool call (finish tool_calls), the answer is the content', () => {
    const res = readJson<AnthropicResponse>(DIR, 'response-json.anthropic.json');
    res.content.unshift({ type: 'tool_use', id: 'toolu_f', name: 'f', input: { q: 1 } });
    const out = anthropicToOpenAIResponse(res, { created: 0 });
    expect(out.choices[0].message.content).toBe('{"name":"science fair","date":"Friday","participants":["Alice","Bob"]}');
    expect(out.choices[0].message.tool_calls?.map((c) => c.function.name)).toEqual(['f']);
    expect(out.choices[0].finish_reason).toBe('tool_calls');
  });

  it('stream: the answer JSON arrives as content and parses; finish stop; no tool_calls', () => {
    const { chunks } = replayAnthropicStream(readText(DIR, 'stream-json.anthropic.txt'));
    const content = chunks.map((c) => c.choices[0]?.delta?.content ?? '').join('');
    expect(JSON.parse(content)).toEqual({ name: 'science fair', date: 'Friday', participants: ['Alice', 'Bob'] });
    expect(chunks.some((c) => c.choices[0]?.delta?.tool_calls)).toBe(false);
    expect(chunks.filter((c) => c.choices[0]?.finish_reason).map((c) => c.choices[0].finish_reason)).toEqual(['stop']);
  });
});
