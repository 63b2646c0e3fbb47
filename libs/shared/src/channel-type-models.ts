import { CHANNEL_TYPES, ChannelType, channelTypeInfo } from './channel-types';

/**
 * Each channel type's built-in model list: what a new channel of the type starts with in the editor and
 * what `GET /api/models` answers for the type (docs/channel-types.md). Types that front other services
 * (self-hosted servers, aggregators, workflow platforms, Custom) have none: their models are the
 * operator's, or fetched from the upstream. Lists are a starting point, not a limit.
 */

const T = ChannelType;

const OPENAI = [
  'gpt-3.5-turbo',
  'gpt-4',
  'gpt-4-turbo',
  'gpt-4o',
  'gpt-4o-mini',
  'gpt-4.1',
  'gpt-4.1-mini',
  'gpt-4.1-nano',
  'gpt-5',
  'gpt-5-mini',
  'gpt-5-nano',
  'o1',
  'o1-mini',
  'o3',
  'o3-mini',
  'o4-mini',
  'text-embedding-3-small',
  'text-embedding-3-large',
  'text-embedding-ada-002',
  'omni-moderation-latest',
  'tts-1',
  'tts-1-hd',
  'whisper-1',
  'dall-e-3',
];

const CLAUDE = [
  'claude-3-5-haiku-20241022',
  'claude-3-5-sonnet-20241022',
  'claude-3-7-sonnet-20250219',
  'claude-sonnet-4-20250514',
  'claude-sonnet-4-5-20250929',
  'claude-haiku-4-5-20251001',
  'claude-opus-4-20250514',
  'claude-opus-4-1-20250805',
];

const GEMINI = ['gemini-2.0-flash', 'gemini-2.5-flash', 'gemini-2.5-flash-lite', 'gemini-2.5-pro', 'text-embedding-004'];

const VENDOR_MODELS: Partial<Record<number, readonly string[]>> = {
  [T.OpenAI]: OPENAI,
  [T.Azure]: OPENAI,
  [T.PaLM]: ['chat-bison-001'],
  [T.Anthropic]: CLAUDE,
  [T.Bedrock]: CLAUDE,
  [T.Gemini]: GEMINI,
  [T.VertexAI]: [...GEMINI, ...CLAUDE],
  [T.Baidu]: ['ERNIE-4.0-8K', 'ERNIE-3.5-8K', 'ERNIE-Speed-128K', 'ERNIE-Lite-8K', 'Embedding-V1'],
  [T.BaiduV2]: ['ernie-4.0-8k', 'ernie-3.5-8k', 'ernie-speed-128k', 'ernie-lite-8k'],
  [T.ZhipuOld]: ['chatglm_turbo', 'chatglm_pro', 'chatglm_std', 'chatglm_lite'],
  [T.Zhipu]: ['glm-4', 'glm-4-plus', 'glm-4-air', 'glm-4-flash', 'glm-4v', 'embedding-3'],
  [T.Ali]: ['qwen-turbo', 'qwen-plus', 'qwen-max', 'qwen-long', 'text-embedding-v1'],
  [T.Spark]: ['SparkDesk-v1.1', 'SparkDesk-v2.1', 'SparkDesk-v3.1', 'SparkDesk-v3.5', 'SparkDesk-v4.0'],
  [T.Ai360]: ['360gpt-pro', '360gpt-turbo', '360gpt2-pro', 'embedding-bert-512-v1'],
  [T.Tencent]: ['hunyuan-lite', 'hunyuan-standard', 'hunyuan-pro'],
  [T.Moonshot]: ['moonshot-v1-8k', 'moonshot-v1-32k', 'moonshot-v1-128k'],
  [T.Perplexity]: ['sonar', 'sonar-pro', 'sonar-reasoning', 'sonar-reasoning-pro'],
  [T.LingYiWanWu]: ['yi-large', 'yi-medium', 'yi-lightning'],
  [T.Cohere]: ['command-r', 'command-r-plus', 'command-a-03-2025', 'rerank-v3.5'],
  [T.MiniMax]: ['abab6.5s-chat', 'MiniMax-Text-01'],
  [T.Jina]: ['jina-embeddings-v3', 'jina-reranker-v2-base-multilingual'],
  [T.Cloudflare]: ['@cf/meta/llama-3.1-8b-instruct', '@cf/meta/llama-3.3-70b-instruct-fp8-fast'],
  [T.Mistral]: ['mistral-large-latest', 'mistral-small-latest', 'codestral-latest', 'mistral-embed'],
  [T.DeepSeek]: ['deepseek-chat', 'deepseek-reasoner'],
  [T.MokaAI]: ['m3e-small', 'm3e-base', 'm3e-large'],
  [T.XAI]: ['grok-3', 'grok-3-mini', 'grok-4'],
};

/** A type's built-in models: its fixed action models (Midjourney, Suno), else its vendor's list; [] for none. */
export function builtinModels(type: number): string[] {
  return [...(channelTypeInfo(type)?.defaultModels ?? VENDOR_MODELS[type] ?? [])];
}

/** Every channel type id → its built-in models (types without a list map to []). */
export function builtinModelsByType(): Record<string, string[]> {
  return Object.fromEntries(CHANNEL_TYPES.map((t) => [String(t.id), builtinModels(t.id)]));
}
