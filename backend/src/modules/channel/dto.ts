/** Channel request schemas: defined once in libs/shared (schemas/channel.ts), used here by the routes. */
import {
  channelBatchTagSchema,
  channelIdsSchema,
  channelTagEditSchema,
  channelTagSchema,
  type channelListSchema,
  type copyChannelSchema,
  type createChannelSchema,
  type fetchModelsSchema,
  type updateChannelSchema,
} from '@gw/shared';
import type { z } from 'zod';

export { channelListSchema, copyChannelSchema, createChannelSchema, fetchModelsSchema, updateChannelSchema } from '@gw/shared';
export const idsSchema = channelIdsSchema;
export const tagSchema = channelTagSchema;
export const batchTagSchema = channelBatchTagSchema;
export const tagEditSchema = channelTagEditSchema;

export type CreateChannelDto = z.infer<typeof createChannelSchema>;
export type UpdateChannelDto = z.infer<typeof updateChannelSchema>;
export type CopyChannelDto = z.infer<typeof copyChannelSchema>;
export type ChannelListQuery = z.infer<typeof channelListSchema>;
export type TagEditDto = z.infer<typeof channelTagEditSchema>;
export type FetchModelsDto = z.infer<typeof fetchModelsSchema>;
