/** Pure display rules of the channel list (docs/channel-types.md#status), unit-tested in channel-display.spec.ts. */
import { ChannelStatus, type ChannelHealth, type ChannelRecord } from '@gw/shared';

/** The health tag of a channel (docs/relay.md#health-based-routing): label key and colour by breaker state. */
export const HEALTH_TAG: Record<ChannelHealth['state'], { key: string; color: string }> = {
  closed: { key: 'channel.health_closed', color: 'green' },
  half_open: { key: 'channel.health_half_open', color: 'orange' },
  open: { key: 'channel.health_open', color: 'red' },
};

/** An error rate (0–1) as a percentage with at most one decimal. */
export const percent = (rate: number) => `${Math.round(rate * 1000) / 10}%`;

export type ResponseLevel = 'untested' | 'green' | 'lime' | 'yellow' | 'red';

/** Response-time badge: 0 untested; up to 1 s green; up to 3 s lime; up to 5 s yellow; above red. */
export function responseTimeLevel(ms: number): ResponseLevel {
  if (!Number.isFinite(ms) || ms <= 0) return 'untested';
  if (ms <= 1000) return 'green';
  if (ms <= 3000) return 'lime';
  if (ms <= 5000) return 'yellow';
  return 'red';
}

/** Arco tag colours of the levels (Arco names yellow "gold"). */
export const LEVEL_COLOR: Record<ResponseLevel, string> = {
  untested: 'gray',
  green: 'green',
  lime: 'lime',
  yellow: 'gold',
  red: 'red',
};

export const formatSeconds = (ms: number) => `${(ms / 1000).toFixed(2)}`;

export interface StatusInfo {
  key: string;
  color: string;
  /** Auto-disabled only: why and when (epoch seconds), from other_info. */
  reason?: string;
  time?: number;
}

export function parseOtherInfo(raw: string | null | undefined): { status_reason?: string; status_time?: number } {
  if (!raw) return {};
  try {
    const v = JSON.parse(raw) as unknown;
    if (!v || typeof v !== 'object' || Array.isArray(v)) return {};
    const o = v as Record<string, unknown>;
    return {
      status_reason: typeof o.status_reason === 'string' ? o.status_reason : undefined,
      status_time: typeof o.status_time === 'number' ? o.status_time : undefined,
    };
  } catch {
    return {};
  }
}

/** 1 enabled, 2 disabled, 3 auto-disabled (with the reason and time for its tooltip). */
export function channelStatusInfo(status: number, otherInfo?: string | null): StatusInfo {
  if (status === ChannelStatus.Enabled) return { key: 'channel.status_enabled', color: 'green' };
  if (status === ChannelStatus.ManuallyDisabled) return { key: 'channel.status_disabled', color: 'red' };
  if (status === ChannelStatus.AutoDisabled) {
    const info = parseOtherInfo(otherInfo);
    return { key: 'channel.status_auto_disabled', color: 'gold', reason: info.status_reason, time: info.status_time };
  }
  return { key: 'channel.status_unknown', color: 'gray' };
}

/** A tag's aggregate row in tag mode; priority and weight are null when the children differ. */
export interface TagRow {
  rowKey: string;
  isTag: true;
  tag: string;
  group: string;
  models: string;
  priority: number | null;
  weight: number | null;
  used_quota: number;
  enabled: number;
  children: ChannelRow[];
}

export type ChannelRow = ChannelRecord & { rowKey: string; isTag?: false; health?: ChannelHealth | null };
export type TableRow = ChannelRow | TagRow;

const uniq = (lists: Array<string | null | undefined>) => [
  ...new Set(
    lists.flatMap((l) =>
      (l ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ),
];
const same = (values: number[]) => (values.every((v) => v === values[0]) ? values[0] : null);

export const channelRow = (c: ChannelRecord): ChannelRow => ({ ...c, rowKey: String(c.id) });

/** Groups channels by tag (first appearance order); channels without a tag stay top-level rows. */
export function groupByTag(channels: ChannelRecord[]): TableRow[] {
  const rows: TableRow[] = [];
  const tags = new Map<string, TagRow>();
  for (const c of channels) {
    if (!c.tag) {
      rows.push(channelRow(c));
      continue;
    }
    let row = tags.get(c.tag);
    if (!row) {
      row = {
        rowKey: `tag:${c.tag}`,
        isTag: true,
        tag: c.tag,
        group: '',
        models: '',
        priority: null,
        weight: null,
        used_quota: 0,
        enabled: 0,
        children: [],
      };
      tags.set(c.tag, row);
      rows.push(row);
    }
    row.children.push(channelRow(c));
  }
  for (const row of tags.values()) {
    const kids = row.children;
    row.group = uniq(kids.map((k) => k.group)).join(',');
    row.models = uniq(kids.map((k) => k.models)).join(',');
    row.priority = same(kids.map((k) => k.priority));
    row.weight = same(kids.map((k) => k.weight));
    row.used_quota = kids.reduce((s, k) => s + (k.used_quota || 0), 0);
    row.enabled = kids.filter((k) => k.status === ChannelStatus.Enabled).length;
  }
  return rows;
}

/** The list's inline edits: weight below 0 becomes 0; priority is an integer, at least -999. */
export function listWeight(value: unknown): number {
  const n = Math.trunc(Number(value));
  return Number.isFinite(n) && n > 0 ? n : 0;
}

export function listPriority(value: unknown): number {
  const n = Math.trunc(Number(value));
  if (!Number.isFinite(n)) return 0;
  return Math.max(-999, n);
}
