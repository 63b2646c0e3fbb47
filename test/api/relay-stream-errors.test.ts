import Anthropic from '@anthropic-ai/sdk';
import { ApiError, GoogleGenAI } from '@google/genai';
import { DEFAULT_MODEL_RATIO } from '@gw/shared';
import OpenAI from 'openai';
import type { CloudMock } from '../mock-upstream/cloud-mock';
import { OPENAI_STREAM_ERROR } from '../mock-upstream/mock-upstream';
import { ANTHROPIC_OVERLOADED, GEMINI_OVERLOADED, STREAM_ERROR } from '../mock-upstream/native-mock';
import { BEDROCK_KEY, startCloud } from '../support/cloud-fixtures';
import { setOption } from '../support/fixtures';
import { Ledger } from '../support/ledger';
import { expectLedger } from '../support/ledger-invariant';
import { createChannel, createToken, fundedUser } from '../support/relay-fixtures';
import { RelayHarness } from '../support/relay-harness';

/**
 * An error the upstream reports inside a stream, after the first text ("Hello "), reaches each client
 * format as that format's own error event with the upstream's type and message (docs/relay.md), and
 * the request is billed as interrupted on what was delivered. Every model costs ratio 1, completion 1:
 * quota = prompt + completion tokens.
 */
/**
 * `prompt`: the Claude upstreams report 10 input tokens in message_start; the others report none before
 * the error, so the prompt "hi" is counted locally (1 token + 6 of chat framing).
 */
const UPSTREAMS = [
  {
    name: 'OpenAI',
    model: 'se-openai',
    prompt: 7,
    error: { type: OPENAI_STREAM_ERROR.type, message: OPENAI_STREAM_ERROR.message },
  },
  { name: 'Anthropic', model: 'se-anthropic', prompt: 10, error: ANTHROPIC_OVERLOADED.error },
  {
    name: 'Gemini',
    model: 'se-gemini',
    prompt: 7,
    error: { type: 'UNAVAILABLE', message: GEMINI_OVERLOADED.error.message },
  },
  {
    name: 'Bedrock',
    model: 'se-bedrock',
    prompt: 10,
    error: { type: 'throttlingException', message: 'Too many requests, please wait before trying again.' },
  },
] as const;

/** What a client saw: the text before the error, and the error's type and message as its SDK raised them. */
interface Seen {
  text: string;
  type: string | undefined;
  message: string | undefined;
}

type Client = 'openai' | 'anthropic' | 'gemini';
const CLIENTS: Client[] = ['openai', 'anthropic', 'gemini'];

const START = 10_000_000;
const TOKEN_QUOTA = 5_000_000;
const SECRET_KEY = 'sk-se-channel-secret-0123456789';
const http = (baseUrl: string) => ({ baseUrl, headers: {}, fetch });

describe('relay: errors inside a stream, every upstream × client format', () => {
  let h: RelayHarness;
  let cloud: CloudMock;
  let userId: number;
  let tokenId: number;
  let ledger: Ledger;
  let openai: OpenAI;
  let anthropic: Anthropic;
  let gemini: GoogleGenAI;

  beforeAll(async () => {
    ({ cloud } = await startCloud());
    h = await RelayHarness.start();
    const { root, native } = h;
    const models = [...UPSTREAMS.map((u) => u.model), 'se-secret'];
    await setOption(
      root,
      'ModelRatio',
      JSON.stringify({ ...DEFAULT_MODEL_RATIO, ...Object.fromEntries(models.map((m) => [m, 1])) }),
    );
    await setOption(root, 'CompletionRatio', JSON.stringify(Object.fromEntries(models.map((m) => [m, 1]))));
    await createChannel(root, { type: 1, key: 'oa-err', base_url: h.openai.url, models: 'se-openai' });
    h.openai.on('oa-err', { chunks: 3, chunkText: 'Hello ', streamErrorAfterChunks: 1 });
    await createChannel(root, { type: 1, key: SECRET_KEY, base_url: h.openai.url, models: 'se-secret' });
    h.openai.on(SECRET_KEY, {
      chunks: 3,
      chunkText: 'Hello ',
      streamErrorAfterChunks: 1,
      streamError: { type: 'invalid_request_error', message: `key ${SECRET_KEY} is over its limit`, code: null },
    });
    const mapped = (model: string, upstream: string) => JSON.stringify({ [model]: upstream });
    await createChannel(root, {
      type: 14,
      key: 'ant-err',
      base_url: native.url,
      models: 'se-anthropic',
      model_mapping: mapped('se-anthropic', `claude-${STREAM_ERROR}`),
    });
    await createChannel(root, {
      type: 24,
      key: 'g-err',
      base_url: native.url,
      models: 'se-gemini',
      model_mapping: mapped('se-gemini', `gemini-${STREAM_ERROR}`),
    });
    await createChannel(root, {
      type: 33,
      key: BEDROCK_KEY,
      base_url: cloud.url,
      models: 'se-bedrock',
      // The cloud mock sends a throttlingException after the first text delta.
      model_mapping: mapped('se-bedrock', 'anthropic.throttled-v1:0'),
    });
    const user = await fundedUser(root, 'streamerr', START);
    const token = await createToken(user.client, { remain_quota: TOKEN_QUOTA });
    userId = user.id;
    tokenId = token.id;
    ledger = new Ledger(h.db, user.id, START);
    openai = new OpenAI({ apiKey: token.key, baseURL: `${h.t.url}/v1`, maxRetries: 0 });
    anthropic = new Anthropic({ apiKey: token.key, baseURL: h.t.url, maxRetries: 0 });
    gemini = new GoogleGenAI({ apiKey: token.key, httpOptions: http(h.t.url) });
  });
  afterAll(async () => {
    await h?.close();
    await cloud?.close();
  });

  const read: Record<Client, (model: string) => Promise<Seen>> = {
    async openai(model) {
      const seen: Seen = { text: '', type: undefined, message: undefined };
      const stream = await openai.chat.completions.create({
        model,
        stream: true,
        messages: [{ role: 'user', content: 'hi' }],
      });
      try {
        for await (const c of stream) seen.text += c.choices[0]?.delta?.content ?? '';
      } catch (err) {
        expect(err).toBeInstanceOf(OpenAI.APIError);
        return { ...seen, type: (err as InstanceType<typeof OpenAI.APIError>).type, message: (err as Error).message };
      }
      return seen;
    },
    async anthropic(model) {
      const seen: Seen = { text: '', type: undefined, message: undefined };
      const stream = await anthropic.messages.create({
        model,
        max_tokens: 64,
        stream: true,
        messages: [{ role: 'user', content: 'hi' }],
      });
      try {
        for await (const ev of stream) {
          if (ev.type === 'content_block_delta' && ev.delta.type === 'text_delta') seen.text += ev.delta.text;
        }
      } catch (err) {
        expect(err).toBeInstanceOf(Anthropic.APIError);
        const body = (err as InstanceType<typeof Anthropic.APIError>).error as {
          error?: { type: string; message: string };
        };
        return { ...seen, type: body.error?.type, message: body.error?.message };
      }
      return seen;
    },
    async gemini(model) {
      const seen: Seen = { text: '', type: undefined, message: undefined };
      try {
        const stream = await gemini.models.generateContentStream({ model, contents: 'hi' });
        for await (const c of stream) seen.text += c.text ?? '';
      } catch (err) {
        expect(err).toBeInstanceOf(ApiError);
        // The SDK raises the error element as "got status: STATUS. {json}".
        const text = (err as Error).message;
        const body = JSON.parse(text.slice(text.indexOf('{'))) as {
          error: { status: string; message: string; details?: { reason: string }[] };
        };
        return { ...seen, type: body.error.details?.[0]?.reason ?? body.error.status, message: body.error.message };
      }
      return seen;
    },
  };

  describe.each(UPSTREAMS)('$name upstream', (u) => {
    it.each(CLIENTS)(
      '%s client: the upstream error with its type and message; billed on what was delivered',
      async (client) => {
        const seen = await read[client](u.model);
        expect(seen).toEqual({ text: 'Hello ', type: u.error.type, message: u.error.message });
        // Billed as interrupted: the prompt plus the delivered "Hello " (2 tokens, counted locally).
        const log = await ledger.charged({ model: u.model, tokens: [u.prompt, 2], quota: u.prompt + 2 });
        expect(JSON.parse(log.other)).toMatchObject({ stream_status: 'interrupted', error_type: u.error.type });
      },
    );
  });

  it('the upstream message reaches the client without the channel key', async () => {
    const seen = await read.openai('se-secret');
    expect(seen.type).toBe('invalid_request_error');
    expect(seen.message).toBe('key [redacted] is over its limit');
    await ledger.charged({ model: 'se-secret', tokens: [7, 2], quota: 9 });
  });

  it('the ledger invariant holds', async () => {
    await expectLedger(h.db, { users: { [userId]: 0 }, tokens: { [tokenId]: TOKEN_QUOTA } });
  });
});
