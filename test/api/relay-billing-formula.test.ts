import type { IncomingMessage, ServerResponse } from 'node:http';
import { DEFAULT_MODEL_RATIO } from '@gw/shared';
import { HttpMock, type MockRequest } from '../mock-upstream/http-mock';
import { setOption } from '../support/fixtures';
import { RelayHarness } from '../support/relay-harness';
import { createChannel, createToken, eventually, fundedUser, sleep } from '../support/relay-fixtures';

/**
 * The formula's terms and the usage the gateway refuses to believe (issue #10 items 6 and 7), against
 * the built gateway: each case answers from a scripted upstream and checks the charge and its log row.
 */

type Answer = (res: ServerResponse, req: MockRequest) => void;

/** An upstream whose answer is chosen per channel key (Bearer or x-api-key). */
class ScriptedMock extends HttpMock {
  private readonly answers = new Map<string, Answer>();

  script(key: string, answer: Answer): void {
    this.answers.set(key, answer);
  }

  byKey(key: string): MockRequest[] {
    return this.requests.filter((r) => keyOf(r) === key);
  }

  protected answer(_req: IncomingMessage, res: ServerResponse, r: MockRequest): void {
    const answer = this.answers.get(keyOf(r));
    if (answer) return answer(res, r);
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end('{"error":{"message":"no script"}}');
  }
}

const keyOf = (r: MockRequest) =>
  String(r.headers['x-api-key'] ?? String(r.headers.authorization ?? '').replace(/^Bearer /, ''));

const raw = (res: ServerResponse, status: number, contentType: string, body: string) => {
  res.writeHead(status, { 'content-type': contentType });
  res.end(body);
};

const REPLY = 'Hello world, this is a reply.';
/** An OpenAI chat answer whose usage is given as JSON text (so 1e400 and 2^63 go out as written). */
const openaiChat =
  (usageJson: string | null): Answer =>
  (res, r) =>
    raw(
      res,
      200,
      'application/json',
      `{"id":"chatcmpl-1","object":"chat.completion","created":1,"model":"${r.body.model}",` +
        `"choices":[{"index":0,"message":{"role":"assistant","content":"${REPLY}"},"finish_reason":"stop"}]` +
        `${usageJson === null ? '' : `,"usage":${usageJson}`}}`,
    );

const anthropicMessage =
  (usage: object): Answer =>
  (res, r) =>
    raw(
      res,
      200,
      'application/json',
      JSON.stringify({
        id: 'msg_1',
        type: 'message',
        role: 'assistant',
        model: r.body.model,
        content: [{ type: 'text', text: REPLY }],
        stop_reason: 'end_turn',
        usage,
      }),
    );

const CUT_TEXT = 'one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen';
/** A Claude stream cut after its content: message_start reported 1 output token, message_delta never came. */
const anthropicCutStream: Answer = (res, r) => {
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  const send = (data: { type: string } & Record<string, unknown>) => res.write(`event: ${data.type}\ndata: ${JSON.stringify(data)}\n\n`);
  send({
    type: 'message_start',
    message: {
      id: 'msg_1',
      type: 'message',
      role: 'assistant',
      model: r.body.model,
      content: [],
      usage: { input_tokens: 10, output_tokens: 1 },
    },
  });
  send({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } });
  for (const word of CUT_TEXT.split(' '))
    send({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: `${word} ` } });
  setTimeout(() => res.socket?.destroy(), 50);
};

const PROMPT = [{ role: 'user', content: 'Say hello to the world' }];
/** Local counts (o200k) of PROMPT and REPLY: 5 + 3 framing + 3 priming; 8. gpt-4o: 1.25 × (11 + 8 × 4) = 54. */
const LOCAL_GPT4O = { prompt: 11, completion: 8, quota: 54 };

interface BillingCase {
  name: string;
  model: string;
  answer: Answer;
  stream?: boolean;
  /** The user accepts unpriced models. */
  acceptUnpriced?: boolean;
  want: { prompt?: number; completion?: number; quota?: number; other?: Record<string, unknown> };
  /** Checks that need the row itself (quota from the row's own counts). */
  check?: (log: any) => void;
}

const CASES: BillingCase[] = [
  {
    // claude-sonnet-4: 1.5 × (10 + 1000 × 1.25 + 5 × 5) = 1927.5 (billed at 1.0 before: 1552.5)
    name: 'cache writes at CacheCreationRatio',
    model: 'claude-sonnet-4-20250514',
    answer: anthropicMessage({ input_tokens: 10, cache_creation_input_tokens: 1000, output_tokens: 5 }),
    want: {
      prompt: 1010,
      completion: 5,
      quota: 1928,
      other: { cache_creation_tokens: 1000, cache_creation_ratio: 1.25 },
    },
  },
  {
    // gpt-4o-audio-preview: 1.25 × (100 text + 200 audio × 16 + 50 text × 4 + 300 audio × 16 × 2) = 16375
    name: 'audio at AudioRatio and AudioCompletionRatio',
    model: 'gpt-4o-audio-preview',
    answer: openaiChat(
      '{"prompt_tokens":300,"completion_tokens":350,"prompt_tokens_details":{"audio_tokens":200},' +
        '"completion_tokens_details":{"audio_tokens":300}}',
    ),
    want: {
      prompt: 300,
      completion: 350,
      quota: 16375,
      other: { audio_input: 200, audio_output: 300, audio_ratio: 16 },
    },
  },
  ...(
    [
      ['2^63 completion', '{"prompt_tokens":10,"completion_tokens":9223372036854775808}'],
      ['negative counts', '{"prompt_tokens":-5,"completion_tokens":2}'],
      ['strings', '{"prompt_tokens":"10","completion_tokens":20}'],
      ['1e400', '{"prompt_tokens":10,"completion_tokens":1e400}'],
      ['a prompt far above the request', '{"prompt_tokens":5000000,"completion_tokens":8}'],
    ] as const
  ).map(([what, usage]): BillingCase => ({
    name: `absurd usage (${what}) is billed by the local count and flagged`,
    model: 'gpt-4o',
    answer: openaiChat(usage),
    want: {
      prompt: LOCAL_GPT4O.prompt,
      completion: LOCAL_GPT4O.completion,
      quota: LOCAL_GPT4O.quota,
      other: { usage_clamped: true },
    },
  })),
  {
    name: 'plausible usage is not flagged',
    model: 'gpt-4o',
    answer: openaiChat('{"prompt_tokens":12,"completion_tokens":9}'),
    want: { prompt: 12, completion: 9, quota: 60 }, // 1.25 × (12 + 36) = 60
    check: (log) => expect(JSON.parse(log.other).usage_clamped).toBeUndefined(),
  },
  {
    // 15 words delivered, the stream cut before message_delta: at least the metered words, not 1.
    name: 'a cut Claude stream pays its metered output',
    model: 'claude-sonnet-4-20250514',
    answer: anthropicCutStream,
    stream: true,
    want: { prompt: 10 },
    check: (log) => {
      expect(log.completion_tokens).toBeGreaterThanOrEqual(15);
      expect(Number(log.quota)).toBe(Math.round(1.5 * (10 + log.completion_tokens * 5)));
    },
  },
  {
    // UnsetModelRatio 37.5 × (10 + 20) (free before)
    name: 'an unpriced model accepted by the user pays the default ratio',
    model: 'unpriced-model',
    acceptUnpriced: true,
    answer: openaiChat('{"prompt_tokens":10,"completion_tokens":20}'),
    want: { prompt: 10, completion: 20, quota: 1125, other: { model_ratio: 37.5 } },
  },
];

describe('relay billing: the formula and upstream answers', () => {
  let h: RelayHarness;
  let mock: ScriptedMock;
  let users = 0;
  const chan: Record<string, number> = {};

  beforeAll(async () => {
    mock = new ScriptedMock();
    await mock.start();
    h = await RelayHarness.start();
    await setOption(
      h.root,
      'ModelRatio',
      JSON.stringify({ ...DEFAULT_MODEL_RATIO, 'bad-json-model': 1, 'bad-error-model': 1 }),
    );
    await setOption(h.root, 'RetryTimes', '1');
    await setOption(h.root, 'AutomaticDisableChannelEnabled', 'true');
    const add = async (key: string, models: string, extra: object = {}) => {
      chan[key] = await createChannel(h.root, { key, base_url: mock.url, models, ...extra });
    };
    await add('up-openai', 'gpt-4o,gpt-4o-audio-preview,unpriced-model');
    await add('up-claude', 'claude-sonnet-4-20250514', { type: 14 });
    // A failing channel first (priority 10), a good one behind it.
    await add('up-bad-json', 'bad-json-model', { priority: 10 });
    await add('up-good', 'bad-json-model', { priority: 0 });
    await add('up-bad-error', 'bad-error-model', { auto_ban: 1 });
  });
  afterAll(async () => {
    await h?.close();
    await mock?.close();
  });

  /** A user with 1,000,000 quota and a token of 5,000,000. */
  const customer = async (acceptUnpriced = false) => {
    const u = await fundedUser(h.root, `fm${++users}x${Math.floor(Math.random() * 1e6)}`.slice(0, 12), 1_000_000);
    const { key } = await createToken(u.client, { remain_quota: 5_000_000 });
    if (acceptUnpriced)
      await u.client.put('/api/user/setting', { notify_type: 'email', accept_unset_model_ratio_model: true });
    return { key, userId: u.id };
  };

  const chat = (key: string, body: object) =>
    fetch(`${h.t.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  const logsOf = (userId: number) => h.db.all('SELECT * FROM logs WHERE type = 2 AND user_id = ?', [userId]);
  const quotaOf = async (userId: number) =>
    Number((await h.db.one('SELECT quota FROM users WHERE id = ?', [userId])).quota);

  it.each(CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    mock.script(c.model.startsWith('claude') ? 'up-claude' : 'up-openai', c.answer);
    const u = await customer(c.acceptUnpriced);
    const res = await chat(u.key, { model: c.model, messages: PROMPT, stream: c.stream ?? false });
    expect(res.status).toBe(200);
    await res.text();
    const [log] = (await eventually(async () => ((await logsOf(u.userId)).length ? logsOf(u.userId) : null), 15_000))!;
    if (c.want.prompt !== undefined) expect(log.prompt_tokens).toBe(c.want.prompt);
    if (c.want.completion !== undefined) expect(log.completion_tokens).toBe(c.want.completion);
    if (c.want.quota !== undefined) expect(Number(log.quota)).toBe(c.want.quota);
    if (c.want.other) expect(JSON.parse(log.other)).toMatchObject(c.want.other);
    c.check?.(log);
    // The balance moved by exactly the logged charge.
    await eventually(async () => 1_000_000 - (await quotaOf(u.userId)) === Number(log.quota), 15_000);
    expect(1_000_000 - (await quotaOf(u.userId))).toBe(Number(log.quota));
  });

  // [name, answer of the failing channel, what the client must not see]
  const BAD_ANSWERS: [string, Answer][] = [
    ['a 200 whose body is not JSON', (res) => raw(res, 200, 'text/html', '<html><body>502 Bad Gateway</body></html>')],
    [
      'a 200 with truncated JSON',
      (res) => raw(res, 200, 'application/json', '{"id":"x","choices":[{"message":{"content":"hi'),
    ],
    [
      'a 200 carrying an error object',
      (res) => raw(res, 200, 'application/json', '{"error":{"message":"upstream overloaded","type":"server_error"}}'),
    ],
  ];

  it.each(BAD_ANSWERS)('%s fails over to the next channel, billed once', async (_name, answer) => {
    mock.script('up-bad-json', answer);
    mock.script('up-good', openaiChat('{"prompt_tokens":10,"completion_tokens":20}'));
    const before = mock.byKey('up-bad-json').length;
    const u = await customer();
    const res = await chat(u.key, { model: 'bad-json-model', messages: PROMPT });
    expect(res.status).toBe(200);
    expect((await res.json()).choices[0].message.content).toBe(REPLY);
    expect(mock.byKey('up-bad-json').length).toBe(before + 1);
    const [log] = (await eventually(async () => ((await logsOf(u.userId)).length ? logsOf(u.userId) : null), 15_000))!;
    expect(JSON.parse(log.other).admin_info.use_channel).toEqual([chan['up-bad-json'], chan['up-good']]);
    expect(Number(log.quota)).toBe(30); // 1 × (10 + 20)
  });

  it('a 200 with an error object and no other channel: 502 with the redacted message, refunded, channel disabled', async () => {
    mock.script('up-bad-error', (res) =>
      raw(
        res,
        200,
        'application/json',
        JSON.stringify({
          error: { message: 'You exceeded your current quota for key up-bad-error', type: 'insufficient_quota' },
        }),
      ),
    );
    const u = await customer();
    const res = await chat(u.key, { model: 'bad-error-model', messages: PROMPT });
    expect(res.status).toBe(502);
    const body = await res.json();
    expect(body.error.message).toContain('You exceeded your current quota');
    expect(body.error.message).not.toContain('up-bad-error');
    // Refunded: the balance comes back whole and no charge row is written.
    await eventually(async () => (await quotaOf(u.userId)) === 1_000_000, 15_000);
    expect(await quotaOf(u.userId)).toBe(1_000_000);
    await sleep(300);
    expect(await logsOf(u.userId)).toHaveLength(0);
    // Counted against the channel: the auto-disable keyword in its message disables it.
    const row = await eventually(async () => {
      const r = await h.db.one('SELECT status FROM channels WHERE id = ?', [chan['up-bad-error']]);
      return Number(r.status) === 3 ? r : null;
    }, 15_000);
    expect(Number(row?.status)).toBe(3);
  });
});
