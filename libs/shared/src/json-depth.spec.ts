import { jsonTooDeep, MAX_JSON_DEPTH, parseJsonBounded, scanJson, topLevelStringValue } from './json-depth';

/** Reference depth of a parsed value (objects and arrays one level each). */
function depthOf(v: unknown): number {
  if (v === null || typeof v !== 'object') return 0;
  const children = Array.isArray(v) ? v : Object.values(v);
  return 1 + children.reduce<number>((m, c) => Math.max(m, depthOf(c)), 0);
}

const nested = (levels: number, inner = '') => '['.repeat(levels) + inner + ']'.repeat(levels);

describe('JSON nesting depth', () => {
  it('counts objects and arrays, the outermost included, up to the limit', () => {
    expect(jsonTooDeep(nested(MAX_JSON_DEPTH))).toBe(false);
    expect(jsonTooDeep(nested(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(jsonTooDeep('{"a":{"b":[1]}}', 3)).toBe(false);
    expect(jsonTooDeep('{"a":{"b":[1]}}', 2)).toBe(true);
    expect(jsonTooDeep('[[],[],[[]]]', 3)).toBe(false);
    expect(jsonTooDeep('[[],[],[[]]]', 2)).toBe(true);
    expect(jsonTooDeep('1')).toBe(false);
    expect(jsonTooDeep('')).toBe(false);
  });

  it('skips brackets and quotes inside strings, short and long, escaped or not', () => {
    const long = 'x'.repeat(100);
    expect(jsonTooDeep(JSON.stringify({ a: '[[[[{{{{' }), 1)).toBe(false);
    expect(jsonTooDeep(JSON.stringify({ a: `${long}"[[[[` }), 1)).toBe(false);
    expect(jsonTooDeep(JSON.stringify({ a: `"[[[["${long}\\"[[[\\` }), 1)).toBe(false);
    expect(jsonTooDeep(JSON.stringify([`${long}\\`, [[1]]]), 2)).toBe(true);
    expect(jsonTooDeep(JSON.stringify([`${long}\\`, [[1]]]), 3)).toBe(false);
    expect(jsonTooDeep(JSON.stringify(['a\\', [[1]]]), 2)).toBe(true);
  });

  it('stops at once on 10,000 levels and leaves malformed text to JSON.parse', () => {
    expect(jsonTooDeep(nested(10_000))).toBe(true);
    expect(jsonTooDeep('["unterminated [[[[[[')).toBe(false);
    expect(jsonTooDeep(']]]]]][')).toBe(false);
  });

  it('agrees with the parsed depth on generated documents', () => {
    let seed = 7;
    const rand = (n: number) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
    const gen = (d: number): unknown => {
      if (d === 0 || rand(4) === 0) {
        const s = ['a', '"', '\\', '[', ']', '{', '}', 'long '.repeat(rand(20))][rand(8)];
        return [s, rand(100), null, true][rand(4)];
      }
      return rand(2)
        ? Array.from({ length: rand(3) + 1 }, () => gen(d - 1))
        : { k: gen(d - 1), [`"${rand(9)}[`]: gen(d - 1) };
    };
    for (let i = 0; i < 300; i++) {
      const text = JSON.stringify(gen(rand(12)));
      const depth = depthOf(JSON.parse(text));
      expect([text, jsonTooDeep(text, depth)]).toEqual([text, false]);
      if (depth > 0) expect([text, jsonTooDeep(text, depth - 1)]).toEqual([text, true]);
    }
  });

  it('parseJsonBounded throws a SyntaxError past the limit and parses otherwise', () => {
    expect(parseJsonBounded('{"a":[1]}')).toEqual({ a: [1] });
    expect(() => parseJsonBounded(nested(100))).toThrow(SyntaxError);
    expect(() => parseJsonBounded('{')).toThrow(SyntaxError);
  });
});

describe('top-level members as written', () => {
  it.each([
    ['{}', 0],
    ['{"model":"a","messages":[]}', 2],
    ['{"model":"a","model":"b"}', 2], // JSON.parse keeps one: the caller compares with the keys
    ['{"a":{"b":1,"c":{"d":2}},"e":[{"f":3}]}', 2],
    [JSON.stringify({ 'a:': 'x:y', 'b\\': '":{' }), 2], // colons, quotes and brackets inside strings
    ['{ "a" : 1 ,\n "b" : "\\\\" }', 2],
    ['[{"a":1},{"b":2}]', 0],
    ['"a:b"', 0],
  ])('%s has %i', (text, members) => {
    expect(scanJson(text).topLevelMembers).toBe(members);
  });
});

describe('where a top-level string value sits', () => {
  const valueOf = (text: string, name = 'model') => {
    const at = topLevelStringValue(text, name);
    return at && text.slice(at.start, at.end);
  };
  it.each([
    ['{"model":"gpt-4o","messages":[]}', '"gpt-4o"'],
    ['{ "messages": [{"model":"inner"}],\n  "model" :\t"a\\"b" }', '"a\\"b"'], // deeper names skipped
    ['{"note":"model","model":"x"}', '"x"'], // the same characters as a value are not the name
    ['{"x":["model"],"model":"y"}', '"y"'],
    [JSON.stringify({ 'a"model': 1, model: 'z' }), '"z"'],
    ['{"model":"\\u0067pt"}', '"\\u0067pt"'], // the value as written, escapes and all
  ])('%s: %s', (text, value) => {
    expect(valueOf(text)).toBe(value);
  });
  it.each([
    ['{"messages":[]}'], // no such member
    ['{"mod\\u0065l":"a"}'], // the name written with an escape
    ['{"model":42}'], // not a string
    ['{"model":null}'],
    ['{"a":{"model":"deep"}}'],
    ['["model","x"]'],
    ['{"model":"unterminated'],
  ])('%s: none', (text) => {
    expect(topLevelStringValue(text, 'model')).toBeNull();
  });
});
