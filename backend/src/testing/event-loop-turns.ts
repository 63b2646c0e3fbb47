/**
 * What `fn` answers, and how many turns the event loop took while it ran (setImmediate callbacks that
 * fired). Work that never yields (synchronous SQLite statements chained by awaits) leaves it at 0.
 */
export async function turnsDuring<T>(fn: () => Promise<T>): Promise<[T, number]> {
  let turns = 0;
  let counting = true;
  const turn = () => counting && (turns++, setImmediate(turn));
  setImmediate(turn);
  try {
    return [await fn(), turns];
  } finally {
    counting = false;
  }
}
