import { schemaProblem } from './problem';
import { createRedemptionSchema, giftExhausted, redeemSchema, updateRedemptionSchema } from './redemption';

describe('redemption schemas', () => {
  it('fills the creation defaults: quota 100000, count 1, max_uses -1, no window', () => {
    expect(createRedemptionSchema.parse({})).toEqual({
      name: '', quota: 100000, count: 1, is_gift: false, max_uses: -1, valid_from: 0, valid_until: 0,
    });
  });

  it.each([
    ['count 0', { count: 0 }, 'redemption.count_invalid'],
    ['count 101', { count: 101 }, 'redemption.count_invalid'],
    ['count 100', { count: 100 }, null],
    ['name of 21', { name: 'x'.repeat(21) }, 'redemption.name_length'],
    ['name of 20', { name: 'x'.repeat(20) }, null],
    ['quota 0', { quota: 0 }, 'redemption.quota_invalid'],
    ['max_uses 0', { max_uses: 0 }, 'redemption.max_uses_invalid'],
    ['max_uses -2', { max_uses: -2 }, 'redemption.max_uses_invalid'],
    ['from = until', { valid_from: 10, valid_until: 10 }, 'redemption.valid_range'],
    ['only from', { valid_from: 10 }, null],
    ['a chosen key with count 2', { key: 'my-code', count: 2 }, 'redemption.key_needs_single'],
    ['a chosen key with spaces inside', { key: 'my code' }, 'redemption.key_invalid'],
  ])('create: %s', (_n, body, expected) => expect(schemaProblem(createRedemptionSchema, body)).toBe(expected));

  it('update: a name, when sent, is 1..20 characters; the window is checked', () => {
    expect(schemaProblem(updateRedemptionSchema, { id: 1, name: '' })).toBe('redemption.name_length');
    expect(schemaProblem(updateRedemptionSchema, { id: 1, valid_from: 5, valid_until: 4 })).toBe('redemption.valid_range');
    expect(schemaProblem(updateRedemptionSchema, { id: 1, status: 2 })).toBeNull();
  });

  it('redeem needs a code', () => {
    expect(schemaProblem(redeemSchema, {})).toBe('redemption.key_required');
    expect(schemaProblem(redeemSchema, { key: '  ' })).toBe('redemption.key_required');
  });

  it('a gift code is used up at max_uses unless unlimited', () => {
    expect(giftExhausted({ is_gift: true, max_uses: 5, used_count: 5 })).toBe(true);
    expect(giftExhausted({ is_gift: true, max_uses: -1, used_count: 1e6 })).toBe(false);
    expect(giftExhausted({ is_gift: false, max_uses: 1, used_count: 1 })).toBe(false);
  });
});
