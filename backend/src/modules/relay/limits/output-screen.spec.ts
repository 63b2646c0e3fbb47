import { outputScreen } from './output-screen';
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
