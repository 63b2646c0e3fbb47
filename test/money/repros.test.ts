import { DEFAULT_MODEL_RATIO } from '@gw/shared';
import { AnthropicScriptMock, claudeDeltas } from '../mock-upstream/anthropic-script-mock';
import { MockUpstream } from '../mock-upstream/mock-upstream';
import { ApiClient } from '../support/api-client';
import { createUser, setOption, setupRoot } from '../support/fixtures';
import { expectLedger, type DeliveredResponse } from '../support/ledger-invariant';
import { createChannel, createToken, Db, eventually } from '../support/relay-fixtures';
import { startApp, TEST_DB, type TestApp } from '../support/test-app';
import { delivery, relayCall, type CallOptions } from './money-client';

/**
 * Every money defect found in the ledger so far, one named case each, against the built gateway on a real database. Every
 * case ends with the ledger invariant over its own users and tokens (never global counts).
 * Prices: gpt-4o ratio 1.25, completion ×4; claude-sonnet-4 ratio 1.5, completion ×5; PreConsumedQuota
 * 500 prompt tokens (a request without max_tokens reserves 1.25 × 500 = 625 on gpt-4o).
 */
const OPENAI_MODELS = 'gpt-4o,gpt-4o-mini,whisper-1,unpriced-model,gpt-4o-audio-preview,poison-model';
const CLAUDE = 'claude-sonnet-4-20250514';
const hi = [{ role: 'user', content: 'hi' }];

describe(`money: known defects stay fixed (${TEST_DB})`, () => {
  let t: TestApp;
  let db: Db;
  let root: ApiClient;
  let mock: MockUpstream;
  let claude: AnthropicScriptMock;
  let serial = 0;

  /** What one case's invariant covers: its users (from 0), tokens (from their remain_quota) and deliveries. */
  class Scope {
    readonly users: Record<number, number> = {};
    readonly tokens: Record<number, number> = {};
    readonly delivered: DeliveredResponse[] = [];
    check(timeoutMs?: number) {
      return expectLedger(db, { users: this.users, tokens: this.tokens, delivered: this.delivered }, timeoutMs);
    }
  }

  /** A user funded by an admin edit, with a limited token. */
  async function customer(scope: Scope, prefix: string, quota: number, tokenQuota = 10_000_000) {
    const u = await createUser(root, `${prefix}${++serial}`);
    if (quota !== 0) {
      const res = await root.put('/api/user/', { id: u.id, quota });
      if (res.status !== 200 || !res.body.success) throw new Error(`fund: ${JSON.stringify(res.body)}`);
    }
    const token = await createToken(u.client, { remain_quota: tokenQuota });
    scope.users[u.id] = 0;
    scope.tokens[token.id] = tokenQuota;
    return { ...u, key: token.key, tokenId: token.id };
  }

  const chat = (key: string, body: object, o?: CallOptions) => relayCall(`${t.url}/v1/chat/completions`, key, body, o);
  const quotaOf = async (userId: number) =>
    Number((await db.one('SELECT quota FROM users WHERE id = ?', [userId])).quota);
  const chargeRows = (userId: number) =>
    db.all('SELECT * FROM logs WHERE type = 2 AND user_id = ? ORDER BY id', [userId]);
  /** Waits for `n` charge rows of the user, then returns them. */
  async function charged(userId: number, n: number): Promise<any[]> {
    await eventually(async () => (await chargeRows(userId)).length >= n, 15_000);
    return chargeRows(userId);
  }

  beforeAll(async () => {
    mock = new MockUpstream();
    await mock.start();
    claude = new AnthropicScriptMock();
    await claude.start();
    // The production batch interval (500 ms): windows where money waits in memory are as wide as in service.
    t = await startApp({ NODE_NAME: 'money-repros', BATCH_UPDATE_INTERVAL_MS: '500' });
    db = Db.open(t);
    root = await setupRoot(t.url);
    await setOption(
      root,
      'ModelRatio',
      JSON.stringify({ ...DEFAULT_MODEL_RATIO, 'gpt-4o-audio-preview': 1.25, 'poison-model': 1 }),
    );
    await setOption(root, 'CompletionRatio', JSON.stringify({ 'gpt-4o-audio-preview': 4 }));
    await createChannel(root, { name: 'openai', key: 'rep-up', base_url: mock.url, models: OPENAI_MODELS });
    await createChannel(root, { name: 'claude', type: 14, key: 'sk-ant-rep', base_url: claude.url, models: CLAUDE });
  });
  afterAll(async () => {
    db?.close();
    await t?.close();
    await mock?.close();
    await claude?.close();
  });
  beforeEach(() => {
    mock.reset();
    claude.script = {};
  });

  it('interleaved SQLite transactions: admin quota edits beside sign-ups with a taken name all stay', async () => {
    const scope = new Scope();
    const names = Array.from({ length: 40 }, () => `edit${++serial}`);
    for (const username of names) {
      const res = await root.post('/api/user/', { username, password: 'user-pass-1', display_name: username });
      expect(res.status).toBeLessThan(300);
    }
    const ids: number[] = [];
    for (const n of names) ids.push(Number((await db.one('SELECT id FROM users WHERE username = ?', [n])).id));
    for (const id of ids) scope.users[id] = 0;
    // Sign-ups with a taken name hash the password inside their transaction; the edits run beside them.
    const signups = Array.from({ length: 12 }, () =>
      new ApiClient(t.url).post('/api/user/register', {
        username: 'root',
        password: 'taken-name-1',
        password2: 'taken-name-1',
      }),
    );
    const edits = ids.map((id, i) => root.put('/api/user/', { id, quota: 10_000 + i }));
    const [signed, edited] = await Promise.all([Promise.all(signups), Promise.all(edits)]);
    expect(signed.filter((r) => r.status < 400 && r.body?.success !== false)).toEqual([]);
    const answered = ids.filter((_, i) => edited[i].status === 200 && edited[i].body.success);
    expect(answered.length).toBeGreaterThan(0);
    const lost: string[] = [];
    for (const id of answered) {
      const want = 10_000 + ids.indexOf(id);
      const have = await quotaOf(id);
      if (have !== want) lost.push(`user #${id}: edit to ${want} answered success, quota is ${have}`);
    }
    expect(lost).toEqual([]);
    await scope.check();
  });

  it('refund before overage: B, reserving little and costing much right after A, is charged in full', async () => {
    const scope = new Scope();
    // 51,250 = A's reservation 50,625 (1.25 × (500 + 10,000 × 4)) + B's 625.
    const u = await customer(scope, 'rbo', 51_250);
    mock.setDefault({ usage: { prompt_tokens: 10, completion_tokens: 20 } }); // A costs 1.25 × 90 = 113
    const a = await chat(u.key, { model: 'gpt-4o', messages: hi, max_tokens: 10_000 });
    expect(a.status).toBe(200);
    mock.setDefault({ usage: { prompt_tokens: 10, completion_tokens: 10_000 } }); // B costs 1.25 × 40,010 = 50,013
    const b = await chat(u.key, { model: 'gpt-4o', messages: hi });
    expect(b.status).toBe(200); // A's refund must already be there: the user can pay
    scope.delivered.push(...delivery(u.id, a), ...delivery(u.id, b));
    const rows = await charged(u.id, 2);
    expect(rows.map((r) => Number(r.quota))).toEqual([113, 50_013]);
    await eventually(async () => (await quotaOf(u.id)) === 51_250 - 113 - 50_013, 15_000);
    expect(await quotaOf(u.id)).toBe(1_124);
    await scope.check();
  });

  it('parallel overage: 20 streams each using more than reserved are charged in full, then the user is refused', async () => {
    const scope = new Scope();
    const u = await customer(scope, 'par', 20_000);
    // Each reserves 625 and uses 1.25 × (10 + 1,000 × 4) = 5,013.
    mock.setDefault({ chunks: 4, chunkDelayMs: 100, usage: { prompt_tokens: 10, completion_tokens: 1_000 } });
    const body = { model: 'gpt-4o', messages: hi, stream: true, stream_options: { include_usage: true } };
    const results = await Promise.all(Array.from({ length: 20 }, () => chat(u.key, body)));
    for (const r of results) expect([200, 403]).toContain(r.status);
    const served = results.filter((r) => r.complete);
    expect(served.length).toBeGreaterThan(0);
    for (const r of served) scope.delivered.push(...delivery(u.id, r));
    // Then (should few streams have been admitted) more requests until the user is refused.
    let last = served[0];
    for (let i = 0; i < 5 && last.status === 200; i++) {
      await eventually(async () => (await chargeRows(u.id)).length >= scope.delivered.length, 15_000);
      last = await chat(u.key, { model: 'gpt-4o', messages: hi });
      scope.delivered.push(...delivery(u.id, last));
    }
    expect(last.status).toBe(403);
    const rows = await charged(u.id, scope.delivered.length);
    expect(rows.map((r) => Number(r.quota))).toEqual(rows.map(() => 5_013));
    for (const r of rows) expect(JSON.parse(r.other).overage).toBe(5_013 - 625);
    // Below zero only by the overage of the admitted requests.
    await eventually(async () => (await quotaOf(u.id)) === 20_000 - 5_013 * rows.length, 15_000);
    expect(await quotaOf(u.id)).toBe(20_000 - 5_013 * rows.length);
    expect(await quotaOf(u.id)).toBeLessThanOrEqual(0);
    await scope.check();
  });

  it('admin edit during spending: PUT /api/user/ with original_quota keeps the spending', async () => {
    const scope = new Scope();
    const u = await customer(scope, 'adm', 100_000);
    const original = Number((await root.get(`/api/user/${u.id}`)).body.data.quota);
    expect(original).toBe(100_000);
    mock.setDefault({ usage: { prompt_tokens: 1_000, completion_tokens: 500 } }); // 1.25 × 3,000 = 3,750
    const spent = await chat(u.key, { model: 'gpt-4o', messages: hi });
    expect(spent.status).toBe(200);
    scope.delivered.push(...delivery(u.id, spent));
    // The drawer was opened before the spending: it sends the quota it loaded with the new one.
    const res = await root.put('/api/user/', { id: u.id, quota: original + 50_000, original_quota: original });
    expect(res.body.success).toBe(true);
    await charged(u.id, 1);
    await eventually(async () => (await quotaOf(u.id)) === 150_000 - 3_750, 15_000);
    expect(await quotaOf(u.id)).toBe(146_250);
    await scope.check();
  });

  it('cut Claude stream: billed max(reported, metered) output, not the 1 token of message_start', async () => {
    const scope = new Scope();
    const u = await customer(scope, 'cut', 1_000_000);
    claude.script = { events: claudeDeltas(CLAUDE, 60, ' word'), cut: true };
    const r = await chat(u.key, { model: CLAUDE, messages: hi, stream: true });
    expect(r.complete).toBe(false);
    expect(r.text).toContain('word');
    scope.delivered.push(...delivery(u.id, r));
    const [row] = await charged(u.id, 1);
    // 60 deltas of " word" reached the client: at least that many output tokens are metered.
    expect(Number(row.completion_tokens)).toBeGreaterThanOrEqual(60);
    expect(Number(row.quota)).toBeGreaterThanOrEqual(Math.round(1.5 * (10 + 60 * 5)));
    await scope.check();
  });

  it('absurd usage (2^63 completion tokens) is replaced by the local count and flagged usage_clamped', async () => {
    const scope = new Scope();
    const u = await customer(scope, 'abs', 10_000_000);
    mock.setDefault({ usage: { prompt_tokens: 10, completion_tokens: 2 ** 63 } });
    const r = await chat(u.key, { model: 'gpt-4o', messages: hi });
    expect(r.status).toBe(200);
    scope.delivered.push(...delivery(u.id, r));
    const [row] = await charged(u.id, 1);
    expect(JSON.parse(row.other).usage_clamped).toBe(true);
    // "Hello from the mock." is a handful of tokens: never free, never the balance.
    expect(Number(row.quota)).toBeGreaterThan(0);
    expect(Number(row.quota)).toBeLessThan(1_000);
    await scope.check();
  });

  it('PreConsumedQuota 0: a zero-balance user is refused for transcriptions', async () => {
    const scope = new Scope();
    const u = await customer(scope, 'pcq', 0);
    await setOption(root, 'PreConsumedQuota', '0');
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        const form = new FormData();
        form.append('model', 'whisper-1');
        form.append('file', new Blob([Buffer.from('RIFFfakeaudio')]), 'a.wav');
        const res = await fetch(`${t.url}/v1/audio/transcriptions`, {
          method: 'POST',
          headers: { authorization: `Bearer ${u.key}` },
          body: form,
        });
        await res.arrayBuffer();
        statuses.push(res.status);
      }
      expect(statuses).toEqual([403, 403, 403]);
      expect(mock.requests.filter((r) => r.path.includes('/audio/transcriptions'))).toHaveLength(0);
    } finally {
      await setOption(root, 'PreConsumedQuota', '500');
    }
    await scope.check();
  });

  it('unpriced model with the user flag accept_unset_model_ratio_model is billed above zero', async () => {
    const scope = new Scope();
    const u = await customer(scope, 'unp', 1_000_000);
    const set = await u.client.put('/api/user/setting', { notify_type: 'email', accept_unset_model_ratio_model: true });
    expect(set.status).toBe(200);
    mock.setDefault({ usage: { prompt_tokens: 100, completion_tokens: 100 } });
    const r = await chat(u.key, { model: 'unpriced-model', messages: hi });
    expect(r.status).toBe(200);
    scope.delivered.push(...delivery(u.id, r));
    const [row] = await charged(u.id, 1);
    expect(Number(row.quota)).toBeGreaterThan(0);
    await scope.check();
  });

  it('cache write: Anthropic cache_creation_input_tokens billed at the cache creation ratio 1.25', async () => {
    const scope = new Scope();
    const u = await customer(scope, 'cw', 1_000_000);
    claude.script = {
      usage: { input_tokens: 100, cache_creation_input_tokens: 1_000, cache_read_input_tokens: 0, output_tokens: 100 },
    };
    const r = await chat(u.key, { model: CLAUDE, messages: hi });
    expect(r.status).toBe(200);
    scope.delivered.push(...delivery(u.id, r));
    const [row] = await charged(u.id, 1);
    expect(Number(row.quota)).toBe(2_775); // 1.5 × (100 + 1,000 × 1.25 + 100 × 5)
    await scope.check();
  });

  it('audio: gpt-4o-audio usage with audio tokens billed at the audio ratios', async () => {
    const scope = new Scope();
    const u = await customer(scope, 'aud', 1_000_000);
    // new-api's defaults for gpt-4o-audio-preview: audio input ×16 of text, audio output ×2 of audio input.
    // Set them where the option exists; the expectation is the same either way.
    await setOption(root, 'AudioRatio', JSON.stringify({ 'gpt-4o-audio-preview': 16 })).catch(() => undefined);
    await setOption(root, 'AudioCompletionRatio', JSON.stringify({ 'gpt-4o-audio-preview': 2 })).catch(() => undefined);
    mock.setDefault({
      usage: {
        prompt_tokens: 100,
        completion_tokens: 10,
        prompt_tokens_details: { cached_tokens: 0, audio_tokens: 80 },
        completion_tokens_details: { audio_tokens: 10 },
      },
    });
    const r = await chat(u.key, { model: 'gpt-4o-audio-preview', messages: hi });
    expect(r.status).toBe(200);
    scope.delivered.push(...delivery(u.id, r));
    const [row] = await charged(u.id, 1);
    expect(Number(row.quota)).toBe(2_025); // 1.25 × (20 text + 80 × 16 + 0 text out × 4 + 10 × 16 × 2)
    await scope.check();
  });

  it.each([
    ['not JSON', 'this is not json {'],
    ['an error object', JSON.stringify({ error: { message: 'upstream exploded', type: 'server_error' } })],
  ])('bad 200 body (%s) becomes a 502 and is refunded', async (_, rawBody) => {
    const scope = new Scope();
    const u = await customer(scope, 'b2', 1_000_000);
    mock.setDefault({ rawBody });
    const bad = await chat(u.key, { model: 'gpt-4o', messages: hi });
    expect(bad.status).toBe(502);
    expect(bad.body?.error?.message).toEqual(expect.any(String));
    // A good request after it: once its row is there, the bad one's would be too.
    mock.setDefault({ usage: { prompt_tokens: 10, completion_tokens: 20 } });
    const good = await chat(u.key, { model: 'gpt-4o', messages: hi });
    expect(good.status).toBe(200);
    scope.delivered.push(...delivery(u.id, good));
    const rows = await charged(u.id, 1);
    expect(rows.map((r) => Number(r.quota))).toEqual([113]);
    await eventually(async () => (await quotaOf(u.id)) === 1_000_000 - 113, 15_000);
    expect(await quotaOf(u.id)).toBe(1_000_000 - 113);
    await scope.check();
  });

  it('poison log row: a playground request with a 100-character group gets 400', async () => {
    const scope = new Scope();
    const player = await customer(scope, 'pg', 1_000_000);
    const pg = await player.client.post('/pg/chat/completions', {
      model: 'gpt-4o',
      messages: hi,
      group: 'g'.repeat(100),
    });
    expect(pg.status).toBe(400);
    await scope.check();
  });

  it('poison log row: rows keep being written after a row the database refuses', async () => {
    const scope = new Scope();
    const poisoner = await customer(new Scope(), 'poi', 1_000_000);
    // Rows the database refuses: a trigger rejects every log row of the poisoner (its charge on the
    // settlement path, the admin's edit on the log writer's path).
    const name = poisoner.username;
    await db.exec(
      TEST_DB === 'mysql'
        ? `CREATE TRIGGER money_poison BEFORE INSERT ON logs FOR EACH ROW BEGIN IF NEW.username = '${name}' THEN SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'poison row'; END IF; END`
        : `CREATE TRIGGER money_poison BEFORE INSERT ON logs WHEN NEW.username = '${name}' BEGIN SELECT RAISE(ABORT, 'poison row'); END`,
    );
    try {
      await chat(poisoner.key, { model: 'poison-model', messages: hi });
      await root.put('/api/user/', { id: poisoner.id, quota: 3_000_000 });
      // Rows behind them — a bystander's charge and an admin's quota edit — are still written.
      const bystander = await customer(scope, 'bys', 1_000_000);
      const r = await chat(bystander.key, { model: 'gpt-4o', messages: hi });
      expect(r.status).toBe(200);
      scope.delivered.push(...delivery(bystander.id, r));
      const edit = await root.put('/api/user/', { id: bystander.id, quota: 2_000_000 });
      expect(edit.body.success).toBe(true);
      expect(await charged(bystander.id, 1)).toHaveLength(1);
      const manageRows = async () =>
        Number((await db.one('SELECT COUNT(*) AS n FROM logs WHERE type = 3 AND user_id = ?', [bystander.id])).n);
      await eventually(async () => (await manageRows()) >= 2, 15_000);
      expect(await manageRows()).toBe(2); // funding, then the edit
      await scope.check();
    } finally {
      await db.exec('DROP TRIGGER IF EXISTS money_poison');
    }
  });
});
