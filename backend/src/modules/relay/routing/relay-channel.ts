import { parseJsonObject } from '../../../common/json';
import type { ChannelEntity } from '../../../database/entities';
import type { AdaptorTarget } from '../../../providers/provider';
import { splitList } from '../../channel/channel-fields';

/** A channel as the relay uses it: parsed once when the directory loads, immutable afterwards. */
export interface RelayChannel {
  readonly id: number;
  readonly type: number;
  readonly name: string;
  readonly status: number;
  /** Decrypted upstream keys; one is chosen per attempt (ChannelKeyPicker). */
  readonly keys: readonly string[];
  readonly multiKeyMode: 'random' | 'polling';
  readonly baseUrl: string;
  readonly organization: string;
  readonly modelMapping: Readonly<Record<string, string>>;
  /** Upstream status → status answered to the client. */
  readonly statusCodeMapping: Readonly<Record<string, number>>;
  readonly paramOverride: Readonly<Record<string, unknown>> | null;
  readonly autoBan: boolean;
  readonly priority: number;
  readonly weight: number;
  readonly groups: readonly string[];
  readonly models: readonly string[];
  readonly other: string;
  readonly tag: string;
}

function stringMap(text: string | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(parseJsonObject(text) ?? {})) if (typeof v === 'string' && v) out[k] = v;
  return out;
}

function statusMap(text: string | null | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(parseJsonObject(text) ?? {})) {
    const n = Number(v);
    if (/^\d{3}$/.test(k) && Number.isInteger(n) && n >= 100 && n <= 599) out[k] = n;
  }
  return out;
}

/** The stored fields a RelayChannel is made from (toRelayChannel, and `key` for its keys, still encrypted). */
export const RELAY_SOURCE_FIELDS = [
  'type',
  'name',
  'status',
  'key',
  'multi_key_mode',
  'base_url',
  'openai_organization',
  'model_mapping',
  'status_code_mapping',
  'param_override',
  'auto_ban',
  'priority',
  'weight',
  'group',
  'models',
  'other',
  'tag',
] as const satisfies readonly (keyof ChannelEntity)[];

/** What a RelayChannel is made from: those fields and the id. */
export type RelaySourceRow = Pick<ChannelEntity, 'id' | (typeof RELAY_SOURCE_FIELDS)[number]>;
/** The columns a reload reads. */
export const RELAY_SOURCE_COLUMNS = ['id', ...RELAY_SOURCE_FIELDS] as const;

/**
 * Those fields of a stored channel as one string: two rows with the same string make the same
 * RelayChannel, so a reload keeps the one it made (counters such as used_quota change all the time and
 * are not part of it).
 */
export function relaySource(c: RelaySourceRow): string {
  return JSON.stringify(RELAY_SOURCE_FIELDS.map((f) => c[f] ?? null));
}

export function toRelayChannel(c: RelaySourceRow, keys: readonly string[]): RelayChannel {
  return Object.freeze({
    id: c.id,
    type: c.type,
    name: c.name,
    status: c.status,
    keys: Object.freeze([...keys]),
    multiKeyMode: c.multi_key_mode === 'polling' ? 'polling' : 'random',
    baseUrl: (c.base_url ?? '').replace(/\/+$/, ''),
    organization: c.openai_organization ?? '',
    modelMapping: Object.freeze(stringMap(c.model_mapping)),
    statusCodeMapping: Object.freeze(statusMap(c.status_code_mapping)),
    paramOverride: parseJsonObject(c.param_override),
    autoBan: c.auto_ban === 1,
    priority: Number(c.priority) || 0,
    weight: Math.max(0, Number(c.weight) || 0),
    groups: splitList(c.group),
    models: splitList(c.models),
    other: c.other ?? '',
    tag: c.tag ?? '',
  });
}

/** What an adaptor needs of the channel for one call with `key` (the relay and channel tests alike). */
export function adaptorTarget(channel: RelayChannel, key: string, defaultBaseUrl: string): AdaptorTarget {
  return {
    baseUrl: channel.baseUrl || defaultBaseUrl,
    key,
    organization: channel.organization,
    paramOverride: channel.paramOverride,
    other: channel.other,
  };
}

/** The model name sent upstream: model_mapping applied once (no chains). */
export function upstreamModelOf(channel: RelayChannel, model: string): string {
  return channel.modelMapping[model] ?? model;
}
