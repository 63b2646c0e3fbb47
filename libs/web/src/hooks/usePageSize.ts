import { useCallback, useState } from 'react';
import { parsePageSize } from '../format';

export const PAGE_SIZE_KEY = 'page-size';

/** The table page size, remembered in localStorage `page-size` (10/20/50/100). */
export function usePageSize(): [number, (size: number) => void] {
  const [size, setSize] = useState(() => parsePageSize(localStorage.getItem(PAGE_SIZE_KEY)));
  const update = useCallback((next: number) => {
    const valid = parsePageSize(String(next));
    localStorage.setItem(PAGE_SIZE_KEY, String(valid));
    setSize(valid);
  }, []);
  return [size, update];
}
