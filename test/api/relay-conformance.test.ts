import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { DEFAULT_MODEL_RATIO } from '@gw/shared';
import { setOption } from '../support/fixtures';
import { Ledger } from '../support/ledger';
import { expectLedger } from '../support/ledger-invariant';
import { createChannel, createToken, fundedUser } from '../support/relay-fixtures';
import { RelayHarness } from '../support/relay-harness';

/**
 * Small conformance points of the relay: every POST route answers 200 (not NestJS's default 201),
 * GET /v1/models in Anthropic's shape for Anthropic clients, and embeddings answers that carry the
 * prompt tokens billed when the upstream reports none.
 */
const EMBED_NO_USAGE_KEY = 'oa-embed-no-usage';
const OPENAI_EMBED = 'text-embedding-3-small';
const GEMINI_EMBED = 'text-embedding-004';
const OPENAI_MODELS = 'gpt-4o,gpt-3.5-turbo-instruct,omni-moderation-latest,dall-e-2,tts-1,whisper-1,rerank-v3.5';

const START = 100_000_000;
const TOKEN_QUOTA = 50_000_000;
const json = (body: unknown) => ({ body: JSON.stringify(body), type: 'application/json' });
function upload(fields: Record<string, string>): { body: FormData } {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([Buffer.from('RIFFfakeaudio')]), 'a.wav');
  return { body: form };
}
const chat = { model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] };
const gemini = { contents: [{ role: 'user', parts: [{ text: 'hi' }] }] };

/** Every relay POST route with a body it accepts; `session`: the console's playground. */
const POST_ROUTES: { path: string; body: () => { body: BodyInit; type?: string }; session?: boolean }[] = [
  { path: '/v1/chat/completions', body: () => json(chat) },
  { path: '/v1/completions', body: () => json({ model: 'gpt-3.5-turbo-instruct', prompt: 'x' }) },
  { path: '/v1/embeddings', body: () => json({ model: OPENAI_EMBED, input: 'x' }) },
  { path: '/v1/moderations', body: () => json({ model: 'omni-moderation-latest', input: 'x' }) },
  { path: '/v1/images/generations', body: () => json({ model: 'dall-e-2', prompt: 'a cat' }) },
  { path: '/v1/images/edits', body: () => upload({ model: 'dall-e-2', prompt: 'a cat' }) },
  { path: '/v1/audio/speech', body: () => json({ model: 'tts-1', voice: 'alloy', input: 'hello' }) },
  { path: '/v1/audio/transcriptions', body: () => upload({ model: 'whisper-1' }) },
  { path: '/v1/audio/translations', body: () => upload({ model: 'whisper-1' }) },
  { path: '/v1/rerank', body: () => json({ model: 'rerank-v3.5', query: 'q', documents: ['a', 'b'] }) },
  { path: '/v1/responses', body: () => json({ model: 'gpt-4o', input: 'hi' }) },
  { path: '/v1/messages', body: () => json({ ...chat, max_tokens: 50 }) },
  { path: '/v1/messages/count_tokens', body: () => json(chat) },
  { path: '/v1beta/models/gpt-4o:generateContent', body: () => json(gemini) },
  { path: '/v1beta/models/gpt-4o:countTokens', body: () => json(gemini) },
  {
    path: `/v1beta/models/${OPENAI_EMBED}:embedContent`,
    body: () => json({ content: { parts: [{ text: 'x' }] } }),
  },
  {
    path: `/v1beta/models/${OPENAI_EMBED}:batchEmbedContents`,
    body: () => json({ requests: [{ model: `models/${OPENAI_EMBED}`, content: { parts: [{ text: 'x' }] } }] }),
  },
  { path: '/pg/chat/completions', body: () => json({ ...chat, group: 'default' }), session: true },
];

describe('relay conformance', () => {
  let h: RelayHarness;
  let key: string;
  let ledger: Ledger;
  let customer: { id: number; tokenId: number };
  let sessionHeaders: Record<string, string>;

  beforeAll(async () => {
    h = await RelayHarness.start();
    const { root, native, openai } = h;
    await setOption(root, 'ModelRatio', JSON.stringify({ ...DEFAULT_MODEL_RATIO, 'rerank-v3.5': 1 }));
    await createChannel(root, { key: 'oa-key', base_url: openai.url, models: `${OPENAI_MODELS},${OPENAI_EMBED}` });
    openai.on(EMBED_NO_USAGE_KEY, { usage: null });
    await createChannel(root, { key: EMBED_NO_USAGE_KEY, base_url: openai.url, models: 'text-embedding-3-large' });
    await createChannel(root, { type: 24, key: 'g-embed', base_url: native.url, models: GEMINI_EMBED });
    const user = await fundedUser(root, 'conform', START);
    const token = await createToken(user.client, { remain_quota: TOKEN_QUOTA });
    key = token.key;
    customer = { id: user.id, tokenId: token.id };
    sessionHeaders = user.client.sessionHeaders();
    // Follows the embeddings charges one by one; the route table runs after them.
    ledger = new Ledger(h.db, user.id, START);
  });
  afterAll(() => h?.close());

  describe('GET /v1/models', () => {
    it('an Anthropic client gets the Anthropic list and model shapes', async () => {
      const client = new Anthropic({ apiKey: key, baseURL: h.t.url, maxRetries: 0 });
      const page = await client.models.list();
      const ids = page.data.map((m) => m.id);
      expect(ids).toContain('gpt-4o');
      expect(page.data[0]).toEqual({
        type: 'model',
        id: ids[0],
        display_name: ids[0],
        created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/),
      });
      expect(page.has_more).toBe(false);
      const raw = await fetch(`${h.t.url}/v1/models`, {
        headers: { 'x-api-key': key, 'anthropic-version': '2023-06-01' },
      }).then((r) => r.json());
      expect(raw).toMatchObject({ first_id: ids[0], last_id: ids.at(-1), has_more: false });
      expect(raw.object).toBeUndefined();

      const one = await client.models.retrieve('gpt-4o');
      expect(one).toMatchObject({ type: 'model', id: 'gpt-4o', display_name: 'gpt-4o' });
      await expect(client.models.retrieve('no-such-model')).rejects.toMatchObject({ status: 404 });
    });

    it('an OpenAI client keeps the OpenAI shapes', async () => {
      const client = new OpenAI({ apiKey: key, baseURL: `${h.t.url}/v1`, maxRetries: 0 });
      const list = await client.models.list();
      expect(list.data.find((m) => m.id === 'gpt-4o')).toMatchObject({ object: 'model', id: 'gpt-4o' });
      expect(await client.models.retrieve('gpt-4o')).toMatchObject({ object: 'model', id: 'gpt-4o' });
    });
  });

  describe('embeddings from channels without usage: the client sees the billed prompt tokens', () => {
    const client = () => new OpenAI({ apiKey: key, baseURL: `${h.t.url}/v1`, maxRetries: 0 });

    it.each([
      { name: 'OpenAI-compatible without usage', model: 'text-embedding-3-large' },
      { name: 'Gemini (reports no tokens)', model: GEMINI_EMBED },
    ])('$name', async ({ model }) => {
      const res = await client().embeddings.create({ model, input: ['hello there', 'general kenobi'] });
      expect(res.data).toHaveLength(2);
      const log = await ledger.charged({ model, path: '/v1/embeddings' });
      const billed = Number(log.prompt_tokens);
      expect(billed).toBeGreaterThan(0);
      expect(res.usage).toEqual({ prompt_tokens: billed, total_tokens: billed });
    });

    it('a reported usage is left as it is', async () => {
      const res = await client().embeddings.create({ model: OPENAI_EMBED, input: 'x' });
      expect(res.usage).toEqual({ prompt_tokens: 10, total_tokens: 10 });
      await ledger.charged({ model: OPENAI_EMBED, tokens: [10, 0], quota: 1, path: '/v1/embeddings' });
    });
  });

  it.each(POST_ROUTES)('POST $path answers 200', async ({ path, body, session }) => {
    const { body: payload, type } = body();
    const res = await fetch(`${h.t.url}${path}`, {
      method: 'POST',
      headers: {
        ...(session ? sessionHeaders : { authorization: `Bearer ${key}` }),
        ...(type ? { 'content-type': type } : {}),
      },
      body: payload,
    });
    const text = await res.text();
    expect({ status: res.status, text: res.status === 200 ? '' : text }).toEqual({ status: 200, text: '' });
  });

  it('the ledger holds: every charge above has its row, nothing left open', async () => {
    await expectLedger(h.db, { users: { [customer.id]: 0 }, tokens: { [customer.tokenId]: TOKEN_QUOTA } });
  });
});
