import { ChannelType } from '@gw/shared';
import type { NativeProvider } from '../provider';
import { anthropicAdaptor } from './adaptor';

/** Anthropic Messages API: chat and streams, converted from and to the OpenAI format in this folder. */
export const anthropic: NativeProvider<'anthropic'> = {
  protocol: 'anthropic',
  channelTypes: [ChannelType.Anthropic],
  capabilities: ['chat', 'stream'],
  adaptor: () => anthropicAdaptor(),
};
