import { providerFor } from '../registry';

/** A channel type's balance query, as the registry gives it. */
const balanceQuery = (type: number) => providerFor(type)?.balance;

describe('balance queries', () => {
  it("OpenAI: hard limit minus this month's usage (cents)", () => {
    const q = balanceQuery(1)!;
    expect(q.paths(new Date('2025-03-31T12:00:00Z'))).toEqual([
      '/v1/dashboard/billing/subscription',
      '/v1/dashboard/billing/usage?start_date=2025-03-01&end_date=2025-04-01',
    ]);
    expect(q.read([{ hard_limit_usd: 120 }, { total_usage: 2050 }])).toBe(99.5);
  });

  it.each([
    [20, { data: { total_credits: 10, total_usage: 2.5 } }, 7.5],
    [
      25,
      {
        code: 0,
        data: { available_balance: 49.58894, voucher_balance: 46.58893, cash_balance: 3.00001 },
        scode: '0x0',
        status: true,
      },
      49.58894,
    ],
    [40, { data: { balance: '0.88', totalBalance: '88.5' } }, 88.5],
    [43, { is_available: true, balance_infos: [{ currency: 'CNY', total_balance: '42.50' }] }, 42.5],
  ])('type %i reads its answer', (type, answer, balance) => {
    expect(balanceQuery(type)!.read([answer])).toBe(balance);
  });

  it('answers without a balance read as NaN; types without an endpoint have no query', () => {
    expect(balanceQuery(25)!.read([{ error: 'x' }])).toBeNaN();
    expect(balanceQuery(43)!.read([{}])).toBeNaN();
    expect(balanceQuery(42)).toBeUndefined();
    expect(balanceQuery(14)).toBeUndefined();
  });
});
