import type { IncomingMessage, ServerResponse } from 'node:http';
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { HttpMock, type MockRequest } from '../mock-upstream/http-mock';
import { ImageHostMock, NOT_IMAGE_PATH, OVERSIZE_PATH, TINY_PNG } from '../mock-upstream/image-mock';
import { Ledger } from '../support/ledger';
import { expectLedger } from '../support/ledger-invariant';
import { writeOptionRows } from '../support/oauth-fixtures';
import { createChannel, createToken, eventually, fundedUser } from '../support/relay-fixtures';
import { RelayHarness } from '../support/relay-harness';

/**
 * Image URLs sent to upstreams that take images only inline (Claude, Gemini): the gateway fetches
 * them and sends base64 with the media type, directly (public addresses only; OUTBOUND_TEST_ALLOW lets
 * this test's loopback image host in) or through the worker when WorkerUrl is set. Refused images are
 * the client's 400, not charged. Prices (pricing defaults): Anthropic 10 in / 20 out, claude-3-5-haiku
 * 0.4 × (10 + 20 × 5) = 44; Gemini 100 / 50, gemini-2.0-flash 0.05 × (100 + 50 × 4) = 15.
 */
const ANTHROPIC = { model: 'claude-3-5-haiku-20241022', tokens: [10, 20], quota: 44 };
const GEMINI = { model: 'gemini-2.0-flash', tokens: [100, 50], quota: 15 };
const START = 10_000_000;
const TOKEN_QUOTA = 5_000_000;
const PNG64 = TINY_PNG.toString('base64');
const WORKER_KEY = 'worker-secret-key';

/** The worker stand-in: answers each {url, key} POST with the PNG, as a worker that fetched it. */
class WorkerMock extends HttpMock {
  protected answer(_req: IncomingMessage, res: ServerResponse, { body }: MockRequest): void {
    if (body?.key !== WORKER_KEY) {
      res.writeHead(403);
      return void res.end();
    }
    res.writeHead(200, { 'content-type': 'image/png' });
    res.end(TINY_PNG);
  }
}

const withImage = (model: string, url: string) => ({
  model,
  messages: [
    {
      role: 'user' as const,
      content: [
        { type: 'text' as const, text: 'What is in the picture?' },
        { type: 'image_url' as const, image_url: { url } },
      ],
    },
  ],
});

describe('relay: image URLs inlined for Claude and Gemini upstreams', () => {
  let h: RelayHarness;
  const images = new ImageHostMock();
  const worker = new WorkerMock();
  let imageUrl: string;
  let ledger: Ledger;
  let client: OpenAI;
  let anthropic: Anthropic;
  const users: Record<number, number> = {};
  const tokens: Record<number, number> = {};

  const customer = async (name: string) => {
    const user = await fundedUser(h.root, name, START);
    const token = await createToken(user.client, { remain_quota: TOKEN_QUOTA });
    users[user.id] = 0;
    tokens[token.id] = TOKEN_QUOTA;
    return { user, key: token.key, client: new OpenAI({ apiKey: token.key, baseURL: `${h.t.url}/v1`, maxRetries: 0 }) };
  };
  const sentTo = (path: (p: string) => boolean) => h.native.requests.filter((r) => path(r.path)).at(-1)?.body;

  beforeAll(async () => {
    imageUrl = `${await images.start()}/cat.png`;
    await worker.start();
    // SYNC_FREQUENCY 1: options written to the database are picked up within a second.
    h = await RelayHarness.start({ OUTBOUND_TEST_ALLOW: '127.0.0.1', SYNC_FREQUENCY: '1' });
    await createChannel(h.root, { name: 'anthropic', type: 14, key: 'sk-ant', base_url: h.native.url, models: ANTHROPIC.model });
    await createChannel(h.root, { name: 'gemini', type: 24, key: 'g-key', base_url: h.native.url, models: GEMINI.model });
    const main = await customer('inline');
    client = main.client;
    anthropic = new Anthropic({ apiKey: main.key, baseURL: h.t.url, maxRetries: 0 });
    ledger = new Ledger(h.db, main.user.id, START);
  });
  afterAll(async () => {
    await h?.close();
    await images.stop();
    await worker.close();
  });

  it('Anthropic: the image reaches Claude as a base64 source with its media type, charged exactly', async () => {
    const res = await client.chat.completions.create(withImage(ANTHROPIC.model, imageUrl));
    expect(res.choices[0].message.content).toBe('Hello from Claude.');
    const blocks = sentTo((p) => p === '/v1/messages').messages[0].content;
    expect(blocks).toContainEqual({ type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG64 } });
    expect(images.requests).toContain('/cat.png');
    await ledger.charged(ANTHROPIC);
  });

  it('Gemini (streamed): the image reaches Gemini as inlineData, charged exactly', async () => {
    const stream = await client.chat.completions.create({ ...withImage(GEMINI.model, imageUrl), stream: true });
    for await (const chunk of stream) void chunk;
    const parts = sentTo((p) => p.includes(':streamGenerateContent')).contents[0].parts;
    expect(parts).toContainEqual({ inlineData: { mimeType: 'image/png', data: PNG64 } });
    await ledger.charged(GEMINI);
  });

  it('data: URLs pass untouched (nothing fetched)', async () => {
    const before = images.requests.length;
    await client.chat.completions.create(withImage(ANTHROPIC.model, `data:image/png;base64,${PNG64}`));
    expect(images.requests.length).toBe(before);
    expect(sentTo((p) => p === '/v1/messages').messages[0].content).toContainEqual({
      type: 'image',
      source: { type: 'base64', media_type: 'image/png', data: PNG64 },
    });
    await ledger.charged(ANTHROPIC);
  });

  it.each([
    ['an image over 20 MB', () => `${imageUrl.replace('/cat.png', OVERSIZE_PATH)}.png`, 'image_too_large'],
    ['a page that is not an image', () => imageUrl.replace('/cat.png', NOT_IMAGE_PATH), 'image_not_image'],
    ['a private address (not in the test allow list)', () => imageUrl.replace('127.0.0.1', '127.0.0.2'), 'image_url_refused'],
    ['an internal name', () => imageUrl.replace('127.0.0.1', 'localhost'), 'image_url_refused'],
  ])('refuses %s: 400 in the OpenAI format, not charged', async (_name, url, code) => {
    const before = await ledger.quota();
    const err = await client.chat.completions.create(withImage(GEMINI.model, url())).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OpenAI.APIError);
    expect(err).toMatchObject({ status: 400, code, type: 'invalid_request_error' });
    expect(await ledger.quota()).toBe(before);
  });

  it('Anthropic client: a URL image onto Gemini arrives inline; a refused one is a 400 in the Anthropic format', async () => {
    const ask = (url: string) =>
      anthropic.messages.create({
        model: GEMINI.model,
        max_tokens: 100,
        messages: [{ role: 'user', content: [{ type: 'image', source: { type: 'url', url } }, { type: 'text', text: 'What is it?' }] }],
      });
    await ask(imageUrl);
    const parts = sentTo((p) => p.includes(':generateContent')).contents[0].parts;
    expect(parts).toContainEqual({ inlineData: { mimeType: 'image/png', data: PNG64 } });
    await ledger.charged({ ...GEMINI, path: '/v1/messages' });

    const before = await ledger.quota();
    const refused = await ask(imageUrl.replace('127.0.0.1', '127.0.0.2')).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(Anthropic.BadRequestError);
    expect(refused).toMatchObject({ status: 400, error: { type: 'error', error: { type: 'invalid_request_error' } } });
    expect(await ledger.quota()).toBe(before);
  });

  it('with WorkerUrl set, images are fetched through the worker (it receives url and key)', async () => {
    // The option API refuses loopback URLs (the outbound rule): written to the database instead.
    await writeOptionRows(h.t, { WorkerUrl: worker.url, WorkerValidKey: WORKER_KEY }, async () => {
      const res = await h.root.get('/api/option/');
      return res.body.data?.some((o: { key: string; value: string }) => o.key === 'WorkerUrl' && o.value === worker.url);
    });
    const fetched = images.requests.length;
    await client.chat.completions.create(withImage(GEMINI.model, `${imageUrl}?via=worker`));
    const call = await eventually(async () => worker.requests.find((r) => r.body?.url === `${imageUrl}?via=worker`));
    expect(call).toMatchObject({ method: 'POST', body: { url: `${imageUrl}?via=worker`, key: WORKER_KEY } });
    expect(images.requests.length).toBe(fetched);
    const parts = sentTo((p) => p.includes(':generateContent')).contents[0].parts;
    expect(parts).toContainEqual({ inlineData: { mimeType: 'image/png', data: PNG64 } });
    await ledger.charged(GEMINI);
  });

  it('the ledger invariant holds for both users and tokens', async () => {
    await expectLedger(h.db, { users, tokens });
  });
});
