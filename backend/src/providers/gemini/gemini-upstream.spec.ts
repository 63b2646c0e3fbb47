import { buildSettings } from '@gw/shared';
import type { OpenAIChatChunk } from '../shared/openai-types';
import { golden, readJson, readText, sseJson } from '../testing/golden';
import { safetySettings, thinkingConfig } from './gemini-settings';
import type { GeminiResponse } from './gemini-types';
import { openAIToGeminiRequest } from './request-from-openai';
import { geminiToOpenAIResponse } from './response-to-openai';
import { GeminiStreamToOpenAI } from './stream-to-openai';

const DIR = __dirname;
const settings = buildSettings({
  'gemini.thinking_adapter_enabled': 'true',
  'gemini.safety_settings': JSON.stringify({ default: 'OFF', 'gemini-2.0-flash-exp': 'BLOCK_NONE' }),
});

function replay(name: string): { chunks: OpenAIChatChunk[]; conv: GeminiStreamToOpenAI } {
  const conv = new GeminiStreamToOpenAI({ id: 'chatcmpl-local', model: 'client-model', created: 1700000000 });
  const chunks = sseJson<GeminiResponse>(readText(DIR, name)).flatMap((o) => conv.push(o));
  return { chunks: [...chunks, ...conv.finish(), ...conv.finish()], conv };
}

describe('OpenAI → Gemini request (golden)', () => {
  it.each(['chat-basic', 'chat-tools', 'chat-images', 'chat-thinking'])('%s', (name) => {
    const out = openAIToGeminiRequest(readJson(DIR, `${name}.openai-request.json`), settings);
    expect(out).toEqual(golden(DIR, `${name}.gemini-request.json`, out));
  });

  it('thinking: only with the adapter on and for listed models; -nothinking and effort none turn it off', () => {
    expect(thinkingConfig('gemini-2.5-flash', 'on', undefined, 1000, settings)).toEqual({ thinkingBudget: 600, includeThoughts: true });
    expect(thinkingConfig('gemini-2.5-flash-preview-05-20', null, 'high', undefined, settings)).toEqual({ thinkingBudget: -1, includeThoughts: true });
    expect(thinkingConfig('gemini-2.5-flash', 'off', undefined, 1000, settings)).toEqual({ thinkingBudget: 0 });
    expect(thinkingConfig('gemini-2.5-pro', null, 'none', 1000, settings)).toEqual({ thinkingBudget: 128 });
    expect(thinkingConfig('gemini-2.0-flash', 'on', undefined, 1000, settings)).toBeUndefined();
    expect(thinkingConfig('gemini-2.5-flash', 'on', undefined, 1000, buildSettings({}))).toBeUndefined();
  });

  it('suffix never reaches the upstream, even with the adapter off', () => {
    expect(openAIToGeminiRequest({ model: 'gemini-2.5-flash-thinking', messages: [] }, buildSettings({})).model).toBe('gemini-2.5-flash');
  });

  it('safety settings: model entry, then category entry, then default', () => {
    const s = buildSettings({ 'gemini.safety_settings': JSON.stringify({ default: 'BLOCK_ONLY_HIGH', HARM_CATEGORY_HARASSMENT: 'OFF' }) });
    expect(safetySettings('gemini-2.0-flash', s).map((x) => x.threshold)).toEqual(['OFF', 'BLOCK_ONLY_HIGH', 'BLOCK_ONLY_HIGH', 'BLOCK_ONLY_HIGH', 'BLOCK_ONLY_HIGH']);
    expect(safetySettings('gemini-2.0-flash-exp', settings).every((x) => x.threshold === 'BLOCK_NONE')).toBe(true);
  });
});

describe('Gemini response → OpenAI response (golden)', () => {
  it.each(['response-text', 'response-function-call', 'response-thinking', 'response-blocked'])('%s', (name) => {
    const out = geminiToOpenAIResponse(readJson(DIR, `${name}.gemini.json`), { id: 'chatcmpl-local', model: 'client-model', created: 1700000000 });
    expect(out).toEqual(golden(DIR, `${name}.openai.json`, out));
  });

  it('usage: cached ⊆ prompt, thoughts billed as completion and reported as reasoning', () => {
    const ctx = { id: 'x', model: 'm', created: 0 };
    expect(geminiToOpenAIResponse(readJson(DIR, 'response-text.gemini.json'), ctx).usage).toEqual({
      prompt_tokens: 4200, completion_tokens: 17, total_tokens: 4217, prompt_tokens_details: { cached_tokens: 4096 },
    });
    expect(geminiToOpenAIResponse(readJson(DIR, 'response-thinking.gemini.json'), ctx).usage).toEqual({
      prompt_tokens: 12, completion_tokens: 510, total_tokens: 522, completion_tokens_details: { reasoning_tokens: 500 },
    });
  });
});

describe('Gemini stream → OpenAI chunks (golden)', () => {
  it.each(['stream-text', 'stream-function-call', 'stream-thinking'])('%s', (name) => {
    const { chunks } = replay(`${name}.gemini.txt`);
    expect(chunks).toEqual(golden(DIR, `${name}.openai-chunks.json`, chunks));
  });

  it('one role chunk first, one finish chunk, usage from the last usageMetadata at the end', () => {
    const { chunks, conv } = replay('stream-function-call.gemini.txt');
    expect(chunks[0].choices[0].delta.role).toBe('assistant');
    expect(chunks.filter((c) => c.choices[0]?.finish_reason).map((c) => c.choices[0].finish_reason)).toEqual(['tool_calls']);
    expect(chunks[chunks.length - 1].usage).toEqual(conv.usage);
    expect(conv.usage).toMatchObject({ prompt_tokens: 120, completion_tokens: 70, total_tokens: 190 });
  });
});
