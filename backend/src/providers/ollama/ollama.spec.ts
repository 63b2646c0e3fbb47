import { collectChunks } from '../shared/collect-chunks';
import { remoteImageUrls } from '../shared/content';
import { NdjsonDecoder } from '../shared/ndjson';
import type { OpenAIChatChunk } from '../shared/openai-types';
import { golden, readJson, readText } from '../testing/golden';
import { ollamaToOpenAIResponse, openAIToOllamaRequest } from './chat';
import { modelIdsFromOllamaTags, ollamaToOpenAIEmbeddings, openAIToOllamaEmbedRequest } from './embed';
import type { OllamaChatResponse } from './ollama-types';
import { OllamaStreamToOpenAI } from './stream';

const DIR = __dirname;
const ctx = { id: 'chatcmpl-local', model: 'client-model', created: 1700000000 };

/** Feeds a recorded NDJSON stream in small byte slices, as it would arrive over TCP. */
function replay(name: string, sliceBytes = 7): OpenAIChatChunk[] {
  const bytes = Buffer.from(readText(DIR, name));
  const decoder = new NdjsonDecoder();
  const conv = new OllamaStreamToOpenAI(ctx);
  const chunks: OpenAIChatChunk[] = [];
  for (let i = 0; i < bytes.length; i += sliceBytes) {
    for (const line of decoder.push(bytes.subarray(i, i + sliceBytes))) chunks.push(...conv.push(line as OllamaChatResponse));
  }
  for (const line of decoder.end()) chunks.push(...conv.push(line as OllamaChatResponse));
  return [...chunks, ...conv.finish()];
}

describe('OpenAI → Ollama /api/chat request (golden)', () => {
  it.each(['chat-images', 'chat-tools'])('%s', (name) => {
    const out = openAIToOllamaRequest(readJson(DIR, `${name}.openai-request.json`));
    expect(out).toEqual(golden(DIR, `${name}.ollama-request.json`, out));
  });

  it('remote image URLs are listed for the caller to inline (Ollama takes base64 only)', () => {
    expect(remoteImageUrls([{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'https://x/y.png' } }] }])).toEqual(['https://x/y.png']);
  });
});

describe('Ollama → OpenAI response (golden)', () => {
  it.each(['response', 'response-tools'])('%s', (name) => {
    const out = ollamaToOpenAIResponse(readJson(DIR, `${name}.ollama.json`), ctx);
    expect(out).toEqual(golden(DIR, `${name}.openai.json`, out));
  });
});

describe('Ollama NDJSON stream → OpenAI chunks (golden)', () => {
  it.each(['stream-text', 'stream-tools'])('%s', (name) => {
    const chunks = replay(`${name}.ollama.ndjson`);
    expect(chunks).toEqual(golden(DIR, `${name}.openai-chunks.json`, chunks));
  });

  it.each([1, 3, 64, 100000])('any slicing (%d bytes) gives the same chunks', (size) => {
    expect(replay('stream-tools.ollama.ndjson', size)).toEqual(replay('stream-tools.ollama.ndjson'));
  });

  it('stream and non-stream agree on text, tool calls and usage', () => {
    const folded = collectChunks(replay('stream-tools.ollama.ndjson'));
    expect(folded.choices[0].finish_reason).toBe('tool_calls');
    expect(folded.choices[0].message.tool_calls).toHaveLength(2);
    expect(folded.usage).toEqual({ prompt_tokens: 140, completion_tokens: 60, total_tokens: 200 });
  });

  it('an error line throws', () => {
    const conv = new OllamaStreamToOpenAI(ctx);
    expect(() => conv.push({ error: 'model "nope" not found' } as OllamaChatResponse)).toThrow('model "nope" not found');
  });
});

describe('round trip (OpenAI → Ollama → OpenAI)', () => {
  it('text, tool calls and usage survive', () => {
    const req = openAIToOllamaRequest(readJson(DIR, 'chat-tools.openai-request.json'));
    const assistant = req.messages.find((m) => m.role === 'assistant')!;
    const res = ollamaToOpenAIResponse({ model: 'qwen3', created_at: '', message: assistant, done: true, done_reason: 'stop', prompt_eval_count: 5, eval_count: 7 }, ctx);
    expect(res.choices[0].message.tool_calls?.map((c) => JSON.parse(c.function.arguments))).toEqual([{ location: 'Paris, FR', format: 'celsius' }]);
    expect(res.choices[0].finish_reason).toBe('tool_calls');
    expect(res.usage).toEqual({ prompt_tokens: 5, completion_tokens: 7, total_tokens: 12 });
    expect(req.messages[2]).toEqual({ role: 'tool', content: '22 degrees celsius, sunny', tool_name: 'get_current_weather' });
  });
});

describe('embeddings and models', () => {
  it('/api/embed both ways (golden)', () => {
    const req = openAIToOllamaEmbedRequest(readJson(DIR, 'embed.openai-request.json'));
    expect(req).toEqual({ model: 'all-minilm', input: ['Why is the sky blue?', 'Why is the grass green?'] });
    const out = ollamaToOpenAIEmbeddings(readJson(DIR, 'embed.ollama-response.json'));
    expect(out).toEqual(golden(DIR, 'embed.openai-response.json', out));
  });

  it('/api/tags → model names', () => {
    expect(modelIdsFromOllamaTags({ models: [{ name: 'llama3.2:latest' }, { name: 'qwen3:8b' }] })).toEqual(['llama3.2:latest', 'qwen3:8b']);
  });
});
