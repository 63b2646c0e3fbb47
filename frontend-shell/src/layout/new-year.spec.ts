import { isNewYearsDay } from './new-year';

describe('New Year easter egg', () => {
  it.each([
    [new Date(2026, 0, 1, 0, 0, 0), true],
    [new Date(2026, 0, 1, 23, 59, 59), true],
    [new Date(2030, 0, 1, 12), true],
    [new Date(2025, 11, 31, 23, 59, 59), false],
    [new Date(2026, 0, 2, 0, 0, 0), false],
    [new Date(2026, 1, 1), false],
    [new Date(2026, 6, 1), false],
  ])('%s → %s (local time)', (date, shown) => expect(isNewYearsDay(date)).toBe(shown));
});
