/** Channel administration, bulk operations and upstream operations (docs/channel-types.md). */
import {
  channelBatchTagSchema,
  channelKeyStatusPageSchema,
  channelIdsSchema,
  channelListSchema,
  channelListItemSchema,
  channelRecordSchema,
  channelTagEditSchema,
  channelTagSchema,
  channelTypeCountsSchema,
  copyChannelSchema,
  createChannelSchema,
  fetchModelsSchema,
  multiKeyManageSchema,
  pagedOf,
  prefillGroupQuerySchema,
  prefillGroupSchema,
  updateChannelSchema,
} from '@gw/shared';
import { z } from 'zod';
import { COUNT, data, OK, STRINGS, type Contract } from '../route-doc';

const channel = data(channelRecordSchema);
/** A page of channels with new-api's `type_counts` beside the items (docs/newapi-compat.md). */
const channelPage = data(pagedOf(channelListItemSchema).extend({ type_counts: channelTypeCountsSchema }));

export const channelRoutes: Contract = {
  'GET /api/channel': {
    tag: 'channels',
    summary: 'List channels (p, page_size, id_sort, tag_mode)',
    query: channelListSchema,
    response: channelPage,
  },
  'GET /api/channel/search': {
    tag: 'channels',
    summary: 'Search channels',
    query: channelListSchema,
    response: channelPage,
  },
  'GET /api/channel/:id': { tag: 'channels', summary: 'One channel (without its key)', response: channel },
  'POST /api/channel': {
    tag: 'channels',
    summary: 'Create a channel (mode batch: one channel per key line)',
    body: createChannelSchema,
    response: data(z.union([channelRecordSchema, z.array(channelRecordSchema)])),
  },
  'PUT /api/channel': {
    tag: 'channels',
    summary: 'Edit a channel (only what is sent changes)',
    body: updateChannelSchema,
    response: channel,
  },
  'DELETE /api/channel/:id': { tag: 'channels', summary: 'Delete a channel', response: OK },
  'POST /api/channel/copy/:id': {
    tag: 'channels',
    summary: 'Copy a channel with its key',
    body: copyChannelSchema,
    response: channel,
  },
  'POST /api/channel/multi_key/manage': {
    tag: 'channels',
    summary: "A multi-key channel's key states (masked keys); enable or disable keys",
    body: multiKeyManageSchema,
    response: data(channelKeyStatusPageSchema),
  },
  'POST /api/channel/:id/key': {
    tag: 'channels',
    summary: "Reveal a channel's key (root; logged)",
    response: data(z.strictObject({ key: z.string() })),
  },

  'GET /api/channel/models': {
    tag: 'channels',
    summary: 'Every known model: the channels and the priced catalogue',
    response: data(z.array(z.strictObject({ id: z.string() }))),
  },
  'GET /api/channel/models_enabled': { tag: 'channels', summary: 'Models of enabled channels', response: STRINGS },
  'GET /api/prefill_group': {
    tag: 'channels',
    summary: "The channel editor's presets (new-api's prefill groups; model presets from the pricing options)",
    query: prefillGroupQuerySchema,
    response: data(z.array(prefillGroupSchema)),
  },
  'GET /api/models': {
    tag: 'channels',
    summary: "Channel type → model names (the editor's related models)",
    response: data(z.record(z.string(), z.array(z.string()))),
  },
  'DELETE /api/channel/disabled': {
    tag: 'channels',
    summary: 'Delete every disabled channel; data is how many',
    response: COUNT,
  },
  'POST /api/channel/batch': {
    tag: 'channels',
    summary: 'Delete channels by id',
    body: channelIdsSchema,
    response: COUNT,
  },
  'POST /api/channel/fix': {
    tag: 'channels',
    summary: 'Rebuild the routing abilities of every channel',
    response: COUNT,
  },
  'PUT /api/channel/tag': {
    tag: 'channels',
    summary: 'Edit every channel of a tag',
    body: channelTagEditSchema,
    response: COUNT,
  },
  'POST /api/channel/tag/enabled': {
    tag: 'channels',
    summary: 'Enable every channel of a tag',
    body: channelTagSchema,
    response: COUNT,
  },
  'POST /api/channel/tag/disabled': {
    tag: 'channels',
    summary: 'Disable every channel of a tag',
    body: channelTagSchema,
    response: COUNT,
  },
  'POST /api/channel/batch/tag': {
    tag: 'channels',
    summary: 'Set the tag of channels by id',
    body: channelBatchTagSchema,
    response: COUNT,
  },

  'GET /api/channel/test': { tag: 'channel-ops', summary: 'Test every channel in the background', response: OK },
  'GET /api/channel/test/:id': {
    tag: 'channel-ops',
    summary: 'Test one channel; HTTP 200 whether it passed or not',
    query: z.object({ model: z.string().optional() }),
    response: z.strictObject({
      success: z.boolean(),
      message: z.string(),
      time: z.number(),
      data: z.strictObject({ time: z.number() }),
    }),
  },
  'GET /api/channel/update_balance': {
    tag: 'channel-ops',
    summary: "Refresh every channel's balance in the background",
    response: OK,
  },
  'GET /api/channel/update_balance/:id': {
    tag: 'channel-ops',
    summary: "Refresh one channel's balance",
    response: z.strictObject({
      success: z.literal(true),
      message: z.string(),
      balance: z.number(),
      data: z.strictObject({ balance: z.number() }),
    }),
  },
  'POST /api/channel/fetch_models': {
    tag: 'channel-ops',
    summary: 'Models of a channel not saved yet (root)',
    body: fetchModelsSchema,
    response: STRINGS,
  },
  'GET /api/channel/fetch_models/:id': {
    tag: 'channel-ops',
    summary: 'Models of a saved channel, from its upstream',
    response: STRINGS,
  },
};
