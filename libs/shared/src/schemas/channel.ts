/**
 * Request bodies and queries of the channel routes (docs/channel-types.md, docs/console-api.md). The
 * server validates with these; the channel editor checks its payload with the same schemas. Issue
 * messages that are message keys (`channel.*`) are what the API answers, localised.
 */
import { z } from 'zod';
import { emptyIfNullText, isEmptyOrJsonObject } from './json-text';
import { pageIndexSchema, pageSizeSchema } from './paging';

/** Bounds of the channel fields the editor shows (the database column sizes). */
export const CHANNEL_LIMITS = {
  nameMax: 128,
  keyMax: 1_000_000,
  baseUrlMax: 512,
  priorityMin: -999,
  priorityMax: 1e9,
  weightMin: 0,
  weightMax: 1e6,
  maxInputTokensMax: 1e9,
  tagMax: 128,
  modelPrefixMax: 64,
} as const;
const L = CHANNEL_LIMITS;

/**
 * A JSON-object text field: empty, or an object. JSON `null` and the text "null" (new-api's editor sends
 * either for an untouched field) read as empty text (docs/channel-types.md#new-api-editor-bodies).
 */
const jsonObject = (max: number, key: string) =>
  z
    .string()
    .max(max)
    .nullable()
    .transform(emptyIfNullText)
    .refine(isEmptyOrJsonObject, { message: key });
const json = (key: string) => jsonObject(65535, key);

/** Channel fields on the wire (docs/channel-types.md); models and group are comma strings. */
export const channelFieldsSchema = z.object({
  name: z.string().trim().max(L.nameMax),
  type: z.number().int().min(0).max(1000),
  key: z.string().max(L.keyMax),
  base_url: z
    .string()
    .trim()
    .max(L.baseUrlMax)
    .transform((s) => s.replace(/\/+$/, ''))
    .refine((s) => s === '' || /^https?:\/\/[^\s]+$/i.test(s), { message: 'channel.base_url_invalid' }),
  models: z.string().max(65535),
  group: z.string().max(255),
  priority: z.number().int().min(L.priorityMin).max(L.priorityMax),
  weight: z.number().int().min(L.weightMin).max(L.weightMax),
  model_mapping: json('channel.model_mapping_invalid'),
  status_code_mapping: jsonObject(1024, 'channel.status_code_mapping_invalid'),
  param_override: json('channel.param_override_invalid'),
  setting: json('channel.setting_invalid'),
  auto_ban: z.union([z.literal(0), z.literal(1)]),
  openai_organization: z.string().max(255),
  other: z.string().max(65535).nullable(),
  tag: z.string().max(L.tagMax),
  test_model: z.string().max(128),
  status: z.union([z.literal(1), z.literal(2)]),
  max_input_tokens: z.number().int().min(0).max(L.maxInputTokensMax),
  model_prefix: z.string().max(L.modelPrefixMax),
});

const nameOrKey = (max: number) => z.string({ message: 'channel.name_key_required' }).trim().min(1, 'channel.name_key_required').max(max);
const modelsRequired = z
  .string({ message: 'channel.models_required' })
  .refine((s) => s.split(',').some((m) => m.trim()), { message: 'channel.models_required' });

/** How a multi-key channel's keys are picked: at random, or in turn (docs/channel-types.md#multi-key-channels). */
const multiKeyMode = z.enum(['random', 'polling']).optional();

/** POST /api/channel/ in this gateway's own shape: the channel's fields plus the mode. */
export const createChannelFieldsSchema = channelFieldsSchema.partial().extend({
  name: nameOrKey(L.nameMax),
  key: nameOrKey(L.keyMax),
  models: modelsRequired,
  /** 'batch': one channel per key; 'single' / 'multi_to_single': one channel holding every key. */
  mode: z.enum(['single', 'batch', 'multi_to_single']).optional(),
  multi_key_mode: multiKeyMode,
});

/**
 * new-api's editor body `{mode, multi_key_mode, channel: {...}}` read as this gateway's own body; any
 * other body is left as it is (docs/channel-types.md#new-api-editor-bodies).
 */
function unwrapNewApiChannelBody(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const { channel, mode, multi_key_mode } = body as Record<string, unknown>;
  if (!channel || typeof channel !== 'object' || Array.isArray(channel)) return body;
  return { ...channel, mode, multi_key_mode };
}

/** POST /api/channel/: this gateway's body or new-api's editor body. */
export const createChannelSchema = z.preprocess(unwrapNewApiChannelBody, createChannelFieldsSchema);

/**
 * PUT /api/channel/: the id and the fields that change. `key_mode: 'append'` (new-api's editor) adds the
 * given keys to the stored ones instead of replacing them.
 */
export const updateChannelSchema = channelFieldsSchema.partial().extend({
  id: z.number().int().positive(),
  key_mode: z.enum(['append', 'replace']).optional(),
  multi_key_mode: multiKeyMode,
});

/** POST /api/channel/copy/:id: the copy's name (optional, default "<name>_copy"). */
export const copyChannelSchema = z.object({ name: z.string().trim().max(L.nameMax).optional() });

const bool = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', ''])])
  .optional()
  .transform((v) => v === true || v === 'true' || v === '1');

/** GET /api/channel/ and /api/channel/search (docs/console-api.md). */
export const channelListSchema = z.object({
  p: pageIndexSchema,
  page_size: pageSizeSchema,
  id_sort: bool,
  tag_mode: bool,
  keyword: z.string().trim().max(256).optional(),
  group: z.string().trim().max(64).optional(),
  model: z.string().trim().max(256).optional(),
  status: z.coerce.number().int().min(1).max(3).optional(),
  /** One channel type only (new-api's console sends it from its type tabs). */
  type: z.coerce.number().int().min(0).max(1000).optional(),
});

const tagName = z.string({ message: 'channel.tag_required' }).trim().min(1, 'channel.tag_required').max(L.tagMax);

/** Batch delete / enable / disable: the channel ids. */
export const channelIdsSchema = z.object({
  ids: z.array(z.number().int().positive(), { message: 'channel.ids_required' }).min(1, 'channel.ids_required').max(10_000),
});
export const channelTagSchema = z.object({ tag: tagName });
export const channelBatchTagSchema = channelIdsSchema.extend({ tag: tagName });

/** PUT /api/channel/tag (docs/channel-types.md#tags-and-batch-operations): absent or empty fields leave things unchanged. */
export const channelTagEditSchema = channelTagSchema.extend({
  new_tag: z.string().trim().max(L.tagMax).optional(),
  model_mapping: jsonObject(65535, 'channel.model_mapping_invalid').optional(),
  models: z.string().max(65535).optional(),
  groups: z.string().max(255).optional(),
  priority: z.union([z.number(), z.string()]).nullish(),
  weight: z.union([z.number(), z.string()]).nullish(),
});

/**
 * POST /api/channel/fetch_models: models of a channel not saved yet. `other` carries what some types
 * need to list (Azure api-version, Vertex region), as the channel's field of that name.
 */
export const fetchModelsSchema = z.object({
  base_url: z.string().trim().max(L.baseUrlMax).optional().default(''),
  type: z.coerce.number().int().min(0).max(1000).default(1),
  key: z.string({ message: 'channel.key_required' }).trim().min(1, 'channel.key_required').max(65535),
  other: z.string().trim().max(65535).optional().default(''),
  openai_organization: z.string().trim().max(255).optional().default(''),
});

/**
 * A page of the channel list: new-api's answer also carries `type_counts`, the number of channels of
 * each type under the same filters except the type filter (the console's type tabs).
 */
export const channelTypeCountsSchema = z.record(z.string(), z.number().int());
export type ChannelTypeCounts = z.infer<typeof channelTypeCountsSchema>;

/** The preset kinds new-api's editors ask for; only `model` presets exist here (docs/newapi-compat.md). */
export const PREFILL_GROUP_TYPES = ['model', 'tag', 'endpoint'] as const;

/** GET /api/prefill_group: `type` filters (an unknown type has no presets). */
export const prefillGroupQuerySchema = z.object({ type: z.string().trim().max(32).optional() });
export type PrefillGroupQuery = z.infer<typeof prefillGroupQuerySchema>;

/** A preset of the channel editor, in new-api's shape: `items` is the list the preset fills in. */
export const prefillGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(PREFILL_GROUP_TYPES),
  items: z.array(z.string()),
  description: z.string(),
  created_time: z.number().int(),
  updated_time: z.number().int(),
});
export type PrefillGroup = z.infer<typeof prefillGroupSchema>;
