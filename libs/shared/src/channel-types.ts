/** One registry of upstream channel types, shared by the relay and the console. */

/** Channel type ids by name, for code that treats a type specially (the ids are stored, never renumber). */
export const ChannelType = {
  OpenAI: 1,
  MidjourneyProxy: 2,
  Azure: 3,
  Ollama: 4,
  MidjourneyProxyPlus: 5,
  Custom: 8,
  PaLM: 11,
  Anthropic: 14,
  Baidu: 15,
  ZhipuOld: 16,
  Ali: 17,
  Spark: 18,
  Ai360: 19,
  OpenRouter: 20,
  AiProxyLibrary: 21,
  FastGPT: 22,
  Tencent: 23,
  Gemini: 24,
  Moonshot: 25,
  Zhipu: 26,
  Perplexity: 27,
  LingYiWanWu: 31,
  Bedrock: 33,
  Cohere: 34,
  MiniMax: 35,
  SunoAPI: 36,
  Dify: 37,
  Jina: 38,
  Cloudflare: 39,
  SiliconFlow: 40,
  VertexAI: 41,
  Mistral: 42,
  DeepSeek: 43,
  MokaAI: 44,
  VolcEngine: 45,
  BaiduV2: 46,
  Xinference: 47,
  XAI: 48,
  Coze: 49,
} as const;

export type ChannelTypeId = (typeof ChannelType)[keyof typeof ChannelType];

export interface ChannelTypeInfo {
  id: number;
  name: string;
  /** Empty when the operator must supply it (per-resource URLs, self-hosted services). */
  baseUrl: string;
  /** Speaks the OpenAI wire format, so the shared OpenAI-compatible adaptor serves it. */
  openaiCompatible?: boolean;
  /** The key is one value that is never split into several keys (Vertex AI: service-account JSON). */
  wholeKey?: boolean;
  /** The parts of one key when it has several ("AccessKey|SecretKey|Region"); the console's hint. */
  keyFormat?: string;
  /** What an empty `other` is saved as (Spark's API version). */
  defaultOther?: string;
}

const T = ChannelType;

export const CHANNEL_TYPES: readonly ChannelTypeInfo[] = [
  { id: T.OpenAI, name: 'OpenAI', baseUrl: 'https://api.openai.com', openaiCompatible: true },
  { id: T.MidjourneyProxy, name: 'Midjourney Proxy', baseUrl: '' },
  { id: T.Azure, name: 'Azure OpenAI', baseUrl: '' },
  { id: T.Ollama, name: 'Ollama', baseUrl: 'http://localhost:11434' },
  { id: T.MidjourneyProxyPlus, name: 'Midjourney Proxy Plus', baseUrl: '' },
  { id: T.Custom, name: 'Custom', baseUrl: '', openaiCompatible: true },
  { id: T.PaLM, name: 'Google PaLM2', baseUrl: '' },
  { id: T.Anthropic, name: 'Anthropic Claude', baseUrl: 'https://api.anthropic.com' },
  { id: T.Baidu, name: 'Baidu Qianfan', baseUrl: 'https://aip.baidubce.com', keyFormat: 'APIKey|SecretKey' },
  { id: T.ZhipuOld, name: 'Zhipu (old)', baseUrl: 'https://open.bigmodel.cn' },
  { id: T.Ali, name: 'Alibaba Qwen', baseUrl: 'https://dashscope.aliyuncs.com' },
  { id: T.Spark, name: 'iFlytek Spark', baseUrl: '', keyFormat: 'APPID|APISecret|APIKey', defaultOther: 'v2.1' },
  { id: T.Ai360, name: '360', baseUrl: 'https://api.360.cn', openaiCompatible: true },
  { id: T.OpenRouter, name: 'OpenRouter', baseUrl: 'https://openrouter.ai/api', openaiCompatible: true },
  { id: T.AiProxyLibrary, name: 'AI Proxy knowledge base', baseUrl: '' },
  { id: T.FastGPT, name: 'FastGPT', baseUrl: 'https://fastgpt.run/api/openapi', keyFormat: 'APIKey-AppId' },
  { id: T.Tencent, name: 'Tencent Hunyuan', baseUrl: 'https://hunyuan.tencentcloudapi.com', keyFormat: 'AppId|SecretId|SecretKey' },
  { id: T.Gemini, name: 'Google Gemini', baseUrl: 'https://generativelanguage.googleapis.com' },
  { id: T.Moonshot, name: 'Moonshot', baseUrl: 'https://api.moonshot.cn', openaiCompatible: true },
  { id: T.Zhipu, name: 'Zhipu GLM-4', baseUrl: 'https://open.bigmodel.cn', openaiCompatible: true },
  { id: T.Perplexity, name: 'Perplexity', baseUrl: 'https://api.perplexity.ai', openaiCompatible: true },
  { id: T.LingYiWanWu, name: '01.AI', baseUrl: 'https://api.lingyiwanwu.com', openaiCompatible: true },
  { id: T.Bedrock, name: 'AWS Bedrock Claude', baseUrl: '', keyFormat: 'AccessKey|SecretKey|Region' },
  { id: T.Cohere, name: 'Cohere', baseUrl: 'https://api.cohere.ai' },
  { id: T.MiniMax, name: 'MiniMax', baseUrl: 'https://api.minimax.chat' },
  { id: T.SunoAPI, name: 'Suno API', baseUrl: '' },
  { id: T.Dify, name: 'Dify', baseUrl: 'https://api.dify.ai' },
  { id: T.Jina, name: 'Jina', baseUrl: 'https://api.jina.ai' },
  { id: T.Cloudflare, name: 'Cloudflare Workers AI', baseUrl: 'https://api.cloudflare.com' },
  { id: T.SiliconFlow, name: 'SiliconFlow', baseUrl: 'https://api.siliconflow.cn', openaiCompatible: true },
  { id: T.VertexAI, name: 'Vertex AI', baseUrl: '', wholeKey: true },
  { id: T.Mistral, name: 'Mistral', baseUrl: 'https://api.mistral.ai', openaiCompatible: true },
  { id: T.DeepSeek, name: 'DeepSeek', baseUrl: 'https://api.deepseek.com', openaiCompatible: true },
  { id: T.MokaAI, name: 'MokaAI M3E', baseUrl: '' },
  { id: T.VolcEngine, name: 'VolcEngine Ark', baseUrl: 'https://ark.cn-beijing.volces.com', openaiCompatible: true },
  { id: T.BaiduV2, name: 'Baidu Qianfan V2', baseUrl: 'https://qianfan.baidubce.com', openaiCompatible: true },
  { id: T.Xinference, name: 'Xinference', baseUrl: '', openaiCompatible: true },
  { id: T.XAI, name: 'xAI', baseUrl: 'https://api.x.ai', openaiCompatible: true },
  { id: T.Coze, name: 'Coze', baseUrl: 'https://api.coze.cn' },
];

const BY_ID = new Map(CHANNEL_TYPES.map((t) => [t.id, t]));

export function channelTypeInfo(id: number): ChannelTypeInfo | undefined {
  return BY_ID.get(id);
}

/** The `other` a channel is saved with: trimmed, or the type's default when empty. */
export function channelOtherOrDefault(type: number, other: string | null | undefined): string {
  const value = (other ?? '').trim();
  return value || (BY_ID.get(type)?.defaultOther ?? '');
}

export const CHANNEL_TYPE_IDS = CHANNEL_TYPES.map((t) => t.id);
