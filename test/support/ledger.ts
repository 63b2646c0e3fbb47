import type { Db } from './relay-fixtures';
import { eventually } from './relay-fixtures';

/**
 * One user's ledger as the tests read it: each relayed request must leave exactly one consumption log
 * (type 2) priced from its own ratios, and the balance must end at the start minus every logged charge.
 * Requests are counted in order, so a test waits for its own log even though logs land in batches.
 */
export interface ExpectedCharge {
  model: string;
  /** [prompt, completion] tokens the upstream reported. */
  tokens?: readonly number[];
  /** The quota the pricing defaults give (quota = model_ratio × (prompt + completion × completion_ratio)). */
  quota?: number;
  /** The request path the log records. */
  path?: string;
}

export class Ledger {
  private made = 0;

  constructor(
    private readonly db: Db,
    private readonly userId: number,
    private readonly start: number,
  ) {}

  async quota(): Promise<number> {
    return Number((await this.db.one('SELECT quota FROM users WHERE id = ?', [this.userId])).quota);
  }

  /** The user's consumption log rows, oldest first (from both databases with LOG_SQL_DSN). */
  private charges(): Promise<any[]> {
    return this.db.logRows('SELECT * FROM logs WHERE type = 2 AND user_id = ? ORDER BY id', [this.userId]);
  }

  /** The newest consumption log row. */
  async newest(): Promise<any> {
    return (await this.charges()).at(-1);
  }

  /** The log of the next request: its model, tokens, path and price, and the balance after it. Returns the log row. */
  async charged(expected: ExpectedCharge): Promise<any> {
    this.made++;
    const count = async () => (await this.charges()).length;
    await eventually(async () => (await count()) >= this.made, 15_000);
    const log = await this.newest();
    expect(log.model_name).toBe(expected.model);
    if (expected.tokens)
      expect(log).toMatchObject({ prompt_tokens: expected.tokens[0], completion_tokens: expected.tokens[1] });
    const r = JSON.parse(log.other);
    const price = r.model_ratio * r.group_ratio * (log.prompt_tokens + log.completion_tokens * r.completion_ratio);
    // A request with usage costs at least 1.
    expect(Number(log.quota)).toBe(Math.max(1, Math.round(price)));
    if (expected.quota !== undefined) expect(Number(log.quota)).toBe(expected.quota);
    if (expected.path) expect(r.request_path).toBe(expected.path);
    const sum = async () => (await this.charges()).reduce((s, r) => s + Number(r.quota), 0);
    await eventually(async () => this.start - (await this.quota()) === (await sum()), 15_000);
    expect(this.start - (await this.quota())).toBe(await sum());
    return log;
  }
}
