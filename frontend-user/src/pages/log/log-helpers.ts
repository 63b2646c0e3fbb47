/**
 * Pure rules of the usage log (docs/console.md#usage-log): the `other` JSON, colours, columns, filters, the
 * billing explanation and error details. Unit-tested in log-helpers.spec.ts.
 */
import { callQuota, DEFAULT_QUOTA_PER_UNIT, logMessageOf, LogType, pricePer1M, renderQuota, tokenQuota, type LogRecord, type QuotaDisplay } from '@gw/shared';

export interface LogOther {
  model_ratio?: number;
  completion_ratio?: number;
  group_ratio?: number;
  user_group_ratio?: number;
  model_price?: number;
  cache_ratio?: number;
  cache_tokens?: number;
  cache_creation_ratio?: number;
  cache_creation_tokens?: number;
  /** First-token time, ms. */
  frt?: number;
  is_model_mapped?: boolean;
  upstream_model_name?: string;
  admin_info?: { use_channel?: Array<number | string> };
  error_type?: string;
  error_code?: string | number;
  status_code?: number;
  reasoning_effort?: string;
  [key: string]: unknown;
}

export function parseLogOther(raw: string | null | undefined): LogOther {
  if (!raw) return {};
  try {
    const v = JSON.parse(raw) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as LogOther) : {};
  } catch {
    return {};
  }
}

export type Tone = 'green' | 'orange' | 'red';

/** Request time: green at 100 s or less, orange below 300 s, else red. */
export function requestTimeTone(seconds: number): Tone {
  if (seconds <= 100) return 'green';
  if (seconds < 300) return 'orange';
  return 'red';
}

/** First-token time (ms): green below 3 s, orange below 10 s, else red. */
export function firstTokenTone(ms: number): Tone {
  const s = ms / 1000;
  if (s < 3) return 'green';
  if (s < 10) return 'orange';
  return 'red';
}

/** The type dropdown: all (0), top-up, consumption, management, system, check-in, error. */
export const LOG_TYPE_OPTIONS = [
  { value: 0, key: 'log.type_all' },
  { value: LogType.TopUp, key: 'log.type_topup' },
  { value: LogType.Consume, key: 'log.type_consume' },
  { value: LogType.Manage, key: 'log.type_manage' },
  { value: LogType.System, key: 'log.type_system' },
  { value: LogType.CheckIn, key: 'log.type_checkin' },
  { value: LogType.Error, key: 'log.type_error' },
] as const;

export const LOG_TYPE_COLOR: Record<number, string> = { 1: 'cyan', 2: 'green', 3: 'orange', 4: 'purple', 5: 'lime', 6: 'red' };
export const logTypeKey = (type: number) => LOG_TYPE_OPTIONS.find((o) => o.value === type && o.value !== 0)?.key ?? 'log.type_unknown';

/** Only types 0, 2 and 6 show token, model and channel information. */
export const showsUsage = (type: number) => type === LogType.Unknown || type === LogType.Consume || type === LogType.Error;

export const LOG_COLUMNS_KEY = 'logs-table-columns';
export const LOG_COLUMNS = ['time', 'channel', 'user', 'token', 'group', 'type', 'model', 'use_time', 'prompt', 'completion', 'cost', 'retry', 'details'] as const;
export type LogColumn = (typeof LOG_COLUMNS)[number];
/** Hidden for non-admins: channel, username and retry. */
export const ADMIN_COLUMNS: readonly LogColumn[] = ['channel', 'user', 'retry'];

export function logColumnDefaults(isAdmin: boolean): Record<LogColumn, boolean> {
  return Object.fromEntries(LOG_COLUMNS.map((c) => [c, isAdmin || !ADMIN_COLUMNS.includes(c)])) as Record<LogColumn, boolean>;
}
export const forcedHidden = (isAdmin: boolean): readonly LogColumn[] => (isAdmin ? [] : ADMIN_COLUMNS);

export interface LogFilters {
  /** Epoch ms. */
  start?: number;
  end?: number;
  token_name: string;
  model_name: string;
  group: string;
  username: string;
  channel: string;
}

/** Default range: the start of today to one hour from now (epoch ms). */
export function defaultRange(nowMs: number): { start: number; end: number } {
  const d = new Date(nowMs);
  d.setHours(0, 0, 0, 0);
  return { start: d.getTime(), end: nowMs + 3600_000 };
}

/** Query of the list and stat calls: times in epoch seconds; username and channel for admins only. */
export function buildLogQuery(f: LogFilters, type: number, isAdmin: boolean): Record<string, string | number | undefined> {
  const sec = (ms?: number) => (ms === undefined || !Number.isFinite(ms) ? undefined : Math.floor(ms / 1000));
  const q: Record<string, string | number | undefined> = {
    type,
    token_name: f.token_name.trim() || undefined,
    model_name: f.model_name.trim() || undefined,
    group: f.group.trim() || undefined,
    start_timestamp: sec(f.start),
    end_timestamp: sec(f.end),
  };
  if (isAdmin) {
    q.username = f.username.trim() || undefined;
    const ch = Number.parseInt(f.channel.trim(), 10);
    q.channel = Number.isFinite(ch) && ch > 0 ? ch : undefined;
  }
  return q;
}

/** A translated line: a message key and its parameters. */
export interface Line {
  key: string;
  params?: Record<string, string | number>;
}

/** Money with up to 6 decimals and no trailing zeros. */
export function usd(n: number): string {
  if (!Number.isFinite(n)) return '0';
  const s = n.toFixed(6).replace(/\.?0+$/, '');
  return s === '-0' ? '0' : s;
}

const num = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);

/**
 * The billing explanation of a consumption row: ratios, prices per 1M tokens and the cost formula
 * group × model × (prompt + completion × completion ratio) / QuotaPerUnit, or model price × group ratio
 * for pay-per-call models (docs/billing.md). The total is computed by the functions the server charges
 * with (`tokenQuota`, `callQuota`: rounded to whole quota, at least 1 for a used, priced model), so it
 * shows what was charged, not the unrounded product.
 */
export function billingLines(r: Pick<LogRecord, 'prompt_tokens' | 'completion_tokens'>, o: LogOther, quotaPerUnit = DEFAULT_QUOTA_PER_UNIT): Line[] {
  const perUnit = quotaPerUnit > 0 ? quotaPerUnit : DEFAULT_QUOTA_PER_UNIT;
  const group = num(o.user_group_ratio, -1) >= 0 ? num(o.user_group_ratio, 1) : num(o.group_ratio, 1);
  const price = num(o.model_price, -1);
  if (price > 0) {
    const total = callQuota(price, group, perUnit) / perUnit;
    return [{ key: 'log.bill_per_call', params: { price: usd(price), group, total: usd(total) } }, { key: 'log.bill_note' }];
  }
  const model = num(o.model_ratio, 0);
  const completionRatio = num(o.completion_ratio, 1);
  const base = pricePer1M(model, completionRatio, 1, perUnit);
  const lines: Line[] = [
    { key: 'log.bill_ratios', params: { model, completion: completionRatio, group } },
    { key: 'log.bill_prompt_price', params: { base: usd(base.prompt), group, price: usd(base.prompt * group) } },
    { key: 'log.bill_completion_price', params: { base: usd(base.completion), group, price: usd(base.completion * group) } },
  ];
  const cached = Math.min(num(o.cache_tokens, 0), r.prompt_tokens);
  const cacheRatio = num(o.cache_ratio, 1);
  let promptPart = String(r.prompt_tokens);
  if (cached > 0) {
    lines.push({ key: 'log.bill_cache', params: { tokens: cached, ratio: cacheRatio } });
    promptPart = `${r.prompt_tokens - cached} + ${cached} × ${cacheRatio}`;
  }
  const quota = tokenQuota(
    { promptTokens: r.prompt_tokens, completionTokens: r.completion_tokens, cachedTokens: cached, cacheCreationTokens: num(o.cache_creation_tokens, 0) },
    { modelRatio: model, completionRatio, groupRatio: group, cacheRatio, cacheCreationRatio: num(o.cache_creation_ratio, 1) },
  );
  lines.push({
    key: 'log.bill_formula',
    params: { group, model, prompt: promptPart, completion: r.completion_tokens, ratio: completionRatio, per_unit: perUnit, total: usd(quota / perUnit) },
  });
  lines.push({ key: 'log.bill_note' });
  return lines;
}

/** Detail lines of an expanded row: billing for type 2, error fields for type 6, then mapping and retries. */
export function detailLines(r: LogRecord, o: LogOther, isAdmin: boolean, quotaPerUnit = DEFAULT_QUOTA_PER_UNIT): Line[] {
  const lines: Line[] = [];
  if (r.type === LogType.Consume) lines.push(...billingLines(r, o, quotaPerUnit));
  if (r.type === LogType.Error) {
    if (o.error_type) lines.push({ key: 'log.error_type', params: { value: String(o.error_type) } });
    if (o.error_code !== undefined && o.error_code !== '') lines.push({ key: 'log.error_code', params: { value: String(o.error_code) } });
    if (o.status_code) lines.push({ key: 'log.status_code', params: { value: o.status_code } });
  }
  if (o.is_model_mapped && o.upstream_model_name) lines.push({ key: 'log.model_mapped', params: { model: r.model_name, upstream: o.upstream_model_name } });
  if (o.reasoning_effort) lines.push({ key: 'log.reasoning_effort', params: { value: o.reasoning_effort } });
  const retry = retryText(o);
  if (isAdmin && retry) lines.push({ key: 'log.retry_path', params: { path: retry } });
  return lines;
}

type Translate = (key: string, params?: Record<string, string | number>) => string;

/**
 * A row's text: the message its `other` names (`msg`, `msg_params`) in the viewer's language when the
 * dictionaries know it, else the stored content (old rows, rows written in words only). Parameters named
 * `*_quota` are amounts shown as the quota display says; `delta_*` ones carry their sign.
 */
export function contentText(r: Pick<LogRecord, 'content'>, o: LogOther, display: QuotaDisplay, t: Translate, exists: (key: string) => boolean): string {
  const m = logMessageOf(o);
  const key = m ? `log.msg.${m.id}` : '';
  if (!m || !exists(key)) return r.content ?? '';
  const params = Object.fromEntries(
    Object.entries(m.params).map(([name, v]) => {
      if (!name.endsWith('_quota') || typeof v !== 'number') return [name, v];
      const amount = renderQuota(Math.abs(v), display, 6);
      return [name, name.startsWith('delta_') ? `${v < 0 ? '-' : '+'}${amount}` : v < 0 ? `-${amount}` : amount];
    }),
  );
  return t(key, params);
}

/** Channels tried for the request (admins): "3 → 5"; null when none are recorded. */
export function retryText(o: LogOther): string | null {
  const used = o.admin_info?.use_channel;
  return Array.isArray(used) && used.length > 0 ? used.join(' → ') : null;
}
