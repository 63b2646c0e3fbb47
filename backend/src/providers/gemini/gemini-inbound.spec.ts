import { buildSettings } from '@gw/shared';
import { collectChunks } from '../shared/collect-chunks';
import type { OpenAIChatChunk, OpenAIChatRequest, OpenAIChatResponse, OpenAIEmbeddingResponse } from '../shared/openai-types';
import { golden, readJson, readText, sseJson } from '../testing/golden';
import { geminiEmbedToOpenAIRequest, geminiToOpenAIEmbeddings, openAIToGeminiEmbedRequest, openAIToGeminiEmbedResponse } from './embeddings';
import { geminiModelList, geminiUrl, modelIdsFromGeminiList } from './gemini-urls';
import { openAIToGeminiRequest } from './request-from-openai';
import { geminiToOpenAIRequest } from './request-to-openai';
import { openAIToGeminiResponse } from './response-from-openai';
import { geminiToOpenAIResponse } from './response-to-openai';
import { OpenAIStreamToGemini } from './stream-from-openai';
import { GeminiStreamToOpenAI } from './stream-to-openai';

const DIR = __dirname;
const settings = buildSettings({ 'gemini.version_settings': JSON.stringify({ default: 'v1beta', 'gemini-1.5-pro': 'v1' }) });

function toGeminiObjects(chunks: OpenAIChatChunk[]) {
  const conv = new OpenAIStreamToGemini({ model: 'gemini-via-gateway' });
  return [...chunks.flatMap((c) => conv.push(c)), ...conv.finish(), ...conv.finish()];
}

describe('inbound /v1beta: Gemini request → OpenAI request (golden)', () => {
  it.each([
    ['inbound-tools', false],
    ['inbound-images', true],
  ])('%s (stream %s)', (name, stream) => {
    const out = geminiToOpenAIRequest(readJson(DIR, `${name}.gemini-request.json`), 'gpt-4o', stream);
    expect(out).toEqual(golden(DIR, `${name}.openai-request.json`, out));
  });
});

describe('inbound /v1beta: OpenAI response → Gemini response and stream (golden)', () => {
  it.each(['reverse-text', 'reverse-tools'])('%s', (name) => {
    const out = openAIToGeminiResponse(readJson(DIR, `${name}.openai-response.json`), { model: 'gemini-via-gateway' });
    expect(out).toEqual(golden(DIR, `${name}.gemini-response.json`, out));
  });

  it.each(['reverse-stream-text', 'reverse-stream-tools'])('%s', (name) => {
    const out = toGeminiObjects(sseJson<OpenAIChatChunk>(readText(DIR, `${name}.openai.txt`)));
    expect(out).toEqual(golden(DIR, `${name}.gemini-stream.json`, out));
  });
});

describe('round trips (OpenAI → Gemini → OpenAI)', () => {
  it('request: system, text, tool calls and tool results survive (ids re-issued, pairing kept)', () => {
    const original = readJson<OpenAIChatRequest>(DIR, 'chat-tools.openai-request.json');
    const { model, request } = openAIToGeminiRequest(original, settings);
    const back = geminiToOpenAIRequest(request, model, false);
    const calls = back.messages.flatMap((m) => m.tool_calls ?? []);
    expect(calls.map((c) => [c.function.name, JSON.parse(c.function.arguments)])).toEqual(
      original.messages.flatMap((m) => m.tool_calls ?? []).map((c) => [c.function.name, JSON.parse(c.function.arguments)]),
    );
    const results = back.messages.filter((m) => m.role === 'tool');
    expect(results.map((m) => m.tool_call_id)).toEqual(calls.map((c) => c.id));
    expect(results.map((m) => JSON.parse(m.content as string))).toEqual([{ brightness: 25, colorTemperature: 'warm' }, { content: '18 degrees and cloudy' }]);
    expect(back.tool_choice).toEqual({ type: 'function', function: { name: 'set_light_values' } });
  });

  it.each(['reverse-text', 'reverse-tools'])('response %s: text, reasoning, tool calls and usage survive', (name) => {
    const original = readJson<OpenAIChatResponse>(DIR, `${name}.openai-response.json`);
    const back = geminiToOpenAIResponse(openAIToGeminiResponse(original), { id: original.id, model: original.model, created: original.created });
    const [o, b] = [original.choices[0], back.choices[0]];
    expect([b.message.content, b.message.reasoning_content, b.finish_reason]).toEqual([o.message.content, o.message.reasoning_content, o.finish_reason]);
    expect(b.message.tool_calls?.map((c) => JSON.parse(c.function.arguments))).toEqual(o.message.tool_calls?.map((c) => JSON.parse(c.function.arguments)));
    expect(back.usage).toMatchObject({ prompt_tokens: original.usage!.prompt_tokens, completion_tokens: original.usage!.completion_tokens });
    expect(back.usage?.prompt_tokens_details?.cached_tokens).toBe(original.usage?.prompt_tokens_details?.cached_tokens);
  });

  it.each(['reverse-stream-text', 'reverse-stream-tools'])('stream %s: the folded result survives', (name) => {
    const chunks = sseJson<OpenAIChatChunk>(readText(DIR, `${name}.openai.txt`));
    const conv = new GeminiStreamToOpenAI({ id: 'x', model: 'm', created: 0 });
    const back = [...toGeminiObjects(chunks).flatMap((o) => conv.push(o)), ...conv.finish()];
    const [o, b] = [collectChunks(chunks), collectChunks(back)];
    expect(b.choices[0].message.content).toBe(o.choices[0].message.content);
    expect(b.choices[0].message.reasoning_content).toBe(o.choices[0].message.reasoning_content);
    expect(b.choices[0].message.tool_calls?.map((c) => [c.function.name, JSON.parse(c.function.arguments)])).toEqual(
      o.choices[0].message.tool_calls?.map((c) => [c.function.name, JSON.parse(c.function.arguments)]),
    );
    expect(b.choices[0].finish_reason).toBe(o.choices[0].finish_reason);
    expect(b.usage).toMatchObject({ prompt_tokens: o.usage!.prompt_tokens, completion_tokens: o.usage!.completion_tokens });
  });
});

describe('embeddings (golden)', () => {
  it('OpenAI request → batchEmbedContents, response → OpenAI list', () => {
    const req = openAIToGeminiEmbedRequest(readJson(DIR, 'embed.openai-request.json'), 'text-embedding-004');
    expect(req).toEqual(golden(DIR, 'embed.gemini-request.json', req));
    const res = geminiToOpenAIEmbeddings(readJson(DIR, 'embed.gemini-response.json'), 'text-embedding-004', 14);
    expect(res).toEqual(golden(DIR, 'embed.openai-response.json', res));
  });

  it('inbound batchEmbedContents → OpenAI request; OpenAI answer → batch and single forms', () => {
    const req = geminiEmbedToOpenAIRequest(readJson(DIR, 'inbound-embed.gemini-request.json'), 'text-embedding-3-small');
    expect(req).toEqual({ model: 'text-embedding-3-small', input: ['What is the meaning of life?', 'How does the brain work?'], dimensions: 256 });
    const openai = readJson<OpenAIEmbeddingResponse>(DIR, 'embed.openai-response.json');
    expect(openAIToGeminiEmbedResponse(openai, true)).toEqual(readJson(DIR, 'embed.gemini-response.json'));
    expect(openAIToGeminiEmbedResponse(openai, false)).toEqual({ embedding: { values: [0.013168523, -0.008711934, -0.046782676] } });
  });

  it('token-id input is refused', () => {
    expect(() => openAIToGeminiEmbedRequest({ model: 'm', input: [1, 2, 3] }, 'm')).toThrow('embedding input must be text');
  });
});

describe('URLs and model lists', () => {
  it.each([
    ['gemini-2.0-flash', 'generateContent', 'https://generativelanguage.googleapis.com/v1beta/models/gemini-2.0-flash:generateContent'],
    ['gemini-2.0-flash', 'streamGenerateContent', 'https://generativelanguage.googleapis.com/v1beta/models/gemini-2.0-flash:streamGenerateContent?alt=sse'],
    ['gemini-1.5-pro', 'generateContent', 'https://generativelanguage.googleapis.com/v1/models/gemini-1.5-pro:generateContent'],
  ] as const)('%s %s', (model, action, url) => {
    expect(geminiUrl('', model, action, settings)).toBe(url);
  });

  it('model list both ways', () => {
    const list = geminiModelList(['gemini-2.0-flash', 'text-embedding-004']);
    expect(list.models[0]).toMatchObject({ name: 'models/gemini-2.0-flash', supportedGenerationMethods: expect.arrayContaining(['generateContent']) });
    expect(list.models[1].supportedGenerationMethods).toEqual(['embedContent', 'batchEmbedContents']);
    expect(modelIdsFromGeminiList(list)).toEqual(['gemini-2.0-flash', 'text-embedding-004']);
  });
});
