import type { SensitiveMatcher } from './sensitive-words';

/**
 * Watches a stream's generated text for sensitive words, piece by piece (pure, one per stream). A word
 * may be split across two events: the last (longest word − 1) characters seen are kept and searched
 * together with the next piece. Returns the word found, or null.
 */
export function outputScreen(matcher: SensitiveMatcher): (piece: string) => string | null {
  const keep = Math.max(0, matcher.longest - 1);
  let tail = '';
  return (piece) => {
    const text = tail + piece;
    const found = matcher.find(text);
    tail = keep ? text.slice(-keep) : '';
    return found;
  };
}

/**
 * A stream's screen for the pipe: true (cut the stream) when a word appears and `stop`
 * (StopOnSensitiveEnabled); otherwise the first find only calls `found` (logging) and the stream goes on.
 */
export function streamScreen(matcher: SensitiveMatcher, stop: boolean, found: () => void): (text: string) => boolean {
  const watch = outputScreen(matcher);
  let reported = false;
  return (text) => {
    if (!watch(text)) return false;
    if (stop) return true;
    if (!reported) found();
    reported = true;
    return false;
  };
}
