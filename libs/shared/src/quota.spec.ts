import { callQuota, formatNumber, pricePer1M, ratiosFromPrices, renderQuota, saturateQuota, tokenQuota } from './quota';

describe('tokenQuota: round(group × model × (prompt + completion × completion ratio [+ cache terms]))', () => {
  it.each([
    // prompt, completion, cached, created, model, completionRatio, group, cacheRatio, creationRatio, expected
    [1000, 500, 0, 0, 15, 2, 1, 1, 1, 30000],
    [1000, 500, 0, 0, 1.25, 4, 1, 1, 1, 3750],
    [1000, 500, 0, 0, 1.25, 4, 1.5, 1, 1, 5625],
    [1000, 0, 400, 0, 1, 1, 1, 0.5, 1, 800],
    [1000, 100, 200, 300, 1.5, 5, 1, 0.1, 1.25, 1.5 * (500 + 20 + 375 + 500)],
    [10, 10, 0, 0, 0.075, 4, 1, 1, 1, 4],
    [1, 0, 0, 0, 0.0001, 1, 1, 1, 1, 1],
    [0, 0, 0, 0, 15, 2, 1, 1, 1, 0],
    [100, 100, 0, 0, 0, 1, 1, 1, 1, 0],
  ])('prompt %d completion %d cached %d created %d ratios m%d c%d g%d → %d', (p, c, cached, created, m, cr, g, cache, creation, expected) => {
    expect(
      tokenQuota(
        { promptTokens: p, completionTokens: c, cachedTokens: cached, cacheCreationTokens: created },
        { modelRatio: m, completionRatio: cr, groupRatio: g, cacheRatio: cache, cacheCreationRatio: creation },
      ),
    ).toBe(Math.round(expected));
  });

  it.each([
    [{ promptTokens: -100, completionTokens: 10 }],
    [{ promptTokens: Number.NaN, completionTokens: 10 }],
    [{ promptTokens: 10, completionTokens: -5, cachedTokens: 1e9 }],
  ])('never negative for absurd usage %j', (usage) => {
    const q = tokenQuota(usage, { modelRatio: 1, completionRatio: 1, groupRatio: 1 });
    expect(q).toBeGreaterThanOrEqual(0);
    expect(Number.isSafeInteger(q)).toBe(true);
  });

  it.each([
    // prompt, completion, audio in, audio out, model, completionRatio, audioRatio, audioCompletionRatio, expected
    // gpt-4o-audio-preview: 1.25 × (text 100 + audio 200×16 + text out 50×4 + audio out 300×16×2)
    [300, 350, 200, 300, 1.25, 4, 16, 2, 1.25 * (100 + 3200 + 200 + 9600)],
    // gpt-4o-mini-audio-preview: 0.075 × (0 + 1000×66.67 + 0 + 100×66.67×2)
    [1000, 100, 1000, 100, 0.075, 4, 66.67, 2, 0.075 * (66670 + 13334)],
    // no audio ratio set: audio tokens cost as text
    [100, 100, 100, 100, 1, 3, 1, 1, 200],
    // audio counts above their totals are capped at the totals
    [10, 10, 1e6, 1e6, 1, 1, 10, 1, 200],
  ])('audio: prompt %d completion %d audio %d/%d m%d c%d a%d ac%d → %d', (p, c, ai, ao, m, cr, ar, acr, expected) => {
    expect(
      tokenQuota(
        { promptTokens: p, completionTokens: c, audioInputTokens: ai, audioOutputTokens: ao },
        { modelRatio: m, completionRatio: cr, groupRatio: 1, audioRatio: ar, audioCompletionRatio: acr },
      ),
    ).toBe(Math.round(expected));
  });

  it('saturates instead of overflowing', () => {
    expect(tokenQuota({ promptTokens: 2 ** 63, completionTokens: 2 ** 63 }, { modelRatio: 1e6, completionRatio: 1, groupRatio: 1 })).toBe(Number.MAX_SAFE_INTEGER);
  });
});

describe('callQuota: ModelPrice × QuotaPerUnit × GroupRatio', () => {
  it.each([
    [0.04, 1, 500000, 20000],
    [0.04, 1.5, 500000, 30000],
    [0.02, 1, 1000000, 20000],
    [-1, 1, 500000, 0],
  ])('price %d group %d per-unit %d → %d', (price, group, perUnit, expected) => {
    expect(callQuota(price, group, perUnit)).toBe(expected);
  });
});

describe('display math', () => {
  it.each([
    [9999, '9999'],
    [10000, '10k'],
    [12345, '12.3k'],
    [1_000_000, '1M'],
    [2_500_000, '2.5M'],
    [1e9, '1B'],
    [3.25e9, '3.3B'],
  ])('formatNumber(%d) = %s', (n, s) => expect(formatNumber(n)).toBe(s));

  it.each([
    [500000, true, '$1.00'],
    [250000, true, '$0.50'],
    [1, true, '$0.01'],
    [0, true, '$0.00'],
    [1234567, false, '1.2M'],
  ])('renderQuota(%d, currency %s) = %s', (q, currency, s) => {
    expect(renderQuota(q, { displayInCurrency: currency, quotaPerUnit: 500000 })).toBe(s);
  });

  it('price per 1M tokens: prompt = ratio × 2 × group; completion = prompt × completion ratio', () => {
    expect(pricePer1M(1.25, 4)).toEqual({ prompt: 2.5, completion: 10 });
    expect(pricePer1M(15, 2, 1.5)).toEqual({ prompt: 45, completion: 90 });
    expect(ratiosFromPrices(2.5, 10)).toEqual({ modelRatio: 1.25, completionRatio: 4 });
  });

  it('saturateQuota clamps to [0, MAX_SAFE_INTEGER]', () => {
    expect(saturateQuota(-5)).toBe(0);
    expect(saturateQuota(Number.NaN)).toBe(0);
    expect(saturateQuota(Infinity)).toBe(Number.MAX_SAFE_INTEGER);
    expect(saturateQuota(2.5)).toBe(3);
  });
});
