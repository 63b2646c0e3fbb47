import type { UsageReport } from '../../../providers/provider';
import { billableUsage, MAX_COMPLETION_TOKENS, needsLocalCount, type UsageBounds } from './billable-usage';

const bounds: UsageBounds = { maxCompletionTokens: 0, promptEstimate: 10, promptOpaque: false, streamCut: false };
const local = { promptTokens: 11, completionTokens: 8 };
const r = (promptTokens: unknown, completionTokens: unknown, extra: Partial<UsageReport> = {}): UsageReport =>
  ({ promptTokens, completionTokens, ...extra }) as UsageReport;

describe('billableUsage', () => {
  // [case, report, bounds, expected [prompt, completion], clamped]
  it.each([
    ['plausible report as reported', r(10, 20), bounds, [10, 20], false],
    ['no report: the local count', null, bounds, [11, 8], false],
    ['a report of nothing: the local count, not flagged', r(0, 0), bounds, [11, 8], false],
    ['2^63 completion', r(10, 2 ** 63), bounds, [11, 8], true],
    ['negative prompt', r(-5, 20), bounds, [11, 8], true],
    ['fractional', r(10.5, 20), bounds, [11, 8], true],
    ['1e400 (Infinity)', r(10, Infinity), bounds, [11, 8], true],
    ['NaN', r(NaN, 20), bounds, [11, 8], true],
    ['a string (malformed)', r(0, 20, { malformed: true }), bounds, [11, 8], true],
    ['completion above max_tokens (+ slack)', r(10, 5000), { ...bounds, maxCompletionTokens: 100 }, [11, 8], true],
    ['completion within the thinking slack', r(10, 2000), { ...bounds, maxCompletionTokens: 100 }, [10, 2000], false],
    ['completion above any model limit', r(10, MAX_COMPLETION_TOKENS + 1), bounds, [11, 8], true],
    ['prompt far above the estimate', r(1_000_000, 20), bounds, [11, 8], true],
    [
      'prompt far above an opaque estimate is believed',
      r(1_000_000, 20),
      { ...bounds, promptOpaque: true },
      [1_000_000, 20],
      false,
    ],
    ['cached above the prompt', r(10, 20, { cachedTokens: 11 }), bounds, [11, 8], true],
    ['audio out above the completion', r(10, 20, { audioOutputTokens: 21 }), bounds, [11, 8], true],
    ['cut stream: reported 1 output, metered 8', r(10, 1), { ...bounds, streamCut: true }, [10, 8], false],
    ['cut stream: reported above metered', r(10, 30), { ...bounds, streamCut: true }, [10, 30], false],
  ] as const)('%s', (_name, report, b, [prompt, completion], clamped) => {
    const out = billableUsage(report, local, b);
    expect(out.usage).toMatchObject({ promptTokens: prompt, completionTokens: completion });
    expect(out.clamped).toBe(clamped);
  });

  it('keeps the cache and audio parts of a plausible report, drops them when clamped', () => {
    const parts = { cachedTokens: 2, cacheCreationTokens: 3, audioInputTokens: 4, audioOutputTokens: 5 };
    expect(billableUsage(r(10, 20, parts), null, bounds).usage).toEqual({
      promptTokens: 10,
      completionTokens: 20,
      ...parts,
    });
    expect(billableUsage(r(10, -1, parts), local, bounds).usage).toMatchObject({
      cachedTokens: 0,
      audioOutputTokens: 0,
    });
  });

  it('asks for the local count only when it is needed', () => {
    expect(needsLocalCount(r(10, 20), bounds)).toBe(false);
    expect(needsLocalCount(null, bounds)).toBe(true);
    expect(needsLocalCount(r(10, 2 ** 63), bounds)).toBe(true);
    expect(needsLocalCount(r(10, 20), { ...bounds, streamCut: true })).toBe(true);
  });
});
