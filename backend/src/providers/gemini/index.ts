import { ChannelType } from '@gw/shared';
import type { NativeProvider } from '../provider';
import { geminiAdaptor } from './adaptor';

/** Gemini API: generateContent for chat and streams, batchEmbedContents for embeddings. */
export const gemini: NativeProvider<'gemini'> = {
  protocol: 'gemini',
  channelTypes: [ChannelType.Gemini],
  capabilities: ['chat', 'stream', 'embeddings'],
  adaptor: () => geminiAdaptor(),
};
