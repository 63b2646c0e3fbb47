import { connect } from 'node:net';
import { DEFAULT_MODEL_RATIO } from '@gw/shared';
import OpenAI from 'openai';
import { setOption } from '../support/fixtures';
import { Ledger } from '../support/ledger';
import { expectLedger } from '../support/ledger-invariant';
import { createChannel, createToken, eventually, fundedUser } from '../support/relay-fixtures';
import { RelayHarness } from '../support/relay-harness';

/**
 * What the stream options promise (docs/relay.md): CheckSensitiveOnCompletionEnabled on whole answers
 * and streams (with and without StopOnSensitiveEnabled), and StreamCacheQueueLength against a client
 * that stops reading. Every model costs ratio 1, completion 1: quota = prompt + completion tokens.
 */
const MODELS = ['so-sensitive', 'so-clean', 'so-flood'];
const START = 10_000_000;
const TOKEN_QUOTA = 5_000_000;
/** "hi" counted locally: 1 token + 6 of chat framing. */
const PROMPT = 7;
/**
 * One flood chunk: 200 × " word", one token each, so n chunks are 200·n tokens however the output is
 * split for counting.
 */
const FLOOD_TEXT = ' word'.repeat(200);
const QUEUE = 5;

describe('relay: stream options (sensitive output, queue length)', () => {
  let h: RelayHarness;
  let userId: number;
  let tokenId: number;
  let key: string;
  let ledger: Ledger;
  let client: OpenAI;
  const hi = [{ role: 'user' as const, content: 'hi' }];

  beforeAll(async () => {
    h = await RelayHarness.start();
    const { root, openai } = h;
    await setOption(
      root,
      'ModelRatio',
      JSON.stringify({ ...DEFAULT_MODEL_RATIO, ...Object.fromEntries(MODELS.map((m) => [m, 1])) }),
    );
    await setOption(root, 'CompletionRatio', JSON.stringify(Object.fromEntries(MODELS.map((m) => [m, 1]))));
    await setOption(root, 'CheckSensitiveEnabled', 'true');
    await setOption(root, 'CheckSensitiveOnCompletionEnabled', 'true');
    await setOption(root, 'SensitiveWords', 'forbidden\nsecret plan');
    await setOption(root, 'StreamCacheQueueLength', String(QUEUE));
    await createChannel(root, { type: 1, key: 'so-sens', base_url: openai.url, models: 'so-sensitive' });
    // The word arrives split across two events.
    openai.on('so-sens', { chunkTexts: ['Hello ', 'forb', 'idden ', 'tail'], content: 'this is Forbidden.' });
    await createChannel(root, { type: 1, key: 'so-clean', base_url: openai.url, models: 'so-clean' });
    openai.on('so-clean', { chunkTexts: ['Hello ', 'there'], content: 'all fine' });
    await createChannel(root, { type: 1, key: 'so-flood', base_url: openai.url, models: 'so-flood' });
    openai.on('so-flood', { chunks: 20_000, chunkText: FLOOD_TEXT });
    const user = await fundedUser(root, 'streamopts', START);
    const token = await createToken(user.client, { remain_quota: TOKEN_QUOTA });
    userId = user.id;
    tokenId = token.id;
    key = token.key;
    ledger = new Ledger(h.db, user.id, START);
    client = new OpenAI({ apiKey: key, baseURL: `${h.t.url}/v1`, maxRetries: 0 });
  });
  afterAll(() => h?.close());

  const streamText = async (model: string) => {
    let text = '';
    const stream = await client.chat.completions.create({ model, stream: true, messages: hi });
    try {
      for await (const c of stream) text += c.choices[0]?.delta?.content ?? '';
    } catch (err) {
      return { text, error: err as InstanceType<typeof OpenAI.APIError> };
    }
    return { text, error: null };
  };

  it('a whole answer with a sensitive word is refused (400 sensitive_words_detected) and not charged', async () => {
    const before = await ledger.quota();
    const err = await client.chat.completions.create({ model: 'so-sensitive', messages: hi }).catch((e) => e);
    expect(err).toBeInstanceOf(OpenAI.APIError);
    expect(err.status).toBe(400);
    expect(err.code).toBe('sensitive_words_detected');
    // A clean answer afterwards is the next (and only) charge: the refused one left no row.
    const ok = await client.chat.completions.create({ model: 'so-clean', messages: hi });
    expect(ok.choices[0].message.content).toBe('all fine');
    await ledger.charged({ model: 'so-clean', tokens: [10, 20], quota: 30 });
    expect(before - (await ledger.quota())).toBe(30);
  });

  it('StopOnSensitiveEnabled: the stream ends with the error event when a word completes; billed on what was delivered', async () => {
    const { text, error } = await streamText('so-sensitive');
    // "forb" went out before the word was complete; the event that completes it did not.
    expect(text).toBe('Hello forb');
    expect(error).toBeInstanceOf(OpenAI.APIError);
    expect(error?.code).toBe('sensitive_words_detected');
    // "Hello forb": "Hello", " forb" → 2 tokens, counted locally.
    const log = await ledger.charged({ model: 'so-sensitive', tokens: [PROMPT, 2], quota: PROMPT + 2 });
    expect(JSON.parse(log.other)).toMatchObject({
      stream_status: 'interrupted',
      error_type: 'gateway',
      error_code: 'sensitive_words_detected',
    });
  });

  it('without StopOnSensitiveEnabled the stream is delivered and charged in full (the word is only logged)', async () => {
    await setOption(h.root, 'StopOnSensitiveEnabled', 'false');
    try {
      const { text, error } = await streamText('so-sensitive');
      expect(error).toBeNull();
      expect(text).toBe('Hello forbidden tail');
      const log = await ledger.charged({ model: 'so-sensitive', tokens: [10, 20], quota: 30 });
      expect(JSON.parse(log.other).stream_status).toBeUndefined();
    } finally {
      await setOption(h.root, 'StopOnSensitiveEnabled', 'true');
    }
  });

  it('StreamCacheQueueLength: a client that stops reading is cut, the upstream aborted, delivery billed', async () => {
    h.openai.aborted = 0;
    const url = new URL(h.t.url);
    const body = JSON.stringify({ model: 'so-flood', stream: true, messages: hi });
    const socket = connect(Number(url.port), url.hostname);
    const received: Buffer[] = [];
    socket.on('data', (d: Buffer) => received.push(d));
    const ended = new Promise((r) => socket.once('close', r));
    await new Promise((r) => socket.once('connect', r));
    socket.write(
      `POST /v1/chat/completions HTTP/1.1\r\nhost: ${url.host}\r\nauthorization: Bearer ${key}\r\n` +
        `content-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
    );
    // Read the response head, then stop reading: the gateway's writes back up.
    await eventually(async () => Buffer.concat(received).includes('\r\n\r\n'), 10_000);
    socket.pause();
    // The gateway gives up on this client: the upstream request is aborted and the request billed.
    expect(await eventually(async () => h.openai.aborted === 1, 30_000)).toBe(true);
    const log = await ledger.charged({ model: 'so-flood' });
    expect(JSON.parse(log.other)).toMatchObject({
      stream_status: 'interrupted',
      error_type: 'gateway',
      error_code: 'stream_queue_overflow',
    });
    // Now read what was queued: the events delivered, then the error event.
    socket.resume();
    await ended;
    const text = Buffer.concat(received).toString('utf8');
    // The last event (before the chunked encoding's end) is the error.
    expect(text).toMatch(/\ndata: \{"error":\{[^\n]*"code":"stream_queue_overflow"\}\}\n\n\r\n0\r\n\r\n$/);
    expect(text).not.toContain('[DONE]');
    const chunks = text.split(FLOOD_TEXT).length - 1;
    expect(chunks).toBeGreaterThan(0);
    expect(chunks).toBeLessThan(20_000);
    // Exactly what reached the client is billed.
    expect(log).toMatchObject({ prompt_tokens: PROMPT, completion_tokens: 200 * chunks });
    expect(Number(log.quota)).toBe(PROMPT + 200 * chunks);
  });

  it('the ledger invariant holds', async () => {
    await expectLedger(h.db, { users: { [userId]: 0 }, tokens: { [tokenId]: TOKEN_QUOTA } });
  });
});
