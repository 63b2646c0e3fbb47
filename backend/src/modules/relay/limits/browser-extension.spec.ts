import { fromBrowserExtension } from './browser-extension';

describe('fromBrowserExtension', () => {
  it.each([
    ['chrome-extension://abcdefghijklmnop', true],
    ['moz-extension://0d1c-4a3b', true],
    ['safari-web-extension://x', true],
    ['https://chat.example.com', false],
    ['null', false],
    [undefined, false],
  ])('%s → %s', (origin, blocked) => {
    expect(fromBrowserExtension(origin)).toBe(blocked);
  });
});
