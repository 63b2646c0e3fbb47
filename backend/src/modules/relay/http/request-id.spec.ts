import { newRequestId } from './request-id';

describe('newRequestId', () => {
  it('starts with the UTC time to the millisecond, so ids sort by arrival', () => {
    const id = newRequestId(new Date('2026-11-23T21:05:09.007Z'));
    expect(id).toMatch(/^20261123210509007[0-9a-f]{12}$/);
    expect(newRequestId(new Date('2026-11-23T21:05:09.008Z')) > id).toBe(true);
  });

  it('is unique within one millisecond', () => {
    const now = new Date();
    expect(new Set(Array.from({ length: 1000 }, () => newRequestId(now))).size).toBe(1000);
  });
});
