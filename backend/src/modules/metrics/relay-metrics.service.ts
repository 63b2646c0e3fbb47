import { Inject, Injectable, Optional } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { APP_CONFIG, type AppConfig } from '../../config/env';

/** What one delivered (charged) relay request reports; labels are bounded (docs/observability.md). */
export interface RelayDeliveredEvent {
  readonly model: string;
  readonly channelId: number;
  readonly mode: string;
  readonly stream: boolean;
  /** From arrival to settlement (just before the response's last bytes). */
  readonly totalMs: number;
  /** From the upstream call of the serving attempt to the end of its answer; null when unknown. */
  readonly upstreamMs: number | null;
  /** Time to the first streamed event; null for whole responses. */
  readonly frtMs: number | null;
  readonly promptTokens: number;
  readonly completionTokens: number;
  readonly quota: number;
}

/** What one refused or failed relay request reports (nothing charged). */
export interface RelayFailedEvent {
  /** The requested model once the request was routed (the model is served), else UNROUTED_MODEL. */
  readonly model: string;
  /** The channel of the last attempt, 0 when none was tried. */
  readonly channelId: number;
  readonly mode: string;
  readonly status: number;
  readonly totalMs: number;
}

/** The model label of a request that never reached routing: its model name is client input. */
export const UNROUTED_MODEL = '_unrouted';

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300];
const OVERHEAD_SECONDS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

const statusClass = (status: number): string =>
  status >= 500 ? '5xx' : status >= 400 ? '4xx' : status >= 300 ? '3xx' : '2xx';

/**
 * The gateway's Prometheus registry and its metric objects. Relay code reports events through the
 * methods here (one call per request); the text format is rendered on scrape only. Labels are the
 * model, the channel id, the status and the mode: never user ids, token names or keys.
 * A gateway that serves no /metrics (neither METRICS_TOKEN nor METRICS_PORT) records nothing: the
 * event methods return at once and no default metrics are collected.
 */
@Injectable()
export class RelayMetrics {
  readonly registry = new Registry();
  /** Whether /metrics is served somewhere; without a config (unit specs), always. */
  readonly enabled: boolean;

  private readonly requests = new Counter({
    name: 'gateway_relay_requests_total',
    help: 'Relay requests answered, by model, channel, mode, status code and class.',
    labelNames: ['model', 'channel', 'mode', 'code', 'status_class'] as const,
    registers: [this.registry],
  });
  private readonly total = new Histogram({
    name: 'gateway_relay_duration_seconds',
    help: 'Relay request time from arrival to the answer (delivered: to settlement; failed: to the error).',
    labelNames: ['model', 'channel', 'mode', 'status_class'] as const,
    buckets: SECONDS,
    registers: [this.registry],
  });
  private readonly upstream = new Histogram({
    name: 'gateway_relay_upstream_duration_seconds',
    help: 'Time spent in the upstream call that served the request (delivered requests).',
    labelNames: ['model', 'channel', 'mode'] as const,
    buckets: SECONDS,
    registers: [this.registry],
  });
  private readonly overhead = new Histogram({
    name: 'gateway_relay_overhead_seconds',
    help: "The gateway's own time: total minus upstream time (delivered requests).",
    labelNames: ['model', 'mode'] as const,
    buckets: OVERHEAD_SECONDS,
    registers: [this.registry],
  });
  private readonly ttft = new Histogram({
    name: 'gateway_relay_time_to_first_token_seconds',
    help: 'Time from arrival to the first streamed event (delivered streams).',
    labelNames: ['model', 'channel'] as const,
    buckets: SECONDS,
    registers: [this.registry],
  });
  private readonly tokens = new Counter({
    name: 'gateway_relay_tokens_total',
    help: 'Tokens billed, by model, channel and kind (prompt, completion).',
    labelNames: ['model', 'channel', 'kind'] as const,
    registers: [this.registry],
  });
  private readonly quota = new Counter({
    name: 'gateway_relay_quota_total',
    help: 'Quota charged for delivered requests, by model and channel.',
    labelNames: ['model', 'channel'] as const,
    registers: [this.registry],
  });
  private readonly ledgerFlush = new Histogram({
    name: 'gateway_ledger_flush_seconds',
    help: 'Time of one group commit of the quota ledger (reservations and settlements).',
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });
  private readonly cacheLookups = new Counter({
    name: 'gateway_cache_lookups_total',
    help: "Lookups in the relay's read-through caches, by cache and result (hit, miss).",
    labelNames: ['cache', 'result'] as const,
    registers: [this.registry],
  });
  private readonly busMessages = new Counter({
    name: 'gateway_cluster_bus_messages_total',
    help: 'Cache invalidation messages between nodes, by topic and direction (published, received, dropped).',
    labelNames: ['topic', 'direction'] as const,
    registers: [this.registry],
  });

  private readonly redisFallbacks = new Counter({
    name: 'gateway_redis_fallback_total',
    help: "Decisions taken on this node's own state because Redis did not answer, by component.",
    labelNames: ['component'] as const,
    registers: [this.registry],
  });

  constructor(@Optional() @Inject(APP_CONFIG) config?: AppConfig) {
    this.enabled = !config || config.metrics.token !== '' || config.metrics.port > 0;
    if (this.enabled) collectDefaultMetrics({ register: this.registry, prefix: 'gateway_' });
  }

  relayDelivered(e: RelayDeliveredEvent): void {
    if (!this.enabled) return;
    const channel = String(e.channelId);
    const total = e.totalMs / 1000;
    this.requests.inc({ model: e.model, channel, mode: e.mode, code: '200', status_class: '2xx' });
    this.total.observe({ model: e.model, channel, mode: e.mode, status_class: '2xx' }, total);
    if (e.upstreamMs !== null) {
      const upstream = e.upstreamMs / 1000;
      this.upstream.observe({ model: e.model, channel, mode: e.mode }, upstream);
      this.overhead.observe({ model: e.model, mode: e.mode }, Math.max(0, total - upstream));
    }
    if (e.stream && e.frtMs !== null && e.frtMs >= 0) this.ttft.observe({ model: e.model, channel }, e.frtMs / 1000);
    if (e.promptTokens > 0) this.tokens.inc({ model: e.model, channel, kind: 'prompt' }, e.promptTokens);
    if (e.completionTokens > 0) this.tokens.inc({ model: e.model, channel, kind: 'completion' }, e.completionTokens);
    if (e.quota > 0) this.quota.inc({ model: e.model, channel }, e.quota);
  }

  relayFailed(e: RelayFailedEvent): void {
    if (!this.enabled) return;
    const channel = String(e.channelId);
    const status_class = statusClass(e.status);
    this.requests.inc({ model: e.model, channel, mode: e.mode, code: String(e.status), status_class });
    this.total.observe({ model: e.model, channel, mode: e.mode, status_class }, e.totalMs / 1000);
  }

  ledgerFlushed(ms: number): void {
    if (!this.enabled) return;
    this.ledgerFlush.observe(ms / 1000);
  }

  /** A counter pair for one cache, bound once so that a lookup costs one increment. */
  cacheObserver(cache: string): (hit: boolean) => void {
    if (!this.enabled) return () => undefined;
    const hit = this.cacheLookups.labels(cache, 'hit');
    const miss = this.cacheLookups.labels(cache, 'miss');
    return (found) => (found ? hit.inc() : miss.inc());
  }

  /** One decision of `component` taken without Redis (its per-node fallback). */
  redisFallback(component: string): void {
    this.redisFallbacks.inc({ component });
  }

  /** One cluster bus message; `topic` is one of the bus's fixed topics (docs/cluster.md). */
  busMessage(topic: string, direction: 'published' | 'received' | 'dropped'): void {
    this.busMessages.inc({ topic, direction });
  }

  /** A gauge whose value is read on each scrape. */
  probe(name: string, help: string, read: () => number | Promise<number>): void {
    new Gauge({
      name,
      help,
      registers: [this.registry],
      async collect() {
        this.set(await read());
      },
    });
  }
}
