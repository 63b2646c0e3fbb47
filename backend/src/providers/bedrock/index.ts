import { ChannelType } from '@gw/shared';
import type { NativeProvider } from '../provider';
import { bedrockAdaptor } from './adaptor';

/** Claude on AWS Bedrock: SigV4-signed, endpoint from the key's region, AWS event-stream framing. */
export const bedrock: NativeProvider<'bedrock'> = {
  protocol: 'bedrock',
  channelTypes: [ChannelType.Bedrock],
  capabilities: ['chat', 'stream'],
  endpointFromKey: true,
  adaptor: () => bedrockAdaptor(),
};
