/** One registry of upstream channel types, shared by the relay and the console. */
export interface ChannelTypeInfo {
  id: number;
  name: string;
  /** Empty when the operator must supply it (per-resource URLs, self-hosted services). */
  baseUrl: string;
  /** Speaks the OpenAI wire format, so the shared OpenAI-compatible adaptor serves it. */
  openaiCompatible?: boolean;
}

export const CHANNEL_TYPES: readonly ChannelTypeInfo[] = [
  { id: 1, name: 'OpenAI', baseUrl: 'https://api.openai.com', openaiCompatible: true },
  { id: 2, name: 'Midjourney Proxy', baseUrl: '' },
  { id: 3, name: 'Azure OpenAI', baseUrl: '' },
  { id: 4, name: 'Ollama', baseUrl: 'http://localhost:11434' },
  { id: 5, name: 'Midjourney Proxy Plus', baseUrl: '' },
  { id: 8, name: 'Custom', baseUrl: '', openaiCompatible: true },
  { id: 11, name: 'Google PaLM2', baseUrl: '' },
  { id: 14, name: 'Anthropic Claude', baseUrl: 'https://api.anthropic.com' },
  { id: 15, name: 'Baidu Qianfan', baseUrl: 'https://aip.baidubce.com' },
  { id: 16, name: 'Zhipu (old)', baseUrl: 'https://open.bigmodel.cn' },
  { id: 17, name: 'Alibaba Qwen', baseUrl: 'https://dashscope.aliyuncs.com' },
  { id: 18, name: 'iFlytek Spark', baseUrl: '' },
  { id: 19, name: '360', baseUrl: 'https://api.360.cn', openaiCompatible: true },
  { id: 20, name: 'OpenRouter', baseUrl: 'https://openrouter.ai/api', openaiCompatible: true },
  { id: 21, name: 'AI Proxy knowledge base', baseUrl: '' },
  { id: 22, name: 'FastGPT', baseUrl: 'https://fastgpt.run/api/openapi' },
  { id: 23, name: 'Tencent Hunyuan', baseUrl: 'https://hunyuan.tencentcloudapi.com' },
  { id: 24, name: 'Google Gemini', baseUrl: 'https://generativelanguage.googleapis.com' },
  { id: 25, name: 'Moonshot', baseUrl: 'https://api.moonshot.cn', openaiCompatible: true },
  { id: 26, name: 'Zhipu GLM-4', baseUrl: 'https://open.bigmodel.cn', openaiCompatible: true },
  { id: 27, name: 'Perplexity', baseUrl: 'https://api.perplexity.ai', openaiCompatible: true },
  { id: 31, name: '01.AI', baseUrl: 'https://api.lingyiwanwu.com', openaiCompatible: true },
  { id: 33, name: 'AWS Bedrock Claude', baseUrl: '' },
  { id: 34, name: 'Cohere', baseUrl: 'https://api.cohere.ai' },
  { id: 35, name: 'MiniMax', baseUrl: 'https://api.minimax.chat' },
  { id: 36, name: 'Suno API', baseUrl: '' },
  { id: 37, name: 'Dify', baseUrl: 'https://api.dify.ai' },
  { id: 38, name: 'Jina', baseUrl: 'https://api.jina.ai' },
  { id: 39, name: 'Cloudflare Workers AI', baseUrl: 'https://api.cloudflare.com' },
  { id: 40, name: 'SiliconFlow', baseUrl: 'https://api.siliconflow.cn', openaiCompatible: true },
  { id: 41, name: 'Vertex AI', baseUrl: '' },
  { id: 42, name: 'Mistral', baseUrl: 'https://api.mistral.ai', openaiCompatible: true },
  { id: 43, name: 'DeepSeek', baseUrl: 'https://api.deepseek.com', openaiCompatible: true },
  { id: 44, name: 'MokaAI M3E', baseUrl: '' },
  { id: 45, name: 'VolcEngine Ark', baseUrl: 'https://ark.cn-beijing.volces.com', openaiCompatible: true },
  { id: 46, name: 'Baidu Qianfan V2', baseUrl: 'https://qianfan.baidubce.com', openaiCompatible: true },
  { id: 47, name: 'Xinference', baseUrl: '', openaiCompatible: true },
  { id: 48, name: 'xAI', baseUrl: 'https://api.x.ai', openaiCompatible: true },
  { id: 49, name: 'Coze', baseUrl: 'https://api.coze.cn' },
];

const BY_ID = new Map(CHANNEL_TYPES.map((t) => [t.id, t]));

export function channelTypeInfo(id: number): ChannelTypeInfo | undefined {
  return BY_ID.get(id);
}

export const CHANNEL_TYPE_IDS = CHANNEL_TYPES.map((t) => t.id);
