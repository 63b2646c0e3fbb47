import { ScriptedLlmMock } from '../mock-upstream/scripted-llm-mock';
import type { ApiClient } from './api-client';
import { setupRoot } from './fixtures';
import { expectLedger } from './ledger-invariant';
import { createChannel, createToken, Db, eventually, fundedUser } from './relay-fixtures';
import { startApp, type TestApp } from './test-app';

/**
 * The world of the framework-client suites: the gateway on a fresh database, one scripted upstream
 * (test/mock-upstream/scripted-llm-mock.ts) behind an OpenAI (type 1), an Anthropic (type 14) and a
 * Gemini (type 24) channel, and one funded customer whose ledger every case checks.
 *
 * Expected quotas use the pricing defaults on the usage the upstream's format reports
 * (SCRIPTED_USAGE): quota = model_ratio × (prompt + completion × completion_ratio), at least 1.
 */
export interface FrameworkChannel {
  readonly name: 'OpenAI' | 'Anthropic' | 'Gemini';
  readonly type: number;
  /** The chat model routed to this channel. */
  readonly model: string;
  /** [prompt, completion] the channel's upstream format reports. */
  readonly tokens: readonly [number, number];
  readonly quota: number;
  /** The embedding model routed to this channel (the chat model where the channel has none). */
  readonly embeddingModel: string;
  /** The charge of one embedding call; null where the channel cannot serve embeddings. */
  readonly embeddingQuota: number | null;
}

export const FRAMEWORK_CHANNELS: readonly FrameworkChannel[] = [
  // chat 12 / 8: gpt-4.1 1 × (12 + 8 × 4) = 44; embeddings 1000 in: text-embedding-3-small 0.01 × 1000 = 10
  {
    name: 'OpenAI',
    type: 1,
    model: 'gpt-4.1',
    tokens: [12, 8],
    quota: 44,
    embeddingModel: 'text-embedding-3-small',
    embeddingQuota: 10,
  },
  // Messages 20 / 10: claude-3-5-haiku 0.4 × (20 + 10 × 5) = 28; no embeddings
  {
    name: 'Anthropic',
    type: 14,
    model: 'claude-3-5-haiku-20241022',
    tokens: [20, 10],
    quota: 28,
    embeddingModel: 'claude-3-5-haiku-20241022',
    embeddingQuota: null,
  },
  // generateContent 100 / 50: gemini-2.0-flash 0.05 × (100 + 50 × 4) = 15; batchEmbedContents reports no
  // tokens, the gateway counts the few input tokens: text-embedding-004 0.01 × a few → the minimum 1
  {
    name: 'Gemini',
    type: 24,
    model: 'gemini-2.0-flash',
    tokens: [100, 50],
    quota: 15,
    embeddingModel: 'text-embedding-004',
    embeddingQuota: 1,
  },
];

/** The customer's token limit (the ledger invariant checks the token too). */
const TOKEN_QUOTA = 5_000_000;
const START = 10_000_000;

export class FrameworkWorld {
  private constructor(
    readonly t: TestApp,
    readonly db: Db,
    readonly root: ApiClient,
    readonly upstream: ScriptedLlmMock,
    /** The gateway key (as the API answers it, without `sk-`). */
    readonly key: string,
    private readonly userId: number,
    private readonly tokenId: number,
  ) {}

  static async start(username: string): Promise<FrameworkWorld> {
    const upstream = new ScriptedLlmMock();
    await upstream.start();
    const t = await startApp();
    const db = Db.open(t);
    const root = await setupRoot(t.url);
    for (const c of FRAMEWORK_CHANNELS) {
      const models = [...new Set([c.model, c.embeddingModel])].join(',');
      await createChannel(root, { name: c.name, type: c.type, key: `up-${c.name}`, base_url: upstream.url, models });
    }
    const user = await fundedUser(root, username, START);
    const token = await createToken(user.client, { remain_quota: TOKEN_QUOTA });
    return new FrameworkWorld(t, db, root, upstream, token.key, user.id, token.id);
  }

  get url(): string {
    return this.t.url;
  }

  /** The upstream requests made since `from` (an index into upstream.requests). */
  since(from: number) {
    return this.upstream.requests.slice(from);
  }

  /** The ledger invariant for the customer and its token (docs/ledger.md); `delivered` must each have a row. */
  async invariant(delivered: string[] = []): Promise<void> {
    await expectLedger(this.db, {
      users: { [this.userId]: 0 },
      tokens: { [this.tokenId]: TOKEN_QUOTA },
      delivered: delivered.map((requestId) => ({ requestId, userId: this.userId })),
    });
  }

  /** Request ids (x-oneapi-request-id) of the successful gateway answers since begin(). */
  private seen: string[] = [];

  /** A fetch for the clients under test: records the request id of every successful answer. */
  readonly fetch: typeof fetch = async (input, init) => {
    const res = await fetch(input, init);
    const id = res.headers.get('x-oneapi-request-id');
    if (res.ok && id) this.seen.push(id);
    return res;
  };

  /** Starts a case: its charges are the rows of the requests answered from now on. */
  begin(): void {
    this.seen = [];
  }

  /** Exactly `n` charges onto channel `c` since begin(), each exact, then the ledger invariant. */
  async charged(c: FrameworkChannel, n = 1, path?: string | RegExp): Promise<void> {
    await this.chargedAs({ model: c.model, tokens: c.tokens, quota: c.quota, path }, n);
  }

  /**
   * Exactly `n` answers since begin(), each with one consumption row for `model`, with the reported tokens if given, and
   * priced by the formula from its own ratios (quota = model × group × (prompt + completion ×
   * completion ratio), at least 1) equal to `quota`, logged under the gateway path `path` if given;
   * then the ledger invariant.
   */
  async chargedAs(
    e: { model: string; tokens?: readonly number[]; quota: number; path?: string | RegExp },
    n = 1,
  ): Promise<void> {
    const ids = [...this.seen];
    expect(ids).toHaveLength(n);
    const rows = async () =>
      this.db.logRows(`SELECT * FROM logs WHERE type = 2 AND request_id IN (${ids.map(() => '?').join(', ')})`, ids);
    await eventually(async () => (await rows()).length >= n, 15_000);
    const logs = await rows();
    expect(logs).toHaveLength(n);
    for (const log of logs) {
      expect(log.model_name).toBe(e.model);
      if (e.tokens) expect(log).toMatchObject({ prompt_tokens: e.tokens[0], completion_tokens: e.tokens[1] });
      const r = JSON.parse(log.other);
      const price = r.model_ratio * r.group_ratio * (log.prompt_tokens + log.completion_tokens * r.completion_ratio);
      expect(Number(log.quota)).toBe(Math.max(1, Math.round(price)));
      expect(Number(log.quota)).toBe(e.quota);
      if (e.path) expect(r.request_path).toMatch(e.path);
    }
    await this.invariant(ids);
  }

  async close(): Promise<void> {
    this.db.close();
    await this.t.close();
    await this.upstream.close();
  }
}
