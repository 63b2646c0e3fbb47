import { useSyncExternalStore } from 'react';

/** The console's mobile layout: a width of 600 px or less (docs/console.md). */
export const MOBILE_QUERY = '(max-width: 600px)';

function subscribe(cb: () => void) {
  const mq = window.matchMedia(MOBILE_QUERY);
  mq.addEventListener('change', cb);
  return () => mq.removeEventListener('change', cb);
}

/** Whether the mobile layout applies now; re-renders when the width crosses 600 px. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(MOBILE_QUERY).matches, () => false);
}
