import { openAIToAnthropicResponse } from './anthropic/response-from-openai';
import { anthropicToOpenAIResponse } from './anthropic/response-to-openai';
import { OpenAIStreamToAnthropic } from './anthropic/stream-from-openai';
import { AnthropicStreamToOpenAI } from './anthropic/stream-to-openai';
import { openAIToGeminiResponse } from './gemini/response-from-openai';
import { geminiToOpenAIResponse } from './gemini/response-to-openai';
import { OpenAIStreamToGemini } from './gemini/stream-from-openai';
import { GeminiStreamToOpenAI } from './gemini/stream-to-openai';
import { collectChunks } from './shared/collect-chunks';
import type { OpenAIChatChunk, OpenAIChatResponse, OpenAIFinishReason, OpenAIToolCall } from './shared/openai-types';
import { openAIUsage } from './shared/usage';

/** Property: OpenAI → X → OpenAI keeps text, reasoning, tool calls, finish reason and usage, for random inputs. */

function rng(seed: number) {
  let s = seed >>> 0;
  const next = () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
  return {
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)],
  };
}

const WORDS = ['hello', 'wörld', '你好', '🙂', 'a\nb', '"quoted"', '{json}', ' ', 'tool', '\\'];

function randomResponse(seed: number): OpenAIChatResponse {
  const r = rng(seed);
  const text = (n: number) => Array.from({ length: n }, () => r.pick(WORDS)).join('');
  const calls: OpenAIToolCall[] = Array.from({ length: r.int(3) }, (_, i) => ({
    id: `call_${seed}_${i}`,
    type: 'function',
    function: { name: r.pick(['get_weather', 'search', 'f']), arguments: JSON.stringify({ q: text(1 + r.int(3)), n: r.int(100), deep: { ok: r.int(2) === 1 } }) },
  }));
  const content = calls.length && r.int(2) ? null : text(1 + r.int(6));
  const finish: OpenAIFinishReason = calls.length ? 'tool_calls' : r.pick(['stop', 'length', 'content_filter'] as const);
  const prompt = r.int(5000);
  const completion = r.int(2000);
  return {
    id: `chatcmpl-${seed}`,
    object: 'chat.completion',
    created: 1700000000,
    model: 'm',
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content, ...(r.int(3) === 0 ? { reasoning_content: text(2) } : {}), ...(calls.length ? { tool_calls: calls } : {}) },
        finish_reason: finish,
      },
    ],
    usage: openAIUsage({ prompt, completion, cached: r.int(prompt + 1) }),
  };
}

/** The same response as a chunk stream, text and arguments cut at random places. */
function asChunks(res: OpenAIChatResponse, seed: number): OpenAIChatChunk[] {
  const r = rng(seed * 7 + 1);
  const who = { id: res.id, object: 'chat.completion.chunk' as const, created: res.created, model: res.model };
  const m = res.choices[0].message;
  const pieces = (s: string) => {
    const out: string[] = [];
    for (let i = 0; i < s.length; ) {
      const n = 1 + r.int(6);
      out.push(s.slice(i, i + n));
      i += n;
    }
    return out;
  };
  const chunk = (delta: OpenAIChatChunk['choices'][0]['delta'], finish: OpenAIFinishReason | null = null): OpenAIChatChunk => ({
    ...who,
    choices: [{ index: 0, delta, finish_reason: finish }],
  });
  const out = [chunk({ role: 'assistant', content: '' })];
  for (const p of pieces(m.reasoning_content ?? '')) out.push(chunk({ reasoning_content: p }));
  for (const p of pieces(m.content ?? '')) out.push(chunk({ content: p }));
  (m.tool_calls ?? []).forEach((c, index) => {
    out.push(chunk({ tool_calls: [{ index, id: c.id, type: 'function', function: { name: c.function.name, arguments: '' } }] }));
    for (const p of pieces(c.function.arguments)) out.push(chunk({ tool_calls: [{ index, function: { arguments: p } }] }));
  });
  out.push(chunk({}, res.choices[0].finish_reason));
  out.push({ ...who, choices: [], usage: res.usage });
  return out;
}

function essentials(res: OpenAIChatResponse) {
  const m = res.choices[0].message;
  return {
    content: m.content,
    reasoning: m.reasoning_content,
    calls: m.tool_calls?.map((c) => [c.function.name, JSON.parse(c.function.arguments)]),
    finish: res.choices[0].finish_reason,
    usage: [res.usage?.prompt_tokens, res.usage?.completion_tokens, res.usage?.prompt_tokens_details?.cached_tokens ?? 0],
  };
}

const SEEDS = Array.from({ length: 150 }, (_, i) => i + 1);
const ctx = { id: 'x', model: 'm', created: 1700000000 };

describe('round-trip properties over random responses', () => {
  it.each(SEEDS)('Anthropic, response and stream (seed %d)', (seed) => {
    const original = randomResponse(seed);
    const viaResponse = anthropicToOpenAIResponse(openAIToAnthropicResponse(original), ctx);
    expect(essentials(viaResponse)).toEqual(essentials(original));
    expect(viaResponse.choices[0].message.tool_calls?.map((c) => c.id)).toEqual(original.choices[0].message.tool_calls?.map((c) => c.id));

    const up = new OpenAIStreamToAnthropic({ model: 'claude' });
    const down = new AnthropicStreamToOpenAI(ctx);
    const events = [...asChunks(original, seed).flatMap((c) => up.push(c)), ...up.finish()];
    const back = [...events.flatMap((e) => down.push(e.data)), ...down.finish()];
    expect(essentials(collectChunks(back))).toEqual(essentials(original));
  });

  it.each(SEEDS)('Gemini, response and stream (seed %d)', (seed) => {
    const original = randomResponse(seed);
    expect(essentials(geminiToOpenAIResponse(openAIToGeminiResponse(original), ctx))).toEqual(essentials(original));

    const up = new OpenAIStreamToGemini({ model: 'gemini' });
    const down = new GeminiStreamToOpenAI(ctx);
    const objects = [...asChunks(original, seed).flatMap((c) => up.push(c)), ...up.finish()];
    const back = [...objects.flatMap((o) => down.push(o)), ...down.finish()];
    expect(essentials(collectChunks(back))).toEqual(essentials(original));
  });
});
