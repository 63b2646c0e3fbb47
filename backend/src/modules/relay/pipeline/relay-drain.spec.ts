import { cutByShutdown, RelayDrain } from './relay-drain';

describe('RelayDrain', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  function setup(drainSec = 10) {
    const tokenizer = { close: jest.fn(async (): Promise<void> => undefined) };
    const logger = { log: jest.fn(), warn: jest.fn(), error: jest.fn() };
    const drain = new RelayDrain(drainSec * 1000, () => tokenizer.close(), logger);
    return { drain, tokenizer };
  }

  it('refuses new requests once the shutdown began', () => {
    const { drain } = setup();
    expect(drain.enter(new AbortController())).toBe(true);
    drain.begin();
    expect(drain.enter(new AbortController())).toBe(false);
    expect(drain.inFlight).toBe(1);
  });

  it('ends as soon as the last request in flight is answered', async () => {
    const { drain } = setup();
    const a = new AbortController();
    drain.enter(a);
    let done = false;
    void drain.beforeApplicationShutdown().then(() => (done = true));
    await jest.advanceTimersByTimeAsync(1_000);
    expect(done).toBe(false);
    drain.leave(a);
    await jest.advanceTimersByTimeAsync(0);
    expect(done).toBe(true);
    expect(a.signal.aborted).toBe(false);
  });

  it('cuts what is still running after the drain time, marked as cut by the shutdown', async () => {
    const { drain } = setup(2);
    const a = new AbortController();
    drain.enter(a);
    // The request leaves once cut (the stream pipe writes its error event and settles).
    a.signal.addEventListener('abort', () => setTimeout(() => drain.leave(a), 100));
    const finished = drain.beforeApplicationShutdown();
    await jest.advanceTimersByTimeAsync(1_999);
    expect(a.signal.aborted).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(cutByShutdown(a.signal)).toBe(true);
    await jest.advanceTimersByTimeAsync(100);
    await finished;
    expect(drain.inFlight).toBe(0);
  });

  it('cutNow (a second signal) ends the drain at once', async () => {
    const { drain } = setup(120);
    const a = new AbortController();
    drain.enter(a);
    a.signal.addEventListener('abort', () => drain.leave(a));
    const finished = drain.beforeApplicationShutdown();
    await jest.advanceTimersByTimeAsync(500);
    drain.cutNow();
    await jest.advanceTimersByTimeAsync(0);
    await finished;
    expect(cutByShutdown(a.signal)).toBe(true);
  });

  it('stops the tokenizer when cut requests are still settling, so they bill by estimate', async () => {
    const { drain, tokenizer } = setup(1);
    const a = new AbortController();
    drain.enter(a);
    tokenizer.close.mockImplementation(async () => drain.leave(a));
    const finished = drain.beforeApplicationShutdown();
    await jest.advanceTimersByTimeAsync(1_000 + 4_000);
    await finished;
    expect(tokenizer.close).toHaveBeenCalledTimes(1);
    expect(drain.inFlight).toBe(0);
  });

  it('a timeout abort is not a shutdown cut', () => {
    const a = new AbortController();
    a.abort(new Error('timeout'));
    expect(cutByShutdown(a.signal)).toBe(false);
  });
});
