/** Tag-level edits (docs/channel-types.md#tags-and-batch-operations): empty fields leave things unchanged; an empty new tag dissolves it. */
import { CHANNEL_LIMITS, isEmptyOrJsonObject } from '@gw/shared';

export interface TagEditForm {
  new_tag: string;
  model_mapping: string;
  models: string[];
  groups: string[];
  priority: string | number | null | undefined;
  weight: string | number | null | undefined;
}

export interface TagEditPayload {
  tag: string;
  new_tag?: string;
  model_mapping?: string;
  models?: string;
  groups?: string;
  priority?: number;
  weight?: number;
}

const blank = (v: unknown) => v === undefined || v === null || String(v).trim() === '';
const isInt = (v: unknown) => /^-?\d+$/.test(String(v).trim());
const joined = (l: string[]) => [...new Set(l.map((s) => s.trim()).filter(Boolean))].join(',');

/** The PUT /api/channel/tag body, or the message key of the first failing rule. */
export function tagEditPayload(tag: string, initial: TagEditForm, f: TagEditForm): { payload: TagEditPayload } | { error: string } {
  // The server's rule (channelTagEditSchema): a JSON object.
  if (!blank(f.model_mapping) && !isEmptyOrJsonObject(f.model_mapping.trim())) return { error: 'channel.model_mapping_invalid' };
  if (!blank(f.priority) && !isInt(f.priority)) return { error: 'channel.tag_priority_int' };
  if (!blank(f.weight) && (!isInt(f.weight) || Number(f.weight) < CHANNEL_LIMITS.weightMin)) return { error: 'channel.tag_weight_int' };
  const payload: TagEditPayload = { tag };
  const newTag = (f.new_tag ?? '').trim();
  if (newTag !== tag) payload.new_tag = newTag;
  if (!blank(f.model_mapping) && f.model_mapping.trim() !== (initial.model_mapping ?? '').trim()) payload.model_mapping = f.model_mapping.trim();
  if (f.models.length && joined(f.models) !== joined(initial.models)) payload.models = joined(f.models);
  if (f.groups.length && joined(f.groups) !== joined(initial.groups)) payload.groups = joined(f.groups);
  if (!blank(f.priority) && String(f.priority).trim() !== String(initial.priority ?? '').trim()) payload.priority = Number(f.priority);
  if (!blank(f.weight) && String(f.weight).trim() !== String(initial.weight ?? '').trim()) payload.weight = Number(f.weight);
  return Object.keys(payload).length === 1 ? { error: 'channel.no_changes' } : { payload };
}
