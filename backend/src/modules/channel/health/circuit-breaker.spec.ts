import { CircuitBreaker, type BreakerPolicy, type BreakerState } from './circuit-breaker';

const POLICY: BreakerPolicy = {
  windowMs: 10_000,
  minRequests: 4,
  errorRatePercent: 50,
  latencyMs: 0,
  coolDownMs: 1_000,
  probes: 2,
};

/**
 * A sequence in a small language: `ok` (success, no latency), `ok:900` (success in 900 ms), `err`,
 * `begin` (an attempt is made), `neutral`, `+1500` (time passes), `4×err` (repeat).
 */
function run(events: string, policy: Partial<BreakerPolicy> = {}) {
  const p = { ...POLICY, ...policy };
  const b = new CircuitBreaker();
  let now = 1_000_000;
  for (const token of events.split(/\s+/).filter(Boolean)) {
    const [times, event] = token.includes('×') ? [Number(token.split('×')[0]), token.split('×')[1]] : [1, token];
    for (let n = 0; n < times; n++) {
      if (event.startsWith('+')) now += Number(event.slice(1));
      else if (event === 'begin') b.begin(now, p);
      else if (event === 'err') b.failure(now, p);
      else if (event === 'neutral') b.neutral();
      else if (event.startsWith('ok')) b.success(now, event.includes(':') ? Number(event.split(':')[1]) : -1, p);
      else throw new Error(`unknown event ${event}`);
    }
  }
  return { state: b.state, available: b.available(now, p), summary: b.summary(now, p) };
}

describe('CircuitBreaker', () => {
  it.each<[string, string, Partial<BreakerPolicy>, BreakerState, boolean]>([
    // name, events, policy, state, available
    ['starts closed', '', {}, 'closed', true],
    ['errors below the minimum requests do not open', '3×err', {}, 'closed', true],
    ['the error rate at the threshold opens', '2×ok 2×err', {}, 'open', false],
    ['below the threshold stays closed', '3×ok 2×err', {}, 'closed', true],
    ['errors that left the window do not count', '2×err +11000 2×ok 1×err', {}, 'closed', true],
    ['errors spread within the window count', '1×err +3000 1×err +3000 1×err +3000 1×ok', {}, 'open', false],
    ['open stays open during the cool-down', '4×err +999', {}, 'open', false],
    ['after the cool-down an attempt may go (half-open)', '4×err +1000', {}, 'open', true],
    ['the first attempt after the cool-down is a probe', '4×err +1000 begin', {}, 'half_open', true],
    ['probes are limited', '4×err +1000 begin begin', {}, 'half_open', false],
    ['a probe failure opens again', '4×err +1000 begin err', {}, 'open', false],
    ['the second cool-down is twice as long', '4×err +1000 begin err +1999', {}, 'open', false],
    ['… and then ends', '4×err +1000 begin err +2000', {}, 'open', true],
    ['probe successes close the breaker', '4×err +1000 2×begin 2×ok', {}, 'closed', true],
    ['one probe success of two leaves it half-open', '4×err +1000 2×begin ok', {}, 'half_open', false],
    [
      'closing clears the window',
      '4×err +1000 2×begin 2×ok 1×err',
      { minRequests: 1, errorRatePercent: 100 },
      'open',
      false,
    ],
    ['a neutral probe frees its slot', '4×err +1000 2×begin neutral', {}, 'half_open', true],
    ['a lost probe frees its slot after a window', '4×err +1000 2×begin +10000', {}, 'half_open', true],
    ['attempts during the cool-down are no probes', '4×err +500 begin ok ok', {}, 'open', false],
    ['slow successes open (latency on)', '4×ok:900', { latencyMs: 800 }, 'open', false],
    ['fast successes do not', '4×ok:700', { latencyMs: 800 }, 'closed', true],
    ['latency off ignores slowness', '4×ok:90000', {}, 'closed', true],
    ['the mean is judged, not one slow answer', '3×ok:100 ok:2000', { latencyMs: 800 }, 'closed', true],
    ['successes without a latency are not judged', '6×ok', { latencyMs: 800 }, 'closed', true],
    ['a slow probe opens again', '4×ok:900 +1000 begin ok:900', { latencyMs: 800 }, 'open', false],
    ['a fast probe closes', '4×ok:900 +1000 begin ok:100', { latencyMs: 800, probes: 1 }, 'closed', true],
  ])('%s', (_name, events, policy, state, available) => {
    const r = run(events, policy);
    expect(r.state).toBe(state);
    expect(r.available).toBe(available);
  });

  it('grows the cool-down with each failed round, up to eight times its base', () => {
    // Rounds: 1 s, 2 s, 4 s, 8 s, then 8 s again.
    const rounds = ['+1000', '+2000', '+4000', '+8000'].map((wait) => `${wait} begin err`).join(' ');
    expect(run(`4×err ${rounds} +7999`).available).toBe(false);
    expect(run(`4×err ${rounds} +8000`).available).toBe(true);
  });

  it('summarises the window', () => {
    const { summary } = run('ok:100 ok:300 ok err +500');
    expect(summary).toEqual({
      state: 'closed',
      requests: 4,
      errors: 1,
      errorRate: 0.25,
      latencyMs: 200,
      openUntil: null,
    });
    const open = run('4×err +400').summary;
    expect(open).toMatchObject({ state: 'open', requests: 4, errors: 4, errorRate: 1, openUntil: 1_001_000 });
    // Cool-down over: reported as half-open (the next attempt probes).
    expect(run('4×err +1000').summary.state).toBe('half_open');
  });

  it('forgets the window when its length changes', () => {
    const b = new CircuitBreaker();
    b.failure(0, POLICY);
    b.failure(0, POLICY);
    b.failure(0, POLICY);
    b.failure(0, { ...POLICY, windowMs: 20_000 });
    expect(b.state).toBe('closed');
    expect(b.summary(0, { ...POLICY, windowMs: 20_000 }).requests).toBe(1);
  });
});
