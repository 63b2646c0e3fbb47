import { toListResult } from './paged';

describe('toListResult', () => {
  it.each([
    ['server paging', { items: [1, 2], total: 12, page: 1, page_size: 2 }, { items: [1, 2], total: 12, local: false }],
    ['a bare array', [1, 2, 3], { items: [1, 2, 3], total: 3, local: true }],
    ['a nested data list', { data: [1] }, { items: [1], total: 1, local: true }],
    ['null (endpoint missing)', null, { items: [], total: 0, local: false }],
    ['an unexpected object', { foo: 1 }, { items: [], total: 0, local: false }],
  ])('%s', (_n, input, expected) => expect(toListResult(input)).toMatchObject(expected));
});
