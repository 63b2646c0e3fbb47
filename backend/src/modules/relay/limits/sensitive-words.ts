/** Case-insensitive substring matcher over SensitiveWords (one word per line). Pure. */
export interface SensitiveMatcher {
  readonly empty: boolean;
  /** Length of the longest word (the window a stream screen keeps between pieces). */
  readonly longest: number;
  /** The first word found in `text`, or null. */
  find(text: string): string | null;
}

export function buildSensitiveMatcher(wordsText: string): SensitiveMatcher {
  const words = [
    ...new Set(
      wordsText
        .split('\n')
        .map((w) => w.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
  return {
    empty: words.length === 0,
    longest: words.reduce((n, w) => Math.max(n, w.length), 0),
    find(text: string): string | null {
      if (words.length === 0 || !text) return null;
      const lower = text.toLowerCase();
      return words.find((w) => lower.includes(w)) ?? null;
    },
  };
}
