/**
 * Wraps a full reload from the database so that runs never overlap and a call's promise settles only
 * after a run that started after the call: that run saw every change committed before the call, and
 * an older read can never land after a newer one. Calls made while a run is waiting share it, so a
 * burst of change notices costs at most two reads.
 */
export function serialized(run: () => Promise<void>): () => Promise<void> {
  let tail: Promise<void> = Promise.resolve();
  let waiting: Promise<void> | null = null;
  return () => {
    if (waiting) return waiting;
    const next = tail
      .catch(() => undefined)
      .then(() => {
        waiting = null;
        return run();
      });
    waiting = next;
    tail = next;
    return next;
  };
}
