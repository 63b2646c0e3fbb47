import type { OptionRepository, OptionRow } from '../modules/option/option.repository';
import { strictFake, type Public } from './strict-fake';

/**
 * `options` in memory, as OptionRepository reads and writes it: the key is the primary key (an
 * upsert replaces), a batch is all-or-nothing, and the conditional replace writes only while the
 * row still holds the expected value. Use `FakeOptionRepository.create()` (strict).
 */
export class FakeOptionRepository implements Public<OptionRepository> {
  /** The table, by key: specs read and seed it directly. */
  readonly rows = new Map<string, string | null>();
  /** Number of upsertAll calls (each is one transaction). */
  transactions = 0;
  /** Makes the next upsertAll fail as a database that refuses the write would. */
  failNextWrite?: Error;

  static create(seed: Record<string, string> = {}): FakeOptionRepository {
    const fake = new FakeOptionRepository();
    for (const [k, v] of Object.entries(seed)) fake.rows.set(k, v);
    return strictFake('OptionRepository', fake);
  }

  async findAll(): Promise<OptionRow[]> {
    return [...this.rows].map(([key, value]) => ({ key, value }));
  }

  async upsertAll(rows: readonly OptionRow[]): Promise<void> {
    const failure = this.failNextWrite;
    this.failNextWrite = undefined;
    if (failure) throw failure;
    if (rows.some((r) => r.key.length > 191)) throw new Error('value too long for options.key');
    this.transactions++;
    for (const { key, value } of rows) this.rows.set(key, value);
  }

  async replaceIfUnchanged(key: string, expected: string, value: string): Promise<boolean> {
    if (this.rows.get(key) !== expected) return false;
    this.rows.set(key, value);
    return true;
  }
}
