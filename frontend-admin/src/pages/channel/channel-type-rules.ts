/** Channel type special cases of the editor (docs/channel-types.md). */
import { CHANNEL_OTHER_MEANING, ChannelType, type OtherMeaning } from '@gw/shared';

const MJ_MODELS = ['mj_imagine', 'mj_variation', 'mj_reroll', 'mj_blend', 'mj_upscale', 'mj_describe', 'mj_uploads'];
const MJ_PLUS_MODELS = [...MJ_MODELS, 'mj_zoom', 'mj_shorten', 'mj_modal', 'mj_inpaint', 'mj_custom_zoom', 'mj_high_variation', 'mj_low_variation', 'mj_pan', 'swap_face'];

/** Model lists a type starts with: Midjourney-like actions (2, 5) and music (36). */
export const TYPE_DEFAULT_MODELS: Record<number, string[]> = {
  [ChannelType.MidjourneyProxy]: MJ_MODELS,
  [ChannelType.MidjourneyProxyPlus]: MJ_PLUS_MODELS,
  [ChannelType.SunoAPI]: ['suno_music', 'suno_lyrics'],
};

const OTHER_LABEL: Record<OtherMeaning, string> = {
  api_version: 'channel.other_azure_version',
  version: 'channel.other_spark_version',
  knowledge_id: 'channel.other_knowledge_id',
  account: 'channel.other_account_id',
  region: 'channel.other_region',
};

/** The label key of a type's `other` field (meanings from libs/shared); types not listed have none. */
export const TYPE_OTHER_FIELD: Record<number, string> = Object.fromEntries(
  Object.entries(CHANNEL_OTHER_MEANING).map(([type, meaning]) => [type, OTHER_LABEL[meaning]]),
);

/** Types whose editor has no address field. */
export const NO_BASE_URL_TYPES = new Set<number>([ChannelType.VolcEngine]);
/** Custom: the address is the full request URL. */
export const FULL_URL_TYPE = ChannelType.Custom;

/** An informational note some types show above the form (label keys). */
export const TYPE_NOTE: Record<number, string> = {
  [ChannelType.Azure]: 'channel.note_azure',
  [ChannelType.Custom]: 'channel.note_custom',
  [ChannelType.FastGPT]: 'channel.note_fastgpt',
  [ChannelType.Dify]: 'channel.note_dify',
  [ChannelType.SiliconFlow]: 'channel.note_invite',
  [ChannelType.VertexAI]: 'channel.note_vertex',
};

export const INVITE_LINK = 'https://cloud.siliconflow.cn/i/hij0YNTZ';

export const MODEL_MAPPING_SAMPLE = JSON.stringify({ 'gpt-3.5-turbo': 'gpt-3.5-turbo-0125' }, null, 2);
export const STATUS_CODE_MAPPING_SAMPLE = JSON.stringify({ '400': '500' }, null, 2);
export const SETTING_SAMPLE = JSON.stringify({ force_format: true, thinking_to_content: false, proxy: '' }, null, 2);
export const PARAM_OVERRIDE_SAMPLE = JSON.stringify({ temperature: 0 }, null, 2);
