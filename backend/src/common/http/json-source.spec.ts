import { jsonSourceOf, rememberJsonSource } from './json-source';

describe('json-source: the client text of a parsed body', () => {
  const text = '{"model":"gpt-4o-mini","stream":false}';

  it("is kept for the parser's own object, when every name appears once", () => {
    const parsed = JSON.parse(text);
    rememberJsonSource(parsed, text, 2);
    expect(jsonSourceOf(parsed)).toBe(text);
  });

  it('is not kept when the text held a duplicate name (the count of names differs)', () => {
    const dup = '{"model":"a","model":"b"}';
    const parsed = JSON.parse(dup);
    rememberJsonSource(parsed, dup, 2);
    expect(jsonSourceOf(parsed)).toBeUndefined();
  });

  it('does not travel to a derived object, and the body reads and serialises as before', () => {
    const parsed = JSON.parse(text);
    rememberJsonSource(parsed, text, 2);
    const derived = { ...parsed, model: 'gpt-4o' };
    expect(jsonSourceOf(derived)).toBeUndefined();
    expect(jsonSourceOf(Object.assign({}, parsed))).toBeUndefined();
    expect(Object.keys(parsed)).toEqual(['model', 'stream']);
    expect(JSON.stringify(parsed)).toBe(text);
    expect(parsed).toEqual({ model: 'gpt-4o-mini', stream: false });
  });

  it('ignores arrays and non-objects', () => {
    const list = JSON.parse('[1,2]');
    rememberJsonSource(list, '[1,2]', 2);
    expect(jsonSourceOf(list)).toBeUndefined();
    expect(() => rememberJsonSource(null, 'null', 0)).not.toThrow();
  });
});
