import { channelListSchema } from './channel';
import { logListSchema } from './log';
import { pagingSchema } from './paging';
import { redemptionSearchSchema } from './redemption';
import { tokenSearchSchema } from './token';

describe('paging query (lenient)', () => {
  it.each<[string, Record<string, string>, { p: number; page_size?: number; size?: number }]>([
    ['absent', {}, { p: 0 }],
    ['numbers', { p: '3', page_size: '20', size: '50' }, { p: 3, page_size: 20, size: 50 }],
    ['non-numeric', { p: 'abc', page_size: 'ten', size: 'x' }, { p: 0 }],
    ['negative', { p: '-1', page_size: '-5', size: '-1' }, { p: 0 }],
    ['zero size, empty values', { p: '', page_size: '0', size: '' }, { p: 0 }],
    ['fractions', { p: '1.5', page_size: '2.5' }, { p: 0 }],
    ['above the maximum', { p: '5000000', page_size: '1000', size: '101' }, { p: 1_000_000, page_size: 100, size: 100 }],
  ])('%s', (_name, query, expected) => {
    expect(pagingSchema.parse(query)).toEqual({ page_size: undefined, size: undefined, ...expected });
  });

  it('every paged list query shares it', () => {
    const bad = { p: '-2', page_size: 'x', size: '1000' };
    expect(channelListSchema.parse(bad)).toMatchObject({ p: 0, page_size: undefined });
    expect(logListSchema.parse(bad)).toMatchObject({ p: 0, page_size: 10 });
    expect(logListSchema.parse({ page_size: '500' })).toMatchObject({ page_size: 100 });
    expect(tokenSearchSchema.parse(bad)).toMatchObject({ p: 0, page_size: undefined, size: 100 });
    expect(redemptionSearchSchema.parse(bad)).toMatchObject({ p: 0, page_size: undefined, size: 100 });
  });
});
