import type { RelayMode } from '../../providers/provider';

/** gen_ai.provider.name of a channel type (OpenTelemetry GenAI conventions); others use their own name. */
const PROVIDERS: Readonly<Record<number, string>> = {
  1: 'openai',
  2: 'midjourney',
  3: 'azure.ai.openai',
  5: 'midjourney',
  14: 'anthropic',
  24: 'gcp.gemini',
  33: 'aws.bedrock',
  36: 'suno',
  41: 'gcp.vertex_ai',
};

export function providerName(channelType: number): string {
  return PROVIDERS[channelType] ?? `channel_type_${channelType}`;
}

/** gen_ai.operation.name of a relay mode. */
export function operationName(mode: RelayMode): string {
  switch (mode) {
    case 'chat':
      return 'chat';
    case 'completions':
      return 'text_completion';
    case 'embeddings':
      return 'embeddings';
    default:
      return String(mode);
  }
}
