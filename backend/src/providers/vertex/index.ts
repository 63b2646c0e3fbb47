import { ChannelType } from '@gw/shared';
import type { NativeProvider } from '../provider';
import { vertexAdaptor } from './adaptor';

/**
 * Vertex AI: Gemini and Claude models with a service-account key; the endpoint follows from the key's
 * project, the access token comes from the upstream layer's shared cache.
 */
export const vertex: NativeProvider<'vertex'> = {
  protocol: 'vertex',
  channelTypes: [ChannelType.VertexAI],
  capabilities: ['chat', 'stream'],
  endpointFromKey: true,
  adaptor: (deps) => vertexAdaptor(deps.accessTokens),
};
