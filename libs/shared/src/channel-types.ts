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

/** What a channel type's `other` field holds; types without an `other` row field have none. */
export type OtherMeaning = 'api_version' | 'version' | 'knowledge_id' | 'account' | 'region';

/** A type's `other` field: what it means to the relay and how the editor shows it. */
export interface ChannelOtherField {
  meaning: OtherMeaning;
  /** i18n key of the editor's label. */
  labelKey: string;
  /** The editor's placeholder (an example value); `default` when not given. */
  placeholder?: string;
  /** What an empty `other` is saved as (Spark's API version). */
  default?: string;
  /** May be a JSON model → value map (Vertex regions): a multi-line input, JSON checked when it starts with "{". */
  jsonMap?: boolean;
}

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
  /** The type's `other` field, when it has one. */
  other?: ChannelOtherField;
  /** The editor's address field: none (the address is fixed) or the full request URL (Custom); else a base URL. */
  baseUrlField?: 'none' | 'full';
  /** Models a new channel of this type starts with (Midjourney actions, Suno). */
  defaultModels?: readonly string[];
  /** i18n key of a note the editor shows above the form, and a link after it. */
  noteKey?: string;
  noteLink?: string;
  /** The editor offers the OpenAI organization field. */
  organization?: boolean;
}

const T = ChannelType;

const MJ_MODELS = ['mj_imagine', 'mj_variation', 'mj_reroll', 'mj_blend', 'mj_upscale', 'mj_describe', 'mj_uploads'];
const MJ_PLUS_MODELS = [...MJ_MODELS, 'mj_zoom', 'mj_shorten', 'mj_modal', 'mj_inpaint', 'mj_custom_zoom', 'mj_high_variation', 'mj_low_variation', 'mj_pan', 'swap_face'];

export const CHANNEL_TYPES: readonly ChannelTypeInfo[] = [
  { id: T.OpenAI, name: 'OpenAI', baseUrl: 'https://api.openai.com', openaiCompatible: true, organization: true },
  { id: T.MidjourneyProxy, name: 'Midjourney Proxy', baseUrl: '', defaultModels: MJ_MODELS },
  {
    id: T.Azure,
    name: 'Azure OpenAI',
    baseUrl: '',
    noteKey: 'channel.note_azure',
    // A query parameter on the resource's own host (base_url).
    other: { meaning: 'api_version', labelKey: 'channel.other_azure_version', placeholder: '2025-04-01-preview' },
  },
  { id: T.Ollama, name: 'Ollama', baseUrl: 'http://localhost:11434' },
  { id: T.MidjourneyProxyPlus, name: 'Midjourney Proxy Plus', baseUrl: '', defaultModels: MJ_PLUS_MODELS },
  { id: T.Custom, name: 'Custom', baseUrl: '', openaiCompatible: true, baseUrlField: 'full', noteKey: 'channel.note_custom' },
  { id: T.PaLM, name: 'Google PaLM2', baseUrl: '' },
  { id: T.Anthropic, name: 'Anthropic Claude', baseUrl: 'https://api.anthropic.com' },
  { id: T.Baidu, name: 'Baidu Qianfan', baseUrl: 'https://aip.baidubce.com', keyFormat: 'APIKey|SecretKey' },
  { id: T.ZhipuOld, name: 'Zhipu (old)', baseUrl: 'https://open.bigmodel.cn' },
  { id: T.Ali, name: 'Alibaba Qwen', baseUrl: 'https://dashscope.aliyuncs.com' },
  {
    id: T.Spark,
    name: 'iFlytek Spark',
    baseUrl: '',
    keyFormat: 'APPID|APISecret|APIKey',
    // A path segment on a fixed host.
    other: { meaning: 'version', labelKey: 'channel.other_spark_version', default: 'v2.1' },
  },
  { id: T.Ai360, name: '360', baseUrl: 'https://api.360.cn', openaiCompatible: true },
  { id: T.OpenRouter, name: 'OpenRouter', baseUrl: 'https://openrouter.ai/api', openaiCompatible: true },
  {
    id: T.AiProxyLibrary,
    name: 'AI Proxy knowledge base',
    baseUrl: '',
    // Sent in the request body.
    other: { meaning: 'knowledge_id', labelKey: 'channel.other_knowledge_id' },
  },
  { id: T.FastGPT, name: 'FastGPT', baseUrl: 'https://fastgpt.run/api/openapi', keyFormat: 'APIKey-AppId', noteKey: 'channel.note_fastgpt' },
  { id: T.Tencent, name: 'Tencent Hunyuan', baseUrl: 'https://hunyuan.tencentcloudapi.com', keyFormat: 'AppId|SecretId|SecretKey' },
  { id: T.Gemini, name: 'Google Gemini', baseUrl: 'https://generativelanguage.googleapis.com' },
  { id: T.Moonshot, name: 'Moonshot', baseUrl: 'https://api.moonshot.cn', openaiCompatible: true },
  { id: T.Zhipu, name: 'Zhipu GLM-4', baseUrl: 'https://open.bigmodel.cn', openaiCompatible: true },
  { id: T.Perplexity, name: 'Perplexity', baseUrl: 'https://api.perplexity.ai', openaiCompatible: true },
  { id: T.LingYiWanWu, name: '01.AI', baseUrl: 'https://api.lingyiwanwu.com', openaiCompatible: true },
  { id: T.Bedrock, name: 'AWS Bedrock Claude', baseUrl: '', keyFormat: 'AccessKey|SecretKey|Region' },
  { id: T.Cohere, name: 'Cohere', baseUrl: 'https://api.cohere.ai' },
  { id: T.MiniMax, name: 'MiniMax', baseUrl: 'https://api.minimax.chat' },
  { id: T.SunoAPI, name: 'Suno API', baseUrl: '', defaultModels: ['suno_music', 'suno_lyrics'] },
  { id: T.Dify, name: 'Dify', baseUrl: 'https://api.dify.ai', noteKey: 'channel.note_dify' },
  { id: T.Jina, name: 'Jina', baseUrl: 'https://api.jina.ai' },
  {
    id: T.Cloudflare,
    name: 'Cloudflare Workers AI',
    baseUrl: 'https://api.cloudflare.com',
    // The account the API token acts for.
    other: { meaning: 'account', labelKey: 'channel.other_account_id' },
  },
  {
    id: T.SiliconFlow,
    name: 'SiliconFlow',
    baseUrl: 'https://api.siliconflow.cn',
    openaiCompatible: true,
    noteKey: 'channel.note_invite',
    noteLink: 'https://cloud.siliconflow.cn/i/hij0YNTZ',
  },
  {
    id: T.VertexAI,
    name: 'Vertex AI',
    baseUrl: '',
    wholeKey: true,
    noteKey: 'channel.note_vertex',
    // A region, or a model → region map: part of the host name.
    other: {
      meaning: 'region',
      labelKey: 'channel.other_region',
      placeholder: '{"default": "us-central1", "claude-3-5-sonnet-20240620": "europe-west1"}',
      jsonMap: true,
    },
  },
  { id: T.Mistral, name: 'Mistral', baseUrl: 'https://api.mistral.ai', openaiCompatible: true },
  { id: T.DeepSeek, name: 'DeepSeek', baseUrl: 'https://api.deepseek.com', openaiCompatible: true },
  { id: T.MokaAI, name: 'MokaAI M3E', baseUrl: '' },
  { id: T.VolcEngine, name: 'VolcEngine Ark', baseUrl: 'https://ark.cn-beijing.volces.com', openaiCompatible: true, baseUrlField: 'none' },
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
  return value || (BY_ID.get(type)?.other?.default ?? '');
}

export const CHANNEL_TYPE_IDS = CHANNEL_TYPES.map((t) => t.id);
