import {
  collapseList,
  formatTimestamp,
  groupRatioColor,
  isHttpUrl,
  parsePageSize,
  roleKey,
  safeImageSrc,
  stripTrailingSlash,
  userStatusColor,
  userStatusKey,
} from './format';

describe('roleKey', () => {
  it.each([
    [1, {}, 'role.user'],
    [10, {}, 'role.admin'],
    [100, {}, 'role.root'],
    [100, { rootAsAdmin: true }, 'role.admin'],
    [0, {}, 'role.unknown'],
    [5, {}, 'role.unknown'],
  ])('role %s %j → %s', (role, opts, key) => expect(roleKey(role, opts)).toBe(key));
});

describe('userStatusKey / userStatusColor', () => {
  it.each([
    [1, false, 'user_status.enabled', 'green'],
    [2, false, 'user_status.disabled', 'red'],
    [3, false, 'user_status.locked', 'gray'],
    [9, false, 'user_status.unknown', 'gray'],
    [1, true, 'user_status.deactivated', 'gray'],
  ])('status %s deleted=%s', (status, deleted, key, color) => {
    expect(userStatusKey(status, deleted)).toBe(key);
    expect(userStatusColor(status, deleted)).toBe(color);
  });
});

describe('groupRatioColor (above 5 red, above 3 orange, above 1 blue, else green)', () => {
  it.each([
    [0.5, 'green'],
    [1, 'green'],
    [1.5, 'blue'],
    [3, 'blue'],
    [3.1, 'orange'],
    [5, 'orange'],
    [5.01, 'red'],
  ])('%s → %s', (ratio, color) => expect(groupRatioColor(ratio)).toBe(color));
});

describe('isHttpUrl', () => {
  it.each([
    ['https://example.com/page', true],
    ['http://example.com', true],
    ['  https://example.com  ', true],
    ['javascript:alert(1)', false],
    ['<p>https://example.com</p>', false],
    ['https://exa mple.com', false],
    ['# Title', false],
    ['', false],
    [undefined, false],
  ])('%j → %s', (text, expected) => expect(isHttpUrl(text)).toBe(expected));
});

describe('safeImageSrc', () => {
  it.each([
    ['https://cdn.example.com/logo.png', 'https://cdn.example.com/logo.png'],
    ['/logo.png', '/logo.png'],
    ['//evil.example/logo.png', null],
    ['javascript:alert(1)', null],
    ['data:image/png;base64,iVBORw0KGgo=', 'data:image/png;base64,iVBORw0KGgo='],
    ['data:image/svg+xml;base64,PHN2Zz4=', null],
    ['', null],
  ])('%j → %j', (src, expected) => expect(safeImageSrc(src)).toBe(expected));
});

describe('parsePageSize (10/20/50/100, default 10)', () => {
  it.each([
    ['20', 20],
    ['100', 100],
    ['15', 10],
    ['abc', 10],
    [null, 10],
    ['1000', 10],
  ])('%j → %s', (stored, size) => expect(parsePageSize(stored)).toBe(size));
});

describe('collapseList (collapses after 10)', () => {
  const items = Array.from({ length: 13 }, (_, i) => `m${i}`);
  it('shows the first 10 and counts the rest', () => expect(collapseList(items, false)).toEqual({ shown: items.slice(0, 10), hidden: 3 }));
  it('shows everything when expanded', () => expect(collapseList(items, true)).toEqual({ shown: items, hidden: 0 }));
  it('does not collapse 10 or fewer', () => expect(collapseList(items.slice(0, 10), false).hidden).toBe(0));
});

describe('stripTrailingSlash / formatTimestamp', () => {
  it.each([
    ['https://a.example/', 'https://a.example'],
    ['https://a.example//', 'https://a.example'],
    ['https://a.example/v1', 'https://a.example/v1'],
  ])('%s → %s', (url, out) => expect(stripTrailingSlash(url)).toBe(out));
  it('formats epoch seconds in local time', () => {
    const seconds = new Date(2026, 0, 2, 3, 4, 5).getTime() / 1000;
    expect(formatTimestamp(seconds)).toBe('2026-01-02 03:04:05');
    expect(formatTimestamp(0)).toBe('-');
  });
});
