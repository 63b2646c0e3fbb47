import { useReducer, type CompositionEvent } from 'react';

/** The search box: what it shows (`text`) and what filters (`query`). */
export interface SearchState {
  text: string;
  query: string;
  composing: boolean;
}

export type SearchEvent = { type: 'change'; value: string } | { type: 'compositionstart' } | { type: 'compositionend'; value: string };

/**
 * The query follows the typed text, except while an input method is composing (pinyin, kana): the
 * half-typed letters do not filter; the composed text does, when it is committed.
 */
export function searchReducer(s: SearchState, e: SearchEvent): SearchState {
  switch (e.type) {
    case 'compositionstart':
      return { ...s, composing: true };
    case 'compositionend':
      return { text: e.value, query: e.value, composing: false };
    default:
      return s.composing ? { ...s, text: e.value } : { ...s, text: e.value, query: e.value };
  }
}

/** Props for the search Input and the query to filter by (searchReducer). */
export function useCompositionSearch() {
  const [state, dispatch] = useReducer(searchReducer, { text: '', query: '', composing: false });
  return {
    query: state.query,
    inputProps: {
      value: state.text,
      onChange: (value: string) => dispatch({ type: 'change', value }),
      onCompositionStart: () => dispatch({ type: 'compositionstart' }),
      onCompositionEnd: (e: CompositionEvent<HTMLInputElement>) => dispatch({ type: 'compositionend', value: e.currentTarget.value }),
    },
  };
}
