import {
  DEFAULT_AUDIO_COMPLETION_RATIO,
  DEFAULT_AUDIO_RATIO,
  DEFAULT_CACHE_RATIO,
  DEFAULT_CREATE_CACHE_RATIO,
  DEFAULT_MODEL_PRICE,
  DEFAULT_MODEL_RATIO,
} from './pricing-defaults';
import {
  groupRatioOf,
  imagePriceRatio,
  unsetModelPricing,
  pricingNames,
  reservationQuota,
  resolveModelPricing,
  usageQuota,
  type PriceTables,
} from './pricing';

const tables: PriceTables = {
  ModelPrice: DEFAULT_MODEL_PRICE,
  ModelRatio: { ...DEFAULT_MODEL_RATIO, 'my-model': 2 },
  CompletionRatio: { 'my-model': 3 },
  CacheRatio: DEFAULT_CACHE_RATIO,
  CreateCacheRatio: { ...DEFAULT_CREATE_CACHE_RATIO, 'my-model': 2 },
  AudioRatio: DEFAULT_AUDIO_RATIO,
  AudioCompletionRatio: DEFAULT_AUDIO_COMPLETION_RATIO,
};

describe('resolveModelPricing', () => {
  it('prefers a fixed price, then a ratio; null when unpriced', () => {
    expect(resolveModelPricing('dall-e-3', tables)).toEqual({ kind: 'call', modelPrice: 0.04 });
    expect(resolveModelPricing('gpt-4o', tables)).toMatchObject({
      kind: 'token',
      modelRatio: 1.25,
      completionRatio: 4,
      cacheRatio: 0.5,
    });
    expect(resolveModelPricing('my-model', tables)).toMatchObject({ modelRatio: 2, completionRatio: 3, cacheRatio: 1 });
    expect(resolveModelPricing('unknown-model', tables)).toBeNull();
  });

  it('falls back to the undated name', () => {
    expect(pricingNames('gpt-4o-2024-08-06')).toEqual(['gpt-4o-2024-08-06', 'gpt-4o']);
    expect(resolveModelPricing('gpt-4o-mini-2024-07-18', tables)).toMatchObject({ modelRatio: 0.075 });
  });

  it('reads the cache-write and audio ratios (Claude writes default to 1.25)', () => {
    expect(resolveModelPricing('my-model', tables)).toMatchObject({ cacheCreationRatio: 2, audioRatio: 1 });
    expect(resolveModelPricing('claude-sonnet-4-20250514', tables)).toMatchObject({ cacheCreationRatio: 1.25 });
    expect(resolveModelPricing('claude-sonnet-4-20250514', { ...tables, CreateCacheRatio: {} })).toMatchObject({
      cacheCreationRatio: 1.25,
    });
    expect(resolveModelPricing('gpt-4o', tables)).toMatchObject({ cacheCreationRatio: 1 });
    expect(resolveModelPricing('gpt-4o-audio-preview-2024-12-17', tables)).toMatchObject({
      modelRatio: 1.25,
      audioRatio: 16,
      audioCompletionRatio: 2,
    });
  });

  it('prices an unset model at the operator ratio, never free', () => {
    expect(unsetModelPricing('unknown-model', 10, tables)).toMatchObject({ kind: 'token', modelRatio: 10 });
    expect(unsetModelPricing('unknown-model', 0, tables)).toMatchObject({ modelRatio: 37.5 });
    expect(unsetModelPricing('unknown-model', Number.NaN, tables)).toMatchObject({ modelRatio: 37.5 });
  });

  it('ignores negative or non-numeric entries', () => {
    expect(resolveModelPricing('x', { ...tables, ModelRatio: { x: -1 }, ModelPrice: { x: 'a' } })).toBeNull();
  });
});

describe('usageQuota (spec: group × model × (prompt + completion × completion ratio))', () => {
  const gpt4o = resolveModelPricing('gpt-4o', tables)!;
  it.each([
    // [prompt, completion, cached, groupRatio, expected]
    [100, 50, 0, 1, 375], // 1.25 × (100 + 50×4)
    [1000, 0, 400, 1, 1000], // 1.25 × (600 + 400×0.5)
    [100, 50, 0, 2, 750],
    [1, 0, 0, 0.001, 1], // rounds to 0 → minimum 1
    [0, 0, 0, 1, 0],
  ])('prompt %d completion %d cached %d group %d → %d', (p, c, cached, g, want) => {
    expect(usageQuota(gpt4o, g, { promptTokens: p, completionTokens: c, cachedTokens: cached }, 500000)).toBe(want);
  });

  it('per call: price × QuotaPerUnit × group × n', () => {
    const dalle = resolveModelPricing('dall-e-3', tables)!;
    expect(usageQuota(dalle, 1, { promptTokens: 9, completionTokens: 9 }, 500000)).toBe(20000);
    expect(usageQuota(dalle, 1.5, { promptTokens: 0, completionTokens: 0 }, 500000, 2)).toBe(60000);
  });

  it.each([
    // [model, usage, expected]: cache writes at CacheCreationRatio, audio at the audio ratios
    ['claude-sonnet-4-20250514', { promptTokens: 1000, completionTokens: 0, cacheCreationTokens: 1000 }, 1875], // 1.5 × 1000 × 1.25
    ['my-model', { promptTokens: 100, completionTokens: 0, cachedTokens: 0, cacheCreationTokens: 50 }, 300], // 2 × (50 + 50×2)
    [
      'gpt-4o-audio-preview',
      { promptTokens: 100, completionTokens: 100, audioInputTokens: 100, audioOutputTokens: 100 },
      6000,
    ], // 1.25 × (1600 + 3200)
  ] as const)('%s with %j costs %d', (model, usage, want) => {
    expect(usageQuota(resolveModelPricing(model, tables)!, 1, usage, 500000)).toBe(want);
  });

  it.each([
    // [model, size, quality, n, expected quota]: ModelPrice × 500000 × n × size/quality ratio
    ['dall-e-3', '1024x1024', 'standard', 1, 20000],
    ['dall-e-3', '1024x1024', 'hd', 1, 40000],
    ['dall-e-3', '1792x1024', 'standard', 2, 80000],
    ['dall-e-3', '1024x1792', 'hd', 1, 60000],
    ['dall-e-2', '256x256', undefined, 1, 4000],
    ['dall-e-2', '512x512', undefined, 3, 13500],
    ['gpt-image-1', '1536x1024', 'high', 1, 60000],
    ['gpt-image-1', '1024x1024', 'low', 2, 20000],
  ])('%s %s %s × %d costs %d', (model, size, quality, n, want) => {
    const p = resolveModelPricing(model, tables)!;
    expect(
      usageQuota(p, 1, { promptTokens: 0, completionTokens: 0 }, 500000, n * imagePriceRatio(model, size, quality)),
    ).toBe(want);
  });

  it('never negative, never NaN', () => {
    expect(usageQuota(gpt4o, 1, { promptTokens: -5, completionTokens: NaN }, 500000)).toBe(0);
    expect(usageQuota(gpt4o, 1, { promptTokens: 2 ** 63, completionTokens: 0 }, 500000)).toBe(Number.MAX_SAFE_INTEGER);
  });
});

describe('reservationQuota', () => {
  it('reserves max(prompt, PreConsumedQuota) plus max_tokens', () => {
    const p = resolveModelPricing('gpt-4o', tables)!;
    expect(
      reservationQuota(p, 1, {
        promptTokens: 10,
        maxCompletionTokens: 0,
        preConsumedTokens: 500,
        quotaPerUnit: 500000,
      }),
    ).toBe(625);
    expect(
      reservationQuota(p, 1, {
        promptTokens: 1000,
        maxCompletionTokens: 100,
        preConsumedTokens: 500,
        quotaPerUnit: 500000,
      }),
    ).toBe(1750);
  });
  it('group ratio defaults to 1', () => {
    expect(groupRatioOf('nope', { default: 1 })).toBe(1);
    expect(groupRatioOf('vip', { vip: 2 })).toBe(2);
  });
});
