import { RelayMetrics } from './relay-metrics.service';

const value = async (m: RelayMetrics, name: string, labels: Record<string, string> = {}): Promise<number> => {
  const metric = await m.registry.getSingleMetric(name)?.get();
  return (metric?.values ?? [])
    .filter((v) => Object.entries(labels).every(([k, want]) => String(v.labels[k]) === want))
    .reduce((sum, v) => sum + v.value, 0);
};

const delivered = {
  model: 'gpt-4o',
  channelId: 3,
  mode: 'chat',
  stream: true,
  totalMs: 1500,
  upstreamMs: 1200,
  frtMs: 300,
  promptTokens: 10,
  completionTokens: 20,
  quota: 113,
};

describe('RelayMetrics', () => {
  it('a delivered request: one 2xx count, its times in seconds, overhead = total − upstream, tokens and quota', async () => {
    const m = new RelayMetrics();
    m.relayDelivered(delivered);
    expect(
      await value(m, 'gateway_relay_requests_total', {
        model: 'gpt-4o',
        channel: '3',
        code: '200',
        status_class: '2xx',
      }),
    ).toBe(1);
    expect(await value(m, 'gateway_relay_duration_seconds', { le: '+Inf' })).toBe(1);
    expect(await m.registry.metrics()).toMatch(/gateway_relay_overhead_seconds_sum\{model="gpt-4o",mode="chat"\} 0\.3/);
    expect(await value(m, 'gateway_relay_overhead_seconds', { le: '0.25' })).toBe(0);
    expect(await value(m, 'gateway_relay_overhead_seconds', { le: '0.5' })).toBe(1);
    expect(await value(m, 'gateway_relay_time_to_first_token_seconds', { le: '0.5' })).toBe(1);
    expect(await value(m, 'gateway_relay_tokens_total', { kind: 'prompt' })).toBe(10);
    expect(await value(m, 'gateway_relay_tokens_total', { kind: 'completion' })).toBe(20);
    expect(await value(m, 'gateway_relay_quota_total', { channel: '3' })).toBe(113);
  });

  it('no TTFT for a whole response, no upstream/overhead when the upstream time is unknown', async () => {
    const m = new RelayMetrics();
    m.relayDelivered({ ...delivered, stream: false, frtMs: null, upstreamMs: null });
    expect(await value(m, 'gateway_relay_time_to_first_token_seconds', { le: '+Inf' })).toBe(0);
    expect(await value(m, 'gateway_relay_upstream_duration_seconds', { le: '+Inf' })).toBe(0);
    expect(await value(m, 'gateway_relay_overhead_seconds', { le: '+Inf' })).toBe(0);
    expect(await value(m, 'gateway_relay_duration_seconds', { le: '+Inf' })).toBe(1);
  });

  it('a failed request: counted under its code and class, nothing charged', async () => {
    const m = new RelayMetrics();
    m.relayFailed({ model: '_unrouted', channelId: 0, mode: 'chat', status: 503, totalMs: 5 });
    m.relayFailed({ model: 'gpt-4o', channelId: 2, mode: 'chat', status: 429, totalMs: 5 });
    expect(await value(m, 'gateway_relay_requests_total', { code: '503', status_class: '5xx', channel: '0' })).toBe(1);
    expect(await value(m, 'gateway_relay_requests_total', { code: '429', status_class: '4xx', model: 'gpt-4o' })).toBe(
      1,
    );
    expect(await value(m, 'gateway_relay_quota_total')).toBe(0);
  });

  it('cache observers count hits and misses per cache; probes are read on scrape', async () => {
    const m = new RelayMetrics();
    const seen = m.cacheObserver('tokens');
    seen(true);
    seen(true);
    seen(false);
    let depth = 4;
    m.probe('gateway_test_depth', 'test', () => depth);
    expect(await value(m, 'gateway_cache_lookups_total', { cache: 'tokens', result: 'hit' })).toBe(2);
    expect(await value(m, 'gateway_cache_lookups_total', { cache: 'tokens', result: 'miss' })).toBe(1);
    expect(await m.registry.metrics()).toContain('gateway_test_depth 4');
    depth = 7;
    expect(await m.registry.metrics()).toContain('gateway_test_depth 7');
  });
});
