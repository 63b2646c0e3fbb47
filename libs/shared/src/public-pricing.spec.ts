import { QuotaType } from './enums';
import { callerPricing, FREE_PRICING, type PriceTables, type UnpricedRule } from './pricing';
import {
  comparePricingItems,
  formatPrice,
  itemPrices,
  matchesModelSearch,
  pricingItem,
  viewerGroups,
  type PricingItem,
} from './public-pricing';
import { pricePer1M } from './quota';

const tables: PriceTables & UnpricedRule = {
  ModelPrice: { 'img-model': 0.04 },
  ModelRatio: { 'tok-model': 1.25, 'img-model': 9 },
  CompletionRatio: { 'tok-model': 4 },
  CacheRatio: {},
  SelfUseModeEnabled: false,
  UnsetModelRatio: 37.5,
};

const item = (name: string, over: Partial<PricingItem> = {}): PricingItem => ({
  model_name: name,
  quota_type: QuotaType.PerToken,
  model_ratio: 1,
  model_price: 0,
  owner_by: '',
  completion_ratio: 1,
  enable_groups: ['default'],
  unpriced: false,
  ...over,
});

describe('callerPricing', () => {
  it('a price wins over a ratio; unpriced: refused, free in self-use mode, UnsetModelRatio when accepted', () => {
    expect(callerPricing('img-model', tables, false)).toEqual({ kind: 'call', modelPrice: 0.04 });
    expect(callerPricing('tok-model', tables, false)).toMatchObject({ kind: 'token', modelRatio: 1.25, completionRatio: 4 });
    expect(callerPricing('nope', tables, false)).toBeNull();
    expect(callerPricing('nope', { ...tables, SelfUseModeEnabled: true }, false)).toBe(FREE_PRICING);
    expect(callerPricing('nope', tables, true)).toMatchObject({ kind: 'token', modelRatio: 37.5 });
  });
});

describe('pricingItem', () => {
  it.each<[string, Partial<PricingItem>]>([
    ['tok-model', { quota_type: QuotaType.PerToken, model_ratio: 1.25, completion_ratio: 4, model_price: 0, unpriced: false }],
    ['img-model', { quota_type: QuotaType.PerCall, model_price: 0.04, model_ratio: 0, completion_ratio: 0, unpriced: false }],
    ['nope', { quota_type: QuotaType.PerToken, model_ratio: 0, completion_ratio: 0, model_price: 0, unpriced: true }],
  ])('%s', (model, expected) => {
    expect(pricingItem(model, ['default'], 'openai', tables, false)).toEqual({
      model_name: model,
      owner_by: 'openai',
      enable_groups: ['default'],
      ...expected,
    });
  });
});

describe('viewerGroups', () => {
  const s = { GroupRatio: { default: 1, vip: 2, own: 0.5 }, UserUsableGroups: { default: 'D', vip: 'V', ghost: 'G' } };
  it('offered groups with a ratio, plus the own group (ratio 1 when it has none)', () => {
    expect(viewerGroups('default', s)).toEqual({ usable: { default: 'D', vip: 'V' }, ratios: { default: 1, vip: 2 } });
    expect(viewerGroups('own', s)).toEqual({ usable: { default: 'D', vip: 'V', own: 'own' }, ratios: { default: 1, vip: 2, own: 0.5 } });
    expect(viewerGroups('norate', s).ratios.norate).toBe(1);
  });
});

describe('itemPrices', () => {
  it.each<[string, PricingItem, number, ReturnType<typeof itemPrices>]>([
    // prompt = ratio × 2 × group; completion = prompt × completion ratio.
    ['per token', item('a', { model_ratio: 1.25, completion_ratio: 4 }), 1, { kind: 'token', prompt: 2.5, completion: 10 }],
    ['per token, group 1.5', item('a', { model_ratio: 15, completion_ratio: 2 }), 1.5, { kind: 'token', prompt: 45, completion: 90 }],
    // per call = model price × group.
    ['per call, group 2', item('b', { quota_type: QuotaType.PerCall, model_price: 0.04, model_ratio: 0 }), 2, { kind: 'call', perCall: 0.08 }],
    ['free group', item('a', { model_ratio: 3 }), 0, { kind: 'token', prompt: 0, completion: 0 }],
    ['unpriced', item('c', { unpriced: true, model_ratio: 0 }), 1, { kind: 'unpriced' }],
  ])('%s', (_, it_, group, expected) => {
    expect(itemPrices(it_, group)).toEqual(expected);
  });

  it('follows QuotaPerUnit: ratio × tokens quota is what the relay charges', () => {
    expect(pricePer1M(1, 3, 1, 1_000_000)).toEqual({ prompt: 1, completion: 3 });
    expect(pricePer1M(1, 3, 1, 500_000)).toEqual(pricePer1M(1, 3));
  });
});

describe('formatPrice', () => {
  const usd = { displayInCurrency: true, quotaPerUnit: 500000 };
  it.each<[number, string]>([
    [2, '$2.00'],
    [0.15, '$0.15'],
    [0.6000000000000001, '$0.60'],
    [0.0001, '$0.0001'],
    [1.234567, '$1.234567'],
    [0, '$0.00'],
  ])('%s USD is %s', (v, text) => expect(formatPrice(v, usd)).toBe(text));

  it('as quota when currency display is off (USD × QuotaPerUnit)', () => {
    expect(formatPrice(2, { displayInCurrency: false, quotaPerUnit: 500000 })).toBe('1M');
    expect(formatPrice(0.15, { displayInCurrency: false, quotaPerUnit: 500000 })).toBe('75k');
    expect(formatPrice(0.001, { displayInCurrency: false, quotaPerUnit: 500000 })).toBe('500');
  });
});

describe('comparePricingItems', () => {
  it('per token first, then gpt*, then by name', () => {
    const list = [
      item('zeta', { quota_type: QuotaType.PerCall }),
      item('gpt-image', { quota_type: QuotaType.PerCall }),
      item('claude-3'),
      item('gpt-4o'),
      item('abc'),
      item('gpt-4'),
    ];
    expect(list.sort(comparePricingItems).map((i) => i.model_name)).toEqual(['gpt-4', 'gpt-4o', 'abc', 'claude-3', 'gpt-image', 'zeta']);
  });
});

describe('matchesModelSearch', () => {
  it.each<[string, string, boolean]>([
    ['gpt-4o-mini', '', true],
    ['gpt-4o-mini', 'GPT', true],
    ['gpt-4o-mini', 'gpt4o', true],
    ['gpt-4o-mini', '4o mini', true],
    ['gpt-4o-mini', 'mini 4o', true],
    ['gpt-4o-mini', 'claude', false],
    ['gpt-4o-mini', '4o claude', false],
    ['claude-3.5-sonnet', 'claude35', true],
  ])('%s ~ %j: %s', (name, query, found) => expect(matchesModelSearch(name, query)).toBe(found));
});
