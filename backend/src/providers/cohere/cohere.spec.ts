import { collectChunks } from '../shared/collect-chunks';
import type { OpenAIChatChunk, OpenAIChatRequest } from '../shared/openai-types';
import { golden, parseSse, readJson, readText } from '../testing/golden';
import { cohereToOpenAIResponse, openAIToCohereRequest } from './chat';
import type { CohereChatResponse, CohereStreamEvent } from './cohere-types';
import { cohereToRerankResponse, rerankToCohereRequest } from './rerank';
import { CohereStreamToOpenAI } from './stream';

const DIR = __dirname;
const ctx = { id: 'chatcmpl-local', model: 'client-model', created: 1700000000 };

function replay(name: string): OpenAIChatChunk[] {
  const conv = new CohereStreamToOpenAI(ctx);
  const chunks = parseSse(readText(DIR, name)).flatMap((rec) => {
    const ev = JSON.parse(rec.data) as CohereStreamEvent;
    expect(rec.event).toBe(ev.type);
    return conv.push(ev);
  });
  return [...chunks, ...conv.finish()];
}

describe('OpenAI → Cohere v2 chat request (golden)', () => {
  it.each(['chat-tools', 'chat-images'])('%s', (name) => {
    const out = openAIToCohereRequest(readJson(DIR, `${name}.openai-request.json`));
    expect(out).toEqual(golden(DIR, `${name}.cohere-request.json`, out));
  });
});

describe('Cohere → OpenAI response (golden)', () => {
  it.each(['response-text', 'response-tools'])('%s', (name) => {
    const out = cohereToOpenAIResponse(readJson(DIR, `${name}.cohere.json`), ctx);
    expect(out).toEqual(golden(DIR, `${name}.openai.json`, out));
  });

  it('usage prefers billed units; falls back to token counts', () => {
    const res = readJson<CohereChatResponse>(DIR, 'response-text.cohere.json');
    expect(cohereToOpenAIResponse(res, ctx).usage).toEqual({ prompt_tokens: 5, completion_tokens: 418, total_tokens: 423 });
    expect(cohereToOpenAIResponse({ ...res, usage: { tokens: res.usage!.tokens } }, ctx).usage).toEqual({ prompt_tokens: 71, completion_tokens: 420, total_tokens: 491 });
  });
});

describe('Cohere stream → OpenAI chunks (golden)', () => {
  it.each(['stream-text', 'stream-tools'])('%s', (name) => {
    const chunks = replay(`${name}.cohere.txt`);
    expect(chunks).toEqual(golden(DIR, `${name}.openai-chunks.json`, chunks));
  });

  it('tool-call deltas fold back into complete calls; usage at the end', () => {
    const folded = collectChunks(replay('stream-tools.cohere.txt'));
    expect(folded.choices[0].message.tool_calls?.map((c) => JSON.parse(c.function.arguments))).toEqual([{ location: 'Toronto' }, { location: 'Paris' }]);
    expect(folded.choices[0].finish_reason).toBe('tool_calls');
    expect(folded.usage).toEqual({ prompt_tokens: 37, completion_tokens: 28, total_tokens: 65 });
  });

  it('a message-end with finish_reason ERROR throws', () => {
    const conv = new CohereStreamToOpenAI(ctx);
    expect(() => conv.push({ type: 'message-end', delta: { finish_reason: 'ERROR', error: 'internal' } })).toThrow('internal');
  });
});

describe('round trip (OpenAI → Cohere → OpenAI)', () => {
  it('text, tool calls and tool results survive the request; the response keeps them too', () => {
    const original = readJson<OpenAIChatRequest>(DIR, 'chat-tools.openai-request.json');
    const req = openAIToCohereRequest(original);
    const assistant = req.messages.find((m) => m.role === 'assistant');
    const res = cohereToOpenAIResponse(
      { id: 'r', finish_reason: 'TOOL_CALL', message: { role: 'assistant', tool_calls: assistant && 'tool_calls' in assistant ? assistant.tool_calls : [] }, usage: { tokens: { input_tokens: 3, output_tokens: 4 } } },
      ctx,
    );
    expect(res.choices[0].message.tool_calls).toEqual(original.messages[2].tool_calls);
    expect(req.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool']);
    expect(req.messages[3]).toEqual({ role: 'tool', tool_call_id: 'get_weather_1byjy32y4hvq', content: '{"temperature":{"toronto":"20C"}}' });
    expect(res.usage).toEqual({ prompt_tokens: 3, completion_tokens: 4, total_tokens: 7 });
  });
});

describe('rerank', () => {
  const req = { model: 'rerank-v3.5', query: 'What is the capital of the United States?', documents: ['Carson City', 'Saipan', { text: 'Charlotte Amalie' }, 'Washington, D.C.', 'Capital punishment'], top_n: 3, return_documents: true };

  it('request: documents as strings', () => {
    expect(rerankToCohereRequest(req)).toEqual({ model: 'rerank-v3.5', query: req.query, documents: ['Carson City', 'Saipan', 'Charlotte Amalie', 'Washington, D.C.', 'Capital punishment'], top_n: 3 });
  });

  it('response (golden): scores in Cohere order, documents echoed, search units kept', () => {
    const out = cohereToRerankResponse(readJson(DIR, 'rerank.cohere.json'), req, 40);
    expect(out).toEqual(golden(DIR, 'rerank.gateway.json', out));
  });
});
