import { z } from 'zod';
import { checkJsonObject } from './channel-fields';

const json = (key: string) => z.string().max(65535).refine(checkJsonObject, { message: key }).nullable();

/** Channel fields on the wire (docs/channel-types.md); models and group are comma strings. */
const fields = z.object({
  name: z.string().trim().max(128),
  type: z.number().int().min(0).max(1000),
  key: z.string().max(1_000_000),
  base_url: z
    .string()
    .trim()
    .max(512)
    .transform((s) => s.replace(/\/+$/, ''))
    .refine((s) => s === '' || /^https?:\/\/[^\s]+$/i.test(s), { message: 'channel.base_url_invalid' }),
  models: z.string().max(65535),
  group: z.string().max(255),
  priority: z.number().int().min(-999).max(1e9),
  weight: z.number().int().min(0).max(1e6),
  model_mapping: json('channel.model_mapping_invalid'),
  status_code_mapping: z.string().max(1024).refine(checkJsonObject, { message: 'channel.status_code_mapping_invalid' }),
  param_override: json('channel.param_override_invalid'),
  setting: json('channel.setting_invalid'),
  auto_ban: z.union([z.literal(0), z.literal(1)]),
  openai_organization: z.string().max(255),
  other: z.string().max(65535).nullable(),
  tag: z.string().max(128),
  test_model: z.string().max(128),
  status: z.union([z.literal(1), z.literal(2)]),
  max_input_tokens: z.number().int().min(0).max(1e9),
  model_prefix: z.string().max(64),
});

export const createChannelSchema = fields.partial().extend({
  name: z.string({ message: 'channel.name_key_required' }).trim().min(1, 'channel.name_key_required').max(128),
  key: z.string({ message: 'channel.name_key_required' }).trim().min(1, 'channel.name_key_required').max(1_000_000),
  models: z.string({ message: 'channel.models_required' }).refine((s) => s.split(',').some((m) => m.trim()), { message: 'channel.models_required' }),
  /** 'batch': one channel per key line; otherwise one channel holding every key. */
  mode: z.enum(['single', 'batch', 'multi_to_single']).optional(),
});
export type CreateChannelDto = z.infer<typeof createChannelSchema>;

export const updateChannelSchema = fields.partial().extend({ id: z.number().int().positive() });
export type UpdateChannelDto = z.infer<typeof updateChannelSchema>;

/** POST /api/channel/copy/:id: the copy's name (optional, default "<name>_copy"). */
export const copyChannelSchema = z.object({ name: z.string().trim().max(128).optional() });
export type CopyChannelDto = z.infer<typeof copyChannelSchema>;

const bool = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', ''])])
  .optional()
  .transform((v) => v === true || v === 'true' || v === '1');

/** GET /api/channel/ and /api/channel/search (docs/console-api.md). */
export const channelListSchema = z.object({
  p: z.coerce.number().int().min(0).max(1_000_000).default(0),
  page_size: z.coerce.number().int().min(1).max(100).optional(),
  id_sort: bool,
  tag_mode: bool,
  keyword: z.string().trim().max(256).optional(),
  group: z.string().trim().max(64).optional(),
  model: z.string().trim().max(256).optional(),
  status: z.coerce.number().int().min(1).max(3).optional(),
});
export type ChannelListQuery = z.infer<typeof channelListSchema>;

export const idsSchema = z.object({ ids: z.array(z.number().int().positive(), { message: 'channel.ids_required' }).min(1, 'channel.ids_required').max(10_000) });
export const tagSchema = z.object({ tag: z.string({ message: 'channel.tag_required' }).trim().min(1, 'channel.tag_required').max(128) });
export const batchTagSchema = idsSchema.extend({ tag: z.string({ message: 'channel.tag_required' }).trim().min(1, 'channel.tag_required').max(128) });

/** PUT /api/channel/tag (docs/channel-types.md#tags-and-batch-operations): absent or empty fields leave things unchanged. */
export const tagEditSchema = tagSchema.extend({
  new_tag: z.string().trim().max(128).optional(),
  model_mapping: z.string().max(65535).refine(checkJsonObject, { message: 'channel.model_mapping_invalid' }).optional(),
  models: z.string().max(65535).optional(),
  groups: z.string().max(255).optional(),
  priority: z.union([z.number(), z.string()]).nullish(),
  weight: z.union([z.number(), z.string()]).nullish(),
});
export type TagEditDto = z.infer<typeof tagEditSchema>;

/**
 * POST /api/channel/fetch_models: models of a channel not saved yet. `other` carries what some types
 * need to list (Azure api-version, Vertex region), as the channel's field of that name.
 */
export const fetchModelsSchema = z.object({
  base_url: z.string().trim().max(512).optional().default(''),
  type: z.coerce.number().int().min(0).max(1000).default(1),
  key: z.string({ message: 'channel.key_required' }).trim().min(1, 'channel.key_required').max(65535),
  other: z.string().trim().max(65535).optional().default(''),
  openai_organization: z.string().trim().max(255).optional().default(''),
});
export type FetchModelsDto = z.infer<typeof fetchModelsSchema>;
