import type { ChannelEntity } from '../../database/entities';

/** A channel as the console sees it. `key` is present only in root's single-channel view. */
export type ChannelView = Omit<ChannelEntity, 'key'> & { key?: string };

export function toChannelView(c: ChannelEntity, key?: string): ChannelView {
  const { key: _stored, ...rest } = c;
  return key === undefined ? rest : { ...rest, key };
}
