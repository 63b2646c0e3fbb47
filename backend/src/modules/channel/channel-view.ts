import type { ChannelEntity } from '../../database/entities';

/** A channel as the console sees it: never with its key (root reads it through POST /api/channel/:id/key). */
export type ChannelView = Omit<ChannelEntity, 'key'>;

export function toChannelView(c: ChannelEntity): ChannelView {
  const { key: _stored, ...rest } = c;
  return rest;
}
