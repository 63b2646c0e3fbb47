import { ChannelType } from '@gw/shared';
import type { NativeProvider } from '../provider';
import { azureAdaptor } from './adaptor';

/** Azure OpenAI: the OpenAI wire format on per-deployment URLs; completions ride on chat. */
export const azure: NativeProvider<'azure'> = {
  protocol: 'azure',
  channelTypes: [ChannelType.Azure],
  capabilities: ['chat', 'stream', 'embeddings', 'images', 'audio', 'responses', 'realtime'],
  chatExtras: ['completions'],
  adaptor: () => azureAdaptor(),
};
