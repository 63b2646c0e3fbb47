import { outputScreen, streamScreen } from './output-screen';
import { buildSensitiveMatcher } from './sensitive-words';

describe('outputScreen: sensitive words in a stream of pieces', () => {
  const matcher = buildSensitiveMatcher('forbidden\nbad word');

  it('finds a word inside one piece, case-insensitively', () => {
    const watch = outputScreen(matcher);
    expect(watch('all fine')).toBeNull();
    expect(watch('this is FORBIDDEN here')).toBe('forbidden');
  });

  it('finds a word split across two (or more) pieces', () => {
    const watch = outputScreen(matcher);
    expect(watch('a forb')).toBeNull();
    expect(watch('idd')).toBeNull();
    expect(watch('en b')).toBe('forbidden');
    const other = outputScreen(matcher);
    expect(other('bad')).toBeNull();
    expect(other(' word')).toBe('bad word');
  });

  it('keeps only a window of the longest word: old text does not join new pieces', () => {
    const watch = outputScreen(matcher);
    expect(watch('forbi')).toBeNull();
    expect(watch('x'.repeat(20))).toBeNull();
    expect(watch('dden')).toBeNull();
  });
});

describe('streamScreen', () => {
  const matcher = buildSensitiveMatcher('forbidden');

  it('cuts on a word when asked to stop', () => {
    const found = jest.fn();
    const screen = streamScreen(matcher, true, found);
    expect(screen('forb')).toBe(false);
    expect(screen('idden')).toBe(true);
    expect(found).not.toHaveBeenCalled();
  });

  it('otherwise reports the first find once and lets the stream go on', () => {
    const found = jest.fn();
    const screen = streamScreen(matcher, false, found);
    expect(screen('forbidden')).toBe(false);
    expect(screen('forbidden again')).toBe(false);
    expect(found).toHaveBeenCalledTimes(1);
  });
});
