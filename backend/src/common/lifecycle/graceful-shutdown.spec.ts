import { GracefulShutdown, type ShutdownSteps } from './graceful-shutdown';

describe('GracefulShutdown', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  function setup(close: () => Promise<void>) {
    const calls: string[] = [];
    const steps: ShutdownSteps = {
      stopAccepting: () => calls.push('stopAccepting'),
      close: () => {
        calls.push('close');
        return close();
      },
      hurry: () => calls.push('hurry'),
      pending: () => ['2 relay request(s) in flight'],
    };
    const logger = { log: jest.fn(), warn: jest.fn(), error: jest.fn() };
    const exit = jest.fn();
    const shutdown = new GracefulShutdown(steps, { drainMs: 15_000, graceMs: 10_000 }, logger, exit);
    return { shutdown, calls, logger, exit };
  }

  it('stops accepting, runs the application shutdown, exits 0', async () => {
    const s = setup(() => new Promise((r) => setTimeout(r, 3_000)));
    s.shutdown.onSignal('SIGTERM');
    expect(s.calls).toEqual(['stopAccepting', 'close']);
    await jest.advanceTimersByTimeAsync(3_000);
    expect(s.exit).toHaveBeenCalledWith(0);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(s.exit).toHaveBeenCalledTimes(1);
    expect(s.logger.error).not.toHaveBeenCalled();
  });

  it('exits 1 after drain + grace when something hangs, naming what was pending', async () => {
    const s = setup(() => new Promise(() => undefined));
    s.shutdown.onSignal('SIGTERM');
    await jest.advanceTimersByTimeAsync(24_999);
    expect(s.exit).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(s.exit).toHaveBeenCalledWith(1);
    expect(s.logger.error.mock.calls[0][0]).toMatch(/did not finish in time.*2 relay request\(s\) in flight/);
  });

  it('a second signal cuts the drain short and brings the deadline forward to the grace', async () => {
    const s = setup(() => new Promise(() => undefined));
    s.shutdown.onSignal('SIGTERM');
    await jest.advanceTimersByTimeAsync(1_000);
    s.shutdown.onSignal('SIGTERM');
    expect(s.calls).toContain('hurry');
    await jest.advanceTimersByTimeAsync(10_000);
    expect(s.exit).toHaveBeenCalledWith(1);
  });

  it('a third signal exits at once', () => {
    const s = setup(() => new Promise(() => undefined));
    s.shutdown.onSignal('SIGINT');
    s.shutdown.onSignal('SIGINT');
    s.shutdown.onSignal('SIGINT');
    expect(s.exit).toHaveBeenCalledWith(1);
  });

  it('a failing application shutdown exits 1', async () => {
    const s = setup(() => Promise.reject(new Error('database gone')));
    s.shutdown.onSignal('SIGTERM');
    await jest.advanceTimersByTimeAsync(0);
    expect(s.exit).toHaveBeenCalledWith(1);
    expect(s.logger.error.mock.calls[0][0]).toMatch(/database gone/);
  });
});
