import { clampAmount, codeFromSearch } from './wallet-helpers';

describe('wallet helpers', () => {
  it('clamps the amount to a whole number at least 1 and at least MinTopUp', () => {
    expect(clampAmount(0, 1)).toBe(1);
    expect(clampAmount(-5, 0)).toBe(1);
    expect(clampAmount(3, 5)).toBe(5);
    expect(clampAmount(7.9, 5)).toBe(7);
    expect(clampAmount(undefined, 2)).toBe(2);
    expect(clampAmount(Number.NaN, undefined)).toBe(1);
    expect(clampAmount(12, undefined)).toBe(12);
  });

  it('reads ?code= for the redeem box', () => {
    expect(codeFromSearch('?code=ABC123')).toBe('ABC123');
    expect(codeFromSearch('?x=1')).toBe('');
  });
});
