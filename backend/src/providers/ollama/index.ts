import { ChannelType } from '@gw/shared';
import type { NativeProvider } from '../provider';
import { ollamaAdaptor } from './adaptor';

/** Ollama native API: /api/chat (NDJSON streams) and /api/embed. */
export const ollama: NativeProvider<'ollama'> = {
  protocol: 'ollama',
  channelTypes: [ChannelType.Ollama],
  capabilities: ['chat', 'stream', 'embeddings'],
  adaptor: () => ollamaAdaptor(),
};
