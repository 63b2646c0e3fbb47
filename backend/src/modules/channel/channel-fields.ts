import { ChannelType, channelOtherOrDefault, isEmptyOrJsonObject } from '@gw/shared';

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
