import { chatAt, effectiveAddress, fillChatLink, firstEnabledKey, linkKind, parseChats } from './chat-link';

describe('chat links', () => {
  it('parses the Chats list; anything else is bad data', () => {
    expect(parseChats([{ Next: 'https://n.example/#/?k={key}' }, { Lobe: 'https://l.example' }])).toEqual([
      { name: 'Next', template: 'https://n.example/#/?k={key}' },
      { name: 'Lobe', template: 'https://l.example' },
    ]);
    expect(parseChats('[{"A":"https://a.example"}]')).toEqual([{ name: 'A', template: 'https://a.example' }]);
    expect(parseChats([])).toEqual([]);
    expect(parseChats('{not json')).toBeNull();
    expect(parseChats({ A: 'x' })).toBeNull();
    expect(parseChats([{ A: 5 }])).toBeNull();
    expect(parseChats([{}])).toBeNull();
    expect(parseChats(['x'])).toBeNull();
  });

  it('picks the entry of the route id, the first without one', () => {
    const links = [
      { name: 'a', template: 'A' },
      { name: 'b', template: 'B' },
    ];
    expect(chatAt(links, undefined)?.name).toBe('a');
    expect(chatAt(links, '1')?.name).toBe('b');
    expect(chatAt(links, '2')).toBeNull();
    expect(chatAt(links, '-1')).toBeNull();
    expect(chatAt(links, 'x')).toBeNull();
  });

  it('fills {key} with the key and exactly one sk- prefix, {address} URL-encoded, every occurrence', () => {
    const t = 'https://chat.example/#/?settings={"key":"{key}","url":"{address}"}&k2={key}';
    expect(fillChatLink(t, 'abc123', 'https://gw.example:8443')).toBe(
      'https://chat.example/#/?settings={"key":"sk-abc123","url":"https%3A%2F%2Fgw.example%3A8443"}&k2=sk-abc123',
    );
    expect(fillChatLink('https://c.example/?k={key}', 'sk-abc', 'x')).toBe('https://c.example/?k=sk-abc');
    expect(fillChatLink('https://c.example/', 'k', 'x')).toBe('https://c.example/');
  });

  it('uses the configured server address, else the console origin, without a trailing slash', () => {
    expect(effectiveAddress('https://api.example/', 'http://localhost:3000')).toBe('https://api.example');
    expect(effectiveAddress('', 'http://localhost:3000')).toBe('http://localhost:3000');
    expect(effectiveAddress(undefined, 'http://localhost:3000')).toBe('http://localhost:3000');
  });

  it('takes the first enabled token', () => {
    expect(firstEnabledKey([{ status: 2, key: 'a' }, { status: 1, key: 'b' }, { status: 1, key: 'c' }])).toBe('b');
    expect(firstEnabledKey([{ status: 2, key: 'a' }, { status: 3, key: 'b' }])).toBeNull();
    expect(firstEnabledKey([])).toBeNull();
  });

  it('frames web links only', () => {
    expect(linkKind('https://x.example/a')).toBe('web');
    expect(linkKind('cherrystudio://providers/api-keys?v=1')).toBe('app');
    expect(linkKind('javascript:alert(1)')).toBe('invalid');
    expect(linkKind('not a url')).toBe('invalid');
  });
});
