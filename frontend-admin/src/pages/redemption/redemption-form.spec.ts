import type { RedemptionRecord } from '@gw/shared';
import { createPayload, formOf, NEW_REDEMPTION, rowActions, statusOf, updatePayload, windowProblem } from './redemption-form';

const row = (over: Partial<RedemptionRecord> = {}): RedemptionRecord => ({
  id: 1, user_id: 1, key: 'k', status: 1, name: 'n', quota: 100, created_time: 0, redeemed_time: 0,
  used_user_id: 0, is_gift: false, max_uses: 1, used_count: 0, valid_from: 0, valid_until: 0, ...over,
});

describe('redemption form', () => {
  it('defaults: quota 100000, count 1, max_uses -1; an empty name becomes the formatted quota', () => {
    expect(NEW_REDEMPTION).toMatchObject({ quota: 100000, count: 1, max_uses: -1, is_gift: false });
    expect(createPayload(NEW_REDEMPTION, { displayInCurrency: true, quotaPerUnit: 500000 })).toEqual({
      name: '$0.20', quota: 100000, count: 1, is_gift: false, max_uses: -1, valid_from: 0, valid_until: 0,
    });
    expect(createPayload({ ...NEW_REDEMPTION, name: '  ' }, { displayInCurrency: false, quotaPerUnit: 500000 }).name).toBe('100k');
  });

  it('sends times in seconds and round-trips a row', () => {
    const form = formOf(row({ is_gift: true, max_uses: 5, valid_from: 100, valid_until: 200 }));
    expect(form).toMatchObject({ valid_from: 100_000, valid_until: 200_000, max_uses: 5 });
    expect(updatePayload(1, form)).toMatchObject({ id: 1, valid_from: 100, valid_until: 200, is_gift: true, max_uses: 5 });
  });

  it('checks the validity window', () => {
    expect(windowProblem({ valid_from: 2000, valid_until: 1000 })).toBe('redemption.valid_range');
    expect(windowProblem({ valid_from: 1000, valid_until: 1000 })).toBe('redemption.valid_range');
    expect(windowProblem({ valid_from: 1000 })).toBeNull();
    expect(windowProblem({ valid_from: 1000, valid_until: 2000 })).toBeNull();
  });

  it('offers edit only while unused and never enables a used code; greys an exhausted gift code', () => {
    expect(rowActions(row({ status: 1 }))).toEqual({ edit: true, enable: false, disable: true });
    expect(rowActions(row({ status: 2 }))).toEqual({ edit: false, enable: true, disable: false });
    expect(rowActions(row({ status: 3 }))).toEqual({ edit: false, enable: false, disable: false });
    expect(statusOf(row({ is_gift: true, max_uses: 2, used_count: 2 })).greyed).toBe(true);
    expect(statusOf(row({ is_gift: true, max_uses: -1, used_count: 99 })).greyed).toBe(false);
  });
});
