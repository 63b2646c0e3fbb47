import { serialized } from './serialized';

/** A run that waits until the test releases it, recording when it started. */
function gatedRuns() {
  const started: number[] = [];
  const release: Array<() => void> = [];
  const run = () =>
    new Promise<void>((resolve) => {
      started.push(started.length + 1);
      release.push(resolve);
    });
  return { started, release, run };
}
const tick = () => new Promise((r) => setImmediate(r));

describe('serialized', () => {
  it('never overlaps runs, and calls made while one waits share it', async () => {
    const { started, release, run } = gatedRuns();
    const reload = serialized(run);
    const first = reload();
    await tick();
    const second = reload();
    const third = reload();
    expect(second).toBe(third);
    await tick();
    expect(started).toEqual([1]); // the second run waits for the first
    release[0]();
    await first;
    await tick();
    expect(started).toEqual([1, 2]);
    release[1]();
    await second;
  });

  it('a failed run rejects its callers only; the next run still starts', async () => {
    let fail = true;
    const reload = serialized(async () => {
      if (fail) throw new Error('database away');
    });
    await expect(reload()).rejects.toThrow('database away');
    fail = false;
    await expect(reload()).resolves.toBeUndefined();
  });
});
