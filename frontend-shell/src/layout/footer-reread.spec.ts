import { FOOTER_KEY, readStoredFooter, rereadFooter } from './footer-reread';

describe('footer re-read', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('re-reads 5 times at 200 ms intervals, then stops', () => {
    const read = jest.fn(() => '<b>f</b>');
    const apply = jest.fn();
    rereadFooter(read, apply);
    jest.advanceTimersByTime(199);
    expect(read).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(read).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(600);
    expect(read).toHaveBeenCalledTimes(4);
    jest.advanceTimersByTime(200);
    expect(read).toHaveBeenCalledTimes(5);
    jest.advanceTimersByTime(10_000);
    expect(read).toHaveBeenCalledTimes(5);
    expect(apply).toHaveBeenCalledTimes(5);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('hands each read to apply, so a value stored meanwhile shows', () => {
    let stored = '';
    const seen: string[] = [];
    rereadFooter(() => stored, (v) => seen.push(v));
    jest.advanceTimersByTime(400);
    stored = 'late footer';
    jest.advanceTimersByTime(600);
    expect(seen).toEqual(['', '', 'late footer', 'late footer', 'late footer']);
  });

  it('stops when cancelled (the footer unmounts)', () => {
    const read = jest.fn(() => '');
    const cancel = rereadFooter(read, () => undefined);
    jest.advanceTimersByTime(400);
    cancel();
    jest.advanceTimersByTime(2000);
    expect(read).toHaveBeenCalledTimes(2);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('reads the local footer_html key; no storage reads as empty', () => {
    const g = globalThis as { localStorage?: unknown };
    const saved = g.localStorage;
    try {
      g.localStorage = { getItem: (k: string) => (k === FOOTER_KEY ? 'x' : null) };
      expect(readStoredFooter()).toBe('x');
      g.localStorage = { getItem: () => { throw new Error('denied'); } };
      expect(readStoredFooter()).toBe('');
    } finally {
      g.localStorage = saved;
    }
  });
});
