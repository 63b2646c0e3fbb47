import type { ListResult } from '../api/paged';
import { initialPagedList, pageRows, pagedListReducer as reduce, type PagedListAction, type PagedListState } from './paged-list-state';

type Q = { keyword: string };
type State = PagedListState<Q, number>;
const list = (items: number[], total = items.length, local = false): ListResult<number> => ({ items, total, page: 0, page_size: items.length, local });
const run = (state: State, ...actions: PagedListAction<Q, number>[]) => actions.reduce(reduce, state);
const start = initialPagedList<Q, number>({ keyword: '' });

describe('paged list: stale answers', () => {
  it('shows the answer of the latest request even when an older one arrives later', () => {
    const s = run(start, { type: 'started', request: 1 }, { type: 'started', request: 2 }, { type: 'loaded', request: 2, result: list([20]) }, { type: 'loaded', request: 1, result: list([10]) });
    expect(s.result.items).toEqual([20]);
    expect(s.loading).toBe(false);
  });

  it('stays loading while only an older request has answered', () => {
    const s = run(start, { type: 'started', request: 1 }, { type: 'started', request: 2 }, { type: 'loaded', request: 1, result: list([10]) });
    expect(s.result.items).toEqual([]);
    expect(s.loading).toBe(true);
  });

  it('ignores the failure of an older request', () => {
    const loaded = run(start, { type: 'started', request: 1 }, { type: 'loaded', request: 1, result: list([1, 2]) }, { type: 'started', request: 2 });
    const s = run(loaded, { type: 'failed', request: 1, keep: false });
    expect(s.result.items).toEqual([1, 2]);
    expect(s.loading).toBe(true);
  });

  it('clears the table after a failed load, or keeps its rows when asked to', () => {
    const loaded = run(start, { type: 'started', request: 1 }, { type: 'loaded', request: 1, result: list([1, 2]) }, { type: 'started', request: 2 });
    expect(run(loaded, { type: 'failed', request: 2, keep: false }).result).toMatchObject({ items: [], total: 0 });
    expect(run(loaded, { type: 'failed', request: 2, keep: true }).result.items).toEqual([1, 2]);
    expect(run(loaded, { type: 'failed', request: 2, keep: true }).loading).toBe(false);
  });
});

describe('paged list: paging and searching', () => {
  it('a search starts again from page 1 and always loads again', () => {
    const onPage3 = run(start, { type: 'page', page: 3 });
    const s = run(onPage3, { type: 'search', query: { keyword: 'a' } });
    expect(s).toMatchObject({ query: { keyword: 'a' }, page: 1 });
    expect(s.generation).toBe(onPage3.generation + 1);
    expect(run(s, { type: 'search', query: s.query }).generation).toBe(s.generation + 1);
  });

  it('reload keeps query and page and loads again', () => {
    const s = run(start, { type: 'page', page: 2 }, { type: 'reload' });
    expect(s).toMatchObject({ page: 2, query: { keyword: '' }, generation: 1 });
  });

  it('the same page is the same state (no extra load)', () => {
    const s = run(start, { type: 'page', page: 2 });
    expect(reduce(s, { type: 'page', page: 2 })).toBe(s);
  });

  it('patches the shown rows in place', () => {
    const s = run(start, { type: 'started', request: 1 }, { type: 'loaded', request: 1, result: list([1, 2], 9) }, { type: 'patch', update: (items) => items.map((n) => n * 10) });
    expect(s.result).toMatchObject({ items: [10, 20], total: 9 });
  });

  it('pages a whole list locally and a server page as it is', () => {
    expect(pageRows(list([1, 2, 3, 4, 5], 5, true), 2, 2)).toEqual([3, 4]);
    expect(pageRows(list([7, 8], 40, false), 3, 2)).toEqual([7, 8]);
  });
});
