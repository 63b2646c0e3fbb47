import { ChannelType, channelOtherOrDefault, isEmptyOrJsonObject, isWholeKeyType, parseJsonBounded, splitChannelKeys } from '@gw/shared';
import type { MessageKey } from '../../common/i18n/messages';

/** Pure helpers over the comma/newline-separated fields of a channel. */

/** "a, b,,a" → ["a", "b"]: trimmed, without empties or duplicates, in order. */
export function splitList(value: string | null | undefined): string[] {
  if (!value) return [];
  return [
    ...new Set(
      value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
}

export interface AbilityRow {
  group: string;
  model: string;
  channel_id: number;
  enabled: boolean;
  priority: number;
  weight: number;
  tag: string;
}

export interface AbilitySource {
  id: number;
  group: string;
  models: string | null;
  status: number;
  priority: number;
  weight: number;
  tag: string;
}

/** How many routing rows abilityRows gives a channel. */
export function abilityCount(c: { group?: string | null; models?: string | null }): number {
  return splitList(c.group).length * splitList(c.models).length;
}

/** One routing row per (group, model) a channel serves; disabled channels keep rows with enabled=false. */
export function abilityRows(c: AbilitySource): AbilityRow[] {
  const rows: AbilityRow[] = [];
  for (const group of splitList(c.group)) {
    for (const model of splitList(c.models)) {
      rows.push({
        group,
        model,
        channel_id: c.id,
        enabled: c.status === 1,
        priority: c.priority,
        weight: c.weight,
        tag: c.tag,
      });
    }
  }
  return rows;
}

/** The fields every routing row of one channel shares (abilityRows gives them all the same). */
export type AbilityFields = Pick<AbilityRow, 'enabled' | 'priority' | 'weight' | 'tag'>;

/** What turns a channel's stored routing rows into the wanted ones (both of that one channel). */
export interface AbilityChanges {
  /** Stored rows of a (group, model) no longer served: to delete. */
  stale: AbilityRow[];
  /** Wanted rows not stored: to insert. */
  missing: AbilityRow[];
  /** The shared fields to set on the rows kept, when one of them differs; null when none does. */
  fields: AbilityFields | null;
}

/** The smallest change from `have` to `want`: nothing at all when the stored rows are right. */
export function abilityChanges(have: readonly AbilityRow[], want: readonly AbilityRow[]): AbilityChanges {
  const key = (r: AbilityRow) => `${r.group}\u0000${r.model}`;
  const wanted = new Set(want.map(key));
  const stored = new Set(have.map(key));
  const kept = have.filter((r) => wanted.has(key(r)));
  const first = want[0];
  const differs = (r: AbilityRow) =>
    r.enabled !== first.enabled || r.priority !== first.priority || r.weight !== first.weight || r.tag !== first.tag;
  return {
    stale: have.filter((r) => !wanted.has(key(r))),
    missing: want.filter((r) => !stored.has(key(r))),
    fields: kept.some(differs)
      ? { enabled: first.enabled, priority: first.priority, weight: first.weight, tag: first.tag }
      : null,
  };
}

/** JSON object text or empty (the channel schemas' rule, libs/shared schemas/json-text.ts). */
export const checkJsonObject = isEmptyOrJsonObject;

/**
 * Type special cases on the stored `other` (docs/channel-types.md): type 18 (Spark) defaults to v2.1;
 * type 41 (Vertex) takes a region or, when it starts with "{", a region-map JSON object.
 * Returns the normalised value, or null when type 41's JSON is invalid.
 */
export function normalizeOther(type: number, other: string | null | undefined): string | null {
  const value = channelOtherOrDefault(type, other);
  if (type === ChannelType.VertexAI && value.startsWith('{') && !checkJsonObject(value)) return null;
  return value;
}

/** Groups rows (already ordered) into units: one per tag at its first appearance, one per untagged channel. */
export function groupUnits<T extends { tag: string }>(rows: T[]): T[][] {
  const units: T[][] = [];
  const byTag = new Map<string, T[]>();
  for (const r of rows) {
    if (!r.tag) {
      units.push([r]);
      continue;
    }
    let unit = byTag.get(r.tag);
    if (!unit) {
      unit = [];
      byTag.set(r.tag, unit);
      units.push(unit);
    }
    unit.push(r);
  }
  return units;
}

/**
 * The key text of each channel a create makes (docs/channel-types.md#new-api-editor-bodies): 'batch' makes
 * one channel per key, where a whole-key type (Vertex AI) takes a JSON array of its keys; 'single' and
 * 'multi_to_single' make one channel holding every key, which a whole-key type cannot do with an array.
 */
export function keysToCreate(type: number, key: string, mode: string | undefined): string[] | MessageKey {
  const arrayOfWholeKeys = isWholeKeyType(type) && key.trim().startsWith('[');
  if (mode !== 'batch') return arrayOfWholeKeys ? 'channel.whole_key_single' : [key];
  if (!arrayOfWholeKeys) return splitChannelKeys(type, key);
  const keys = wholeKeysOf(key);
  return keys && keys.length > 0 ? keys : 'channel.whole_key_batch_invalid';
}

/** The elements of a JSON array of whole keys (objects, or strings holding one), or null when it is not one. */
function wholeKeysOf(text: string): string[] | null {
  let list: unknown;
  try {
    list = parseJsonBounded(text);
  } catch {
    return null;
  }
  if (!Array.isArray(list)) return null;
  const keys: string[] = [];
  for (const item of list) {
    if (typeof item === 'string' && item.trim()) keys.push(item.trim());
    else if (item && typeof item === 'object' && !Array.isArray(item)) keys.push(JSON.stringify(item));
    else return null;
  }
  return [...new Set(keys)];
}

/**
 * The key text after `key_mode: 'append'`: the stored keys, then the new ones not already there, one per
 * line; null for a whole-key type, which holds one key.
 */
export function appendedKeys(type: number, stored: string, added: string): string | null {
  if (isWholeKeyType(type)) return null;
  return [...new Set([...splitChannelKeys(type, stored), ...splitChannelKeys(type, added)])].join('\n');
}
