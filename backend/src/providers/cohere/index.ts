import { ChannelType } from '@gw/shared';
import type { NativeProvider } from '../provider';
import { cohereAdaptor } from './adaptor';

/** Cohere v2: /v2/chat (SSE streams) and /v2/rerank, converted from and to the OpenAI format in this folder. */
export const cohere: NativeProvider<'cohere'> = {
  protocol: 'cohere',
  channelTypes: [ChannelType.Cohere],
  capabilities: ['chat', 'stream', 'rerank'],
  adaptor: () => cohereAdaptor(),
};
