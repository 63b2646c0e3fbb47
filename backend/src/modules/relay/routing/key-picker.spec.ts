import { InProcessPollingCounter, pickKey, type KeyChoice } from './key-picker';

const keys = ['a', 'b', 'c'];
const choice = (over: Partial<KeyChoice>): KeyChoice => ({
  keys,
  usable: () => true,
  mode: 'random',
  turn: () => 0,
  random: () => 0,
  ...over,
});

describe('pickKey', () => {
  it('polling takes the keys in turn and skips unusable ones', () => {
    const counter = new InProcessPollingCounter();
    const usable = (i: number) => i !== 1;
    const picks = Array.from(
      { length: 5 },
      () => pickKey(choice({ mode: 'polling', usable, turn: () => counter.next(7) }))?.key,
    );
    expect(picks).toEqual(['a', 'c', 'c', 'a', 'c']);
  });

  it('random picks among usable keys only', () => {
    const usable = (i: number) => i === 2;
    for (const r of [0, 0.5, 0.99])
      expect(pickKey(choice({ usable, random: () => r }))).toEqual({ key: 'c', index: 2 });
  });

  it('null when no key is usable', () => {
    expect(pickKey(choice({ usable: () => false }))).toBeNull();
    expect(pickKey(choice({ mode: 'polling', usable: () => false }))).toBeNull();
  });

  it('counters are per channel', () => {
    const counter = new InProcessPollingCounter();
    expect([counter.next(1), counter.next(1), counter.next(2), counter.next(1)]).toEqual([0, 1, 0, 2]);
  });
});
