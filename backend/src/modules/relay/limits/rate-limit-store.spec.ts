import { MemoryRateLimitStore } from './rate-limit-store';

describe('MemoryRateLimitStore', () => {
  it('counts within a window and slides', () => {
    const s = new MemoryRateLimitStore();
    const w = 60_000;
    const t0 = 6_000_000;
    for (let i = 0; i < 3; i++) s.hit('k', w, t0 + i);
    expect(s.count('k', w, t0 + 10)).toBe(3);
    expect(s.count('k', w, t0 + w + w / 2)).toBe(1); // half of the previous window still counts
    expect(s.count('k', w, t0 + 3 * w)).toBe(0);
    s.sweep(t0 + 3 * w);
    expect(s.size).toBe(0);
  });
});
