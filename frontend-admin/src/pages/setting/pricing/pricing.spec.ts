import { applyBatch, buildRows, changedMaps, checkBatch, parseMaps, ratiosFromInput, rowFromInput, rowPrices, rowsToMaps, unsetModels, type RowInput } from './pricing';

const options = {
  ModelPrice: '{"dall-e-3": 0.04}',
  ModelRatio: '{"gpt-4o": 1.25, "my-model": 2}',
  CompletionRatio: '{"my-model": 3}',
};

describe('maps ↔ rows', () => {
  it('builds one row per model, per call when it has a fixed price', () => {
    const rows = buildRows(parseMaps(options));
    expect(rows).toEqual([
      { name: 'dall-e-3', mode: 'call', price: 0.04, ratio: undefined, completion: undefined },
      { name: 'gpt-4o', mode: 'token', price: undefined, ratio: 1.25, completion: undefined },
      { name: 'my-model', mode: 'token', price: undefined, ratio: 2, completion: 3 },
    ]);
    expect(rowsToMaps(rows)).toEqual(parseMaps(options));
  });
  it('treats invalid JSON as empty', () => expect(parseMaps({ ModelRatio: '{oops' }).ModelRatio).toEqual({}));
  it('prices per 1M: ratio × 2, × completion ratio (built-in when not set)', () => {
    expect(rowPrices({ name: 'my-model', mode: 'token', ratio: 2, completion: 3 })).toEqual({ input: 4, output: 12 });
    expect(rowPrices({ name: 'gpt-4o', mode: 'token', ratio: 1.25 })).toEqual({ input: 2.5, output: 10 });
    expect(rowPrices({ name: 'x', mode: 'call', price: 1 })).toBeNull();
  });
  it('ratios from prices', () => expect(ratiosFromInput(3, 15)).toEqual({ ratio: 1.5, completion: 5 }));
  it('only changed maps are saved', () => {
    const before = parseMaps(options);
    expect(changedMaps(before, { ...before, ModelRatio: { 'my-model': 2, 'gpt-4o': 1.25 } })).toEqual([]);
    expect(changedMaps(before, { ...before, ModelRatio: { 'gpt-4o': 1 } }).map((c) => c.key)).toEqual(['ModelRatio']);
  });
});

describe('unset models and batch set', () => {
  const maps = parseMaps(options);
  it('lists enabled models with neither a price nor a ratio', () => {
    expect(unsetModels(['gpt-4o', 'dall-e-3', 'new-b', 'new-a', 'new-a'], maps)).toEqual(['new-a', 'new-b']);
  });
  it.each([
    [0, 'ratio', '1', undefined, 'pricing.batch_select_first'],
    [2, 'ratio', '', undefined, 'pricing.batch_need_value'],
    [2, 'price', 'abc', undefined, 'pricing.need_number'],
    [2, 'both', '1', '', 'pricing.batch_need_both'],
    [2, 'both', '1', 'x', 'pricing.need_number'],
    [2, 'ratio', '-1', undefined, 'pricing.need_number'],
    [2, 'both', '1', '-0.5', 'pricing.need_number'],
    [2, 'price', 'Infinity', undefined, 'pricing.need_number'],
    [2, 'both', '1', '2', null],
    [1, 'price', '0.5', undefined, null],
  ] as const)('checkBatch(%s, %s, %j, %j) → %s', (n, mode, v, c, key) => expect(checkBatch(n, mode, v, c)).toBe(key));
  it('applies a batch', () => {
    const next = applyBatch(maps, ['a', 'b'], 'both', 1, 4);
    expect(next.ModelRatio).toMatchObject({ a: 1, b: 1 });
    expect(next.CompletionRatio).toMatchObject({ a: 4, b: 4 });
    expect(applyBatch(maps, ['c'], 'price', 0.1).ModelPrice).toMatchObject({ c: 0.1 });
  });
});

describe('rowFromInput (edit dialog rules)', () => {
  const base: RowInput = { name: 'm', mode: 'token', by: 'ratio', ratio: '1', completion: '' };
  it.each([
    [{ name: ' ' }, 'pricing.name_required'],
    [{ name: 'gpt-4o' }, 'pricing.name_exists'],
    [{ ratio: 'abc' }, 'pricing.need_number'],
    [{ mode: 'call', price: '' }, 'pricing.need_number'],
    [{ by: 'price', input: '0', output: '1' }, 'pricing.price_zero'],
  ] as Array<[Partial<RowInput>, string]>)('%j → %s', (patch, error) => expect(rowFromInput({ ...base, ...patch }, ['gpt-4o'])).toEqual({ error }));
  it('keeps the own name when editing', () => expect(rowFromInput({ ...base, name: 'gpt-4o' }, ['gpt-4o'], 'gpt-4o')).toMatchObject({ name: 'gpt-4o', ratio: 1 }));
  it('converts input/output prices to ratios', () => {
    expect(rowFromInput({ ...base, by: 'price', input: '2', output: '8' }, [])).toEqual({ name: 'm', mode: 'token', ratio: 1, completion: 4 });
  });
  it('builds a per-call row', () => expect(rowFromInput({ ...base, mode: 'call', price: '0.02' }, [])).toEqual({ name: 'm', mode: 'call', price: 0.02 }));
});
