import type { ListResult } from '../api/paged';

/**
 * The state of a paged table (usePagedList) as a pure reducer, so paging and the stale-answer rule are
 * unit-tested without rendering.
 */
export interface PagedListState<Q, T> {
  query: Q;
  /** From 1. */
  page: number;
  result: ListResult<T>;
  loading: boolean;
  /** Grows on every search and reload, so they load again even when query and page are unchanged. */
  generation: number;
  /** The request whose answer counts: answers of requests started before it are dropped. */
  latest: number;
}

export type PagedListAction<Q, T> =
  /** A new query: back to page 1 and load. */
  | { type: 'search'; query: Q }
  | { type: 'page'; page: number }
  | { type: 'reload' }
  | { type: 'started'; request: number }
  | { type: 'loaded'; request: number; result: ListResult<T> }
  /** `keep`: the table keeps its rows after a failed load instead of going empty. */
  | { type: 'failed'; request: number; keep: boolean }
  /** Local edits of the shown rows (a toggled status) without loading again. */
  | { type: 'patch'; update: (items: T[]) => T[] };

export const emptyList = <T>(): ListResult<T> => ({ items: [], total: 0, page: 0, page_size: 0, local: false });

export function initialPagedList<Q, T>(query: Q): PagedListState<Q, T> {
  return { query, page: 1, result: emptyList<T>(), loading: false, generation: 0, latest: 0 };
}

export function pagedListReducer<Q, T>(state: PagedListState<Q, T>, action: PagedListAction<Q, T>): PagedListState<Q, T> {
  switch (action.type) {
    case 'search':
      return { ...state, query: action.query, page: 1, generation: state.generation + 1 };
    case 'page':
      return action.page === state.page ? state : { ...state, page: action.page };
    case 'reload':
      return { ...state, generation: state.generation + 1 };
    case 'started':
      return { ...state, latest: action.request, loading: true };
    case 'loaded':
      if (action.request !== state.latest) return state;
      return { ...state, result: action.result, loading: false };
    case 'failed':
      if (action.request !== state.latest) return state;
      return { ...state, result: action.keep ? state.result : emptyList<T>(), loading: false };
    case 'patch':
      return { ...state, result: { ...state.result, items: action.update(state.result.items) } };
  }
}

/** The rows of the current page: a whole list sent by the server (`local`) is paged here. */
export function pageRows<T>(result: ListResult<T>, page: number, pageSize: number): T[] {
  return result.local ? result.items.slice((page - 1) * pageSize, page * pageSize) : result.items;
}
