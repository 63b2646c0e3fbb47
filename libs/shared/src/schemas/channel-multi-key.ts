/**
 * Per-key health of multi-key channels (docs/channel-types.md#multi-key-channels): the key states and
 * the body of POST /api/channel/multi_key/manage, shared by the server and the channel editor.
 */
import { z } from 'zod';

/** A key's state; a channel's keys without a stored state are enabled. */
export const ChannelKeyStatus = { Enabled: 1, ManuallyDisabled: 2, AutoDisabled: 3 } as const;
export type ChannelKeyStatusValue = (typeof ChannelKeyStatus)[keyof typeof ChannelKeyStatus];

export const MULTI_KEY_MODES = ['random', 'polling'] as const;
export type MultiKeyMode = (typeof MULTI_KEY_MODES)[number];

/** The actions of the manage route (new-api's names); the delete actions are not offered here. */
export const MULTI_KEY_ACTIONS = [
  'get_key_status',
  'disable_key',
  'enable_key',
  'enable_all_keys',
  'disable_all_keys',
] as const;
export type MultiKeyAction = (typeof MULTI_KEY_ACTIONS)[number];

export const multiKeyManageSchema = z
  .object({
    channel_id: z.number().int().positive(),
    action: z.enum(MULTI_KEY_ACTIONS),
    key_index: z.number().int().min(0).optional(),
    page: z.number().int().min(1).optional(),
    page_size: z.number().int().min(1).max(100).optional(),
  })
  .refine((b) => (b.action !== 'disable_key' && b.action !== 'enable_key') || b.key_index !== undefined, {
    message: 'channel.key_index_required',
    path: ['key_index'],
  });
export type MultiKeyManageDto = z.infer<typeof multiKeyManageSchema>;

/** One key as the status list shows it: never the key itself, only a masked preview. */
export const channelKeyStateSchema = z.strictObject({
  index: z.number().int(),
  key_preview: z.string(),
  status: z
    .union([z.literal(1), z.literal(2), z.literal(3)])
    .describe('1 enabled, 2 disabled by hand, 3 disabled automatically.'),
  disabled_reason: z.string(),
  disabled_time: z.number().int().describe('Epoch seconds; 0 while enabled.'),
});
export type ChannelKeyState = z.infer<typeof channelKeyStateSchema>;

export const channelKeyStatusPageSchema = z
  .strictObject({
    keys: z.array(channelKeyStateSchema),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
    enabled_count: z.number().int(),
    manual_disabled_count: z.number().int(),
    auto_disabled_count: z.number().int(),
    multi_key_mode: z.enum(MULTI_KEY_MODES),
  })
  .meta({ id: 'ChannelKeyStatusPage' });
export type ChannelKeyStatusPage = z.infer<typeof channelKeyStatusPageSchema>;

/** A key shown without its secret part: the first 3 and last 4 characters of a long key, else stars. */
export function maskChannelKey(key: string): string {
  return key.length >= 16 ? `${key.slice(0, 3)}…${key.slice(-4)}` : '****';
}
