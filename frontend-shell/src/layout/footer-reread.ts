/**
 * The footer's HTML is the `footer_html` kept in local storage (mirrored from the server status). It is
 * read when the footer mounts and re-read a few times shortly after, so a status fetched during start-up
 * shows without a reload (docs/console.md "Home, about and footer"). Pure; unit-tested with fake timers.
 */

export const FOOTER_KEY = 'footer_html';
export const FOOTER_REREADS = 5;
export const FOOTER_REREAD_MS = 200;

export function readStoredFooter(): string {
  try {
    return localStorage.getItem(FOOTER_KEY) ?? '';
  } catch {
    return '';
  }
}

/** Calls `apply(read())` every `intervalMs`, `times` times at most; the answer stops it early. */
export function rereadFooter(
  read: () => string,
  apply: (html: string) => void,
  times = FOOTER_REREADS,
  intervalMs = FOOTER_REREAD_MS,
): () => void {
  let left = times;
  const timer = setInterval(() => {
    if (left <= 0) return clearInterval(timer);
    left -= 1;
    apply(read());
    if (left <= 0) clearInterval(timer);
  }, intervalMs);
  return () => clearInterval(timer);
}
