import { newRequestId } from './request-id';

describe('newRequestId', () => {
  it('starts with the UTC time to the millisecond, so ids sort by arrival', () => {
    const id = newRequestId(new Date('2026-11-23T21:05:09.007Z'));
    expect(id).toMatch(/^20261123210509007[0-9a-f]{12}$/);
    expect(newRequestId(new Date('2026-11-23T21:05:09.008Z')) > id).toBe(true);
  });

  it.each([
    ['2026-11-23T21:05:09.000Z', '20261123210509000'],
    ['2026-11-23T21:05:09.009Z', '20261123210509009'],
    ['2026-11-23T21:05:09.010Z', '20261123210509010'],
    ['2026-11-23T21:05:09.999Z', '20261123210509999'],
    ['2026-11-23T21:05:10.001Z', '20261123210510001'],
    ['2026-12-31T23:59:59.100Z', '20261231235959100'],
    ['2027-01-01T00:00:00.000Z', '20270101000000000'],
  ])('formats %s as %s (Date or ms, within and across seconds)', (iso, digits) => {
    expect(newRequestId(new Date(iso)).slice(0, 17)).toBe(digits);
    expect(newRequestId(Date.parse(iso)).slice(0, 17)).toBe(digits);
  });

  it('is unique within one millisecond', () => {
    const now = new Date();
    expect(new Set(Array.from({ length: 1000 }, () => newRequestId(now))).size).toBe(1000);
  });
});
