import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import type { ListResult } from '../api/paged';
import { initialPagedList, pageRows, pagedListReducer } from './paged-list-state';
import { usePageSize } from './usePageSize';

export interface PageRequest<Q> {
  query: Q;
  /** From 1. */
  page: number;
  pageSize: number;
}

export interface PagedListOptions<Q, T> {
  /** The list call (errors are already reported by the API client). */
  load: (request: PageRequest<Q>) => Promise<ListResult<T>>;
  initialQuery: Q;
  /** Other inputs of `load` (sort order, role): a change loads again. */
  deps?: unknown[];
  /** After a failed load: 'clear' shows an empty table (default), 'keep' keeps the rows shown. */
  onError?: 'clear' | 'keep';
}

/**
 * A server-paged table: query, page, page size (remembered, usePageSize), total, loading and reload.
 * Only the answer of the latest request is shown: a slow answer to an older query or page is dropped.
 */
export function usePagedList<Q, T>({ load, initialQuery, deps = [], onError = 'clear' }: PagedListOptions<Q, T>) {
  const [pageSize, setPageSize] = usePageSize();
  const [state, dispatch] = useReducer(pagedListReducer<Q, T>, initialQuery, initialPagedList<Q, T>);
  const seq = useRef(0);

  useEffect(() => {
    const request = ++seq.current;
    dispatch({ type: 'started', request });
    load({ query: state.query, page: state.page, pageSize }).then(
      (result) => dispatch({ type: 'loaded', request, result }),
      () => dispatch({ type: 'failed', request, keep: onError === 'keep' }),
    );
    // `load` is the closure of the render whose inputs changed; `deps` name its other inputs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state.query, state.page, pageSize, state.generation, ...deps]);

  /** A new query from page 1 (loads even when the query is unchanged, as a search button does). */
  const search = useCallback((query: Q) => dispatch({ type: 'search', query }), []);
  const setPage = useCallback((page: number) => dispatch({ type: 'page', page }), []);
  const reload = useCallback(() => dispatch({ type: 'reload' }), []);
  const updateItems = useCallback((update: (items: T[]) => T[]) => dispatch({ type: 'patch', update }), []);
  /** The table's pager: a new page size starts again from page 1. */
  const changePage = useCallback(
    (page: number, size: number) => {
      if (size !== pageSize) {
        setPageSize(size);
        dispatch({ type: 'page', page: 1 });
      } else dispatch({ type: 'page', page });
    },
    [pageSize, setPageSize],
  );

  const rows = useMemo(() => pageRows(state.result, state.page, pageSize), [state.result, state.page, pageSize]);

  return {
    query: state.query,
    page: state.page,
    pageSize,
    total: state.result.total,
    /** The rows of the current page. */
    rows,
    loading: state.loading,
    /** Grows on each search and reload: side data loaded with the list (a summary) can depend on it. */
    generation: state.generation,
    search,
    setPage,
    changePage,
    reload,
    updateItems,
  };
}
