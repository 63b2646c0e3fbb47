/**
 * The channel editor's form model, validation and normalisation (docs/channel-types.md#saving-a-channel).
 * Pure; unit-tested in channel-form.spec.ts. Rules answer message keys of the admin dictionary.
 */
import {
  CHANNEL_LIMITS,
  ChannelType,
  channelOtherOrDefault,
  channelTypeInfo,
  checkChannelRegions,
  createChannelSchema,
  firstChannelKey,
  isValidJson,
  schemaProblem,
  splitChannelKeys,
  updateChannelSchema,
  type ChannelRecord,
} from '@gw/shared';

/** What the server takes (models and group as comma strings). */
export interface ChannelPayload {
  type: number;
  name: string;
  key: string;
  base_url: string;
  openai_organization: string;
  other: string;
  models: string;
  group: string;
  model_mapping: string;
  status_code_mapping: string;
  setting: string;
  param_override: string;
  test_model: string;
  tag: string;
  priority: number;
  weight: number;
  auto_ban: 0 | 1;
  model_prefix: string;
  max_input_tokens: number;
}

/** The drawer's fields: the payload with models and groups as lists, numbers as typed, auto_ban a switch. */
export type ChannelForm = Omit<
  ChannelPayload,
  'models' | 'group' | 'priority' | 'weight' | 'auto_ban' | 'max_input_tokens'
> & {
  models: string[];
  groups: string[];
  priority: number | string;
  weight: number | string;
  auto_ban: boolean;
  max_input_tokens: number | string;
};

/** Defaults: type 1, auto_ban 1, groups ["default"], priority 0, weight 0. */
export const CHANNEL_DEFAULTS: ChannelForm = {
  type: ChannelType.OpenAI,
  name: '',
  key: '',
  base_url: '',
  openai_organization: '',
  other: '',
  models: [],
  groups: ['default'],
  model_mapping: '',
  status_code_mapping: '',
  setting: '',
  param_override: '',
  test_model: '',
  tag: '',
  priority: 0,
  weight: 0,
  auto_ban: true,
  model_prefix: '',
  max_input_tokens: 0,
};

export const splitList = (s: string | null | undefined): string[] => [
  ...new Set(
    (s ?? '')
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean),
  ),
];

/**
 * The multi-key view and the "batch create N" choice appear for several keys (docs/channel-types.md#keys). How a key
 * field splits into keys is libs/shared's `splitChannelKeys`, the server's rule: a type whose key is
 * kept whole (Vertex AI's service-account JSON, even pretty-printed) always holds one key.
 */
export function showMultiKeyView(key: string, type: number): boolean {
  return splitChannelKeys(type, key).length > 1;
}

/** How many channels "batch create" would make, or 0 when the field holds fewer than two keys. */
export function batchCreateCount(key: string, type: number): number {
  const n = splitChannelKeys(type, key).length;
  return n > 1 ? n : 0;
}

/** What "Fetch models" sends for an unsaved key: the form's address and its first key only. */
export function fetchModelsBody(f: ChannelForm) {
  return {
    base_url: f.base_url.trim().replace(/\/+$/, ''),
    type: f.type,
    key: firstChannelKey(f.type, f.key),
    other: f.other ?? '',
    openai_organization: f.openai_organization ?? '',
  };
}

export function channelToForm(c: ChannelRecord): ChannelForm {
  return {
    type: c.type,
    name: c.name ?? '',
    // The API never answers a key: the field starts empty ("empty keeps the stored key").
    key: '',
    base_url: c.base_url ?? '',
    openai_organization: c.openai_organization ?? '',
    other: c.other ?? '',
    models: splitList(c.models),
    groups: splitList(c.group),
    model_mapping: c.model_mapping ?? '',
    status_code_mapping: c.status_code_mapping ?? '',
    setting: c.setting ?? '',
    param_override: c.param_override ?? '',
    test_model: c.test_model ?? '',
    tag: c.tag ?? '',
    priority: c.priority ?? 0,
    weight: c.weight ?? 0,
    auto_ban: c.auto_ban !== 0,
    model_prefix: c.model_prefix ?? '',
    max_input_tokens: c.max_input_tokens ?? 0,
  };
}

const int = (v: unknown) => {
  const n = Number.parseInt(String(v ?? '').trim(), 10);
  return Number.isFinite(n) ? n : 0;
};

/**
 * The first failing rule as a message key, or null. The payload goes through the server's schema
 * (libs/shared schemas/channel.ts: name and key on creation, models, the JSON fields, the address),
 * then the editor's own rules: a name on edit too, a readable `other` map, regions, the priority floor.
 */
export function checkChannel(f: ChannelForm, isNew: boolean): string | null {
  const payload = normaliseChannel(f);
  const problem = isNew
    ? schemaProblem(createChannelSchema, payload)
    : schemaProblem(updateChannelSchema, { ...payload, id: 1 });
  if (problem) return problem;
  if (!f.name.trim()) return 'channel.name_key_required';
  const other = f.other.trim();
  if (channelTypeInfo(f.type)?.other?.jsonMap && other.startsWith('{') && !isValidJson(other))
    return 'channel.other_invalid';
  if (checkChannelRegions(f.type, { other, key: f.key })) return 'channel.region_invalid';
  if (int(f.priority) < CHANNEL_LIMITS.priorityMin) return 'channel.priority_min';
  return null;
}

/** A base URL ending in /v1 asks for confirmation (the gateway appends the /v1 path itself). */
export function baseUrlNeedsConfirm(baseUrl: string): boolean {
  return /\/v1$/i.test(baseUrl.trim().replace(/\/+$/, ''));
}

/**
 * Trims, removes the base URL's trailing slash, fills a type's default `other` (Spark: v2.1), parses priority
 * and weight as integers (priority ≥ -999, weight ≥ 0), joins models and groups.
 */
export function normaliseChannel(f: ChannelForm): ChannelPayload {
  const keys = splitChannelKeys(f.type, f.key);
  return {
    type: f.type,
    name: f.name.trim(),
    key: keys.length > 1 ? keys.join('\n') : f.key.trim(),
    base_url: f.base_url.trim().replace(/\/+$/, ''),
    openai_organization: f.openai_organization.trim(),
    other: channelOtherOrDefault(f.type, f.other),
    models: [...new Set(f.models.map((m) => m.trim()).filter(Boolean))].join(','),
    group: [...new Set(f.groups.map((g) => g.trim()).filter(Boolean))].join(',') || 'default',
    model_mapping: f.model_mapping.trim(),
    status_code_mapping: f.status_code_mapping.trim(),
    setting: f.setting.trim(),
    param_override: f.param_override.trim(),
    test_model: f.test_model.trim(),
    tag: f.tag.trim(),
    priority: Math.max(CHANNEL_LIMITS.priorityMin, int(f.priority)),
    weight: Math.max(CHANNEL_LIMITS.weightMin, int(f.weight)),
    auto_ban: f.auto_ban ? 1 : 0,
    model_prefix: f.model_prefix.trim(),
    max_input_tokens: Math.max(0, int(f.max_input_tokens)),
  };
}

/** An update sends the id plus the fields that changed; an empty key means "keep the stored one". */
export function changedFields(original: ChannelPayload, next: ChannelPayload): Partial<ChannelPayload> {
  const out: Partial<ChannelPayload> = {};
  for (const k of Object.keys(next) as (keyof ChannelPayload)[]) {
    if (k === 'key' && !next.key) continue;
    if (next[k] !== original[k]) (out as Record<string, unknown>)[k] = next[k];
  }
  return out;
}

/** One channel with every key, or (batch) one channel per key. */
export function createPayloads(p: ChannelPayload, batch: boolean): ChannelPayload[] {
  const keys = splitChannelKeys(p.type, p.key);
  return batch && keys.length > 1 ? keys.map((key) => ({ ...p, key })) : [p];
}

/**
 * Models from a fetch: a list, or an object holding a nested data list; entries are names or objects
 * with an id. null when there is no list (the "submission failed" message).
 */
export function parseFetchedModels(data: unknown): string[] | null {
  const list = Array.isArray(data)
    ? data
    : data && typeof data === 'object' && Array.isArray((data as { data?: unknown }).data)
      ? (data as { data: unknown[] }).data
      : null;
  if (!list) return null;
  const names = list
    .map((m) =>
      typeof m === 'string' ? m : m && typeof m === 'object' ? String((m as { id?: unknown }).id ?? '') : '',
    )
    .map((m) => m.trim());
  return [...new Set(names.filter(Boolean))];
}

/** Examples the JSON fields of the editor and the tag editor offer to fill in. */
export const MODEL_MAPPING_SAMPLE = JSON.stringify({ 'gpt-3.5-turbo': 'gpt-3.5-turbo-0125' }, null, 2);
export const STATUS_CODE_MAPPING_SAMPLE = JSON.stringify({ '400': '500' }, null, 2);
export const SETTING_SAMPLE = JSON.stringify({ force_format: true, thinking_to_content: false, proxy: '' }, null, 2);
export const PARAM_OVERRIDE_SAMPLE = JSON.stringify({ temperature: 0 }, null, 2);
