import { withKeyPrefix } from './api-key';

describe('withKeyPrefix', () => {
  it.each([
    ['abc123', 'sk-abc123'],
    ['sk-abc123', 'sk-abc123'],
  ])('%s → %s (exactly one sk-)', (key, shown) => expect(withKeyPrefix(key)).toBe(shown));
});
