/** What a channel type can serve; anything else is answered centrally (501/400), never by a stub. */
export const CAPABILITIES = ['chat', 'stream', 'embeddings', 'images', 'audio', 'rerank', 'responses', 'realtime'] as const;
export type Capability = (typeof CAPABILITIES)[number];
