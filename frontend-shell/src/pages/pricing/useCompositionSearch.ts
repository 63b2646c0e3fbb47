import { useRef, useState, type CompositionEvent } from 'react';

/**
 * A search box whose query follows the typed text, except while an input method is composing
 * (pinyin, kana): the half-typed letters do not filter; the composed text does, when it is committed.
 */
export function useCompositionSearch() {
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const composing = useRef(false);
  return {
    query,
    inputProps: {
      value: text,
      onChange: (value: string) => {
        setText(value);
        if (!composing.current) setQuery(value);
      },
      onCompositionStart: () => {
        composing.current = true;
      },
      onCompositionEnd: (e: CompositionEvent<HTMLInputElement>) => {
        composing.current = false;
        const value = e.currentTarget.value;
        setText(value);
        setQuery(value);
      },
    },
  };
}
