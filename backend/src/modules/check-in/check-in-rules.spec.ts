import { checkInAmount, dayKey } from './check-in-rules';

describe('check-in rules', () => {
  it('dayKey is the local calendar day as yyyymmdd', () => {
    expect(dayKey(new Date(2026, 0, 5, 23, 59))).toBe(20260105);
    expect(dayKey(new Date(2026, 11, 31, 0, 0))).toBe(20261231);
  });

  it.each([
    ['fixed when no max', 1000, 0, 0.99, 1000],
    ['fixed when max is below min', 1000, 500, 0.5, 1000],
    ['fixed when max equals min', 1000, 1000, 0.5, 1000],
    ['lowest draw', 100, 200, 0, 100],
    ['highest draw reaches max', 100, 200, 0.999999, 200],
    ['middle draw', 100, 200, 0.5, 150],
    ['zero', 0, 0, 0.5, 0],
  ])('%s', (_, min, max, r, expected) => {
    expect(checkInAmount(min, max, () => r)).toBe(expected);
  });

  it('every amount of the range can be drawn and none outside it', () => {
    const seen = new Set<number>();
    for (let i = 0; i < 1000; i++) seen.add(checkInAmount(10, 14, () => i / 1000));
    expect([...seen].sort()).toEqual([10, 11, 12, 13, 14]);
  });
});
