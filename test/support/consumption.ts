import { Db, eventually } from './relay-fixtures';

export interface ExpectedCharge {
  model: string;
  /** [prompt, completion] tokens the upstream reported. */
  tokens: readonly number[];
  /** The quota the pricing defaults give (quota = model_ratio × (prompt + completion × completion_ratio)). */
  quota: number;
  /** The request path the log records. */
  path?: string;
}

/**
 * Follows one user's consumption logs (written in batches): `next` waits for the next request's log,
 * checks its tokens, model, path and charge, and that the balance fell by exactly the sum charged.
 */
export class ConsumptionChecker {
  private made = 0;

  constructor(
    private readonly db: Db,
    private readonly userId: number,
    private readonly start: number,
  ) {}

  /** A request whose log is checked by a later `next` (its charge still enters the balance check). */
  skip(): void {
    this.made++;
  }

  async next(expected: ExpectedCharge): Promise<Record<string, any>> {
    this.made++;
    await eventually(async () => (await this.count()) >= this.made, 15_000);
    const log = await this.db.one('SELECT * FROM logs WHERE type = 2 AND user_id = ? ORDER BY id DESC', [this.userId]);
    expect(log).toMatchObject({
      model_name: expected.model,
      prompt_tokens: expected.tokens[0],
      completion_tokens: expected.tokens[1],
    });
    expect(Number(log.quota)).toBe(expected.quota);
    const other = JSON.parse(log.other);
    const price =
      other.model_ratio * other.group_ratio * (expected.tokens[0] + expected.tokens[1] * other.completion_ratio);
    // A request with usage costs at least 1.
    expect(Number(log.quota)).toBe(Math.max(1, Math.round(price)));
    if (expected.path) expect(other.request_path).toBe(expected.path);
    await eventually(async () => this.start - (await this.quota()) === (await this.sum()), 15_000);
    expect(this.start - (await this.quota())).toBe(await this.sum());
    return log;
  }

  private async count(): Promise<number> {
    return Number(
      (await this.db.one('SELECT COUNT(*) AS n FROM logs WHERE type = 2 AND user_id = ?', [this.userId])).n,
    );
  }

  private async sum(): Promise<number> {
    return Number(
      (await this.db.one('SELECT SUM(quota) AS q FROM logs WHERE type = 2 AND user_id = ?', [this.userId])).q,
    );
  }

  private async quota(): Promise<number> {
    return Number((await this.db.one('SELECT quota FROM users WHERE id = ?', [this.userId])).quota);
  }
}
