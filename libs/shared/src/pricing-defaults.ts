/**
 * Built-in price table. A model ratio of 1 is $2 per 1M prompt tokens (QuotaPerUnit 500000 = $1,
 * ratio 1 = $0.002 per 1K). Completion ratio = output price / input price. Operators override any
 * entry through the ModelRatio / CompletionRatio / CacheRatio / ModelPrice options.
 */
export const DEFAULT_MODEL_RATIO: Record<string, number> = {
  'gpt-3.5-turbo': 0.25,
  'gpt-4': 15,
  'gpt-4-turbo': 5,
  'gpt-4o': 1.25,
  'gpt-4o-mini': 0.075,
  'gpt-4o-audio-preview': 1.25,
  'gpt-4o-mini-audio-preview': 0.075,
  'gpt-4.1': 1,
  'gpt-4.1-mini': 0.2,
  'gpt-4.1-nano': 0.05,
  'gpt-5': 0.625,
  'gpt-5-mini': 0.125,
  'gpt-5-nano': 0.025,
  o1: 7.5,
  'o1-mini': 0.55,
  o3: 1,
  'o3-mini': 0.55,
  'o4-mini': 0.55,
  'text-embedding-3-small': 0.01,
  'text-embedding-3-large': 0.065,
  'text-embedding-ada-002': 0.05,
  'omni-moderation-latest': 0,
  'text-moderation-latest': 0,
  'tts-1': 7.5,
  'tts-1-hd': 15,
  'whisper-1': 15,
  'gpt-3.5-turbo-instruct': 0.75,
  'claude-3-5-haiku-20241022': 0.4,
  'claude-3-5-sonnet-20241022': 1.5,
  'claude-3-7-sonnet-20250219': 1.5,
  'claude-sonnet-4-20250514': 1.5,
  'claude-sonnet-4-5-20250929': 1.5,
  'claude-haiku-4-5-20251001': 0.5,
  'claude-opus-4-20250514': 7.5,
  'claude-opus-4-1-20250805': 7.5,
  'gemini-2.0-flash': 0.05,
  'gemini-2.5-flash': 0.15,
  'gemini-2.5-flash-lite': 0.05,
  'gemini-2.5-pro': 0.625,
  'text-embedding-004': 0.01,
  'deepseek-chat': 0.135,
  'deepseek-reasoner': 0.275,
  'rerank-v3.5': 1,
};

export const DEFAULT_COMPLETION_RATIO: Record<string, number> = {
  'gpt-3.5-turbo': 3,
  'gpt-4': 2,
  'gpt-4-turbo': 3,
  'gpt-4o': 4,
  'gpt-4o-mini': 4,
  'gpt-4o-audio-preview': 4,
  'gpt-4o-mini-audio-preview': 4,
  'gpt-4.1': 4,
  'gpt-4.1-mini': 4,
  'gpt-4.1-nano': 4,
  'gpt-5': 8,
  'gpt-5-mini': 8,
  'gpt-5-nano': 8,
  o1: 4,
  'o1-mini': 4,
  o3: 4,
  'o3-mini': 4,
  'o4-mini': 4,
  'gpt-3.5-turbo-instruct': 1.333333,
  'claude-3-5-haiku-20241022': 5,
  'claude-3-5-sonnet-20241022': 5,
  'claude-3-7-sonnet-20250219': 5,
  'claude-sonnet-4-20250514': 5,
  'claude-sonnet-4-5-20250929': 5,
  'claude-haiku-4-5-20251001': 5,
  'claude-opus-4-20250514': 5,
  'claude-opus-4-1-20250805': 5,
  'gemini-2.0-flash': 4,
  'gemini-2.5-flash': 8.333333,
  'gemini-2.5-flash-lite': 4,
  'gemini-2.5-pro': 8,
  'deepseek-chat': 4.074074,
  'deepseek-reasoner': 3.981818,
};

/** Price of cached prompt tokens relative to normal prompt tokens. */
export const DEFAULT_CACHE_RATIO: Record<string, number> = {
  'gpt-4o': 0.5,
  'gpt-4o-mini': 0.5,
  'gpt-4.1': 0.25,
  'gpt-4.1-mini': 0.25,
  'gpt-4.1-nano': 0.25,
  'gpt-5': 0.1,
  'gpt-5-mini': 0.1,
  'gpt-5-nano': 0.1,
  o3: 0.25,
  'o4-mini': 0.25,
  'claude-3-5-haiku-20241022': 0.1,
  'claude-3-7-sonnet-20250219': 0.1,
  'claude-sonnet-4-20250514': 0.1,
  'claude-sonnet-4-5-20250929': 0.1,
  'claude-haiku-4-5-20251001': 0.1,
  'claude-opus-4-20250514': 0.1,
  'claude-opus-4-1-20250805': 0.1,
  'gemini-2.5-flash': 0.25,
  'gemini-2.5-pro': 0.25,
  'deepseek-chat': 0.259259,
  'deepseek-reasoner': 0.254545,
};

/** Price of prompt-cache writes relative to normal prompt tokens (new-api CreateCacheRatio). */
export const DEFAULT_CREATE_CACHE_RATIO: Record<string, number> = {
  'claude-3-5-haiku-20241022': 1.25,
  'claude-3-5-sonnet-20241022': 1.25,
  'claude-3-7-sonnet-20250219': 1.25,
  'claude-sonnet-4-20250514': 1.25,
  'claude-sonnet-4-5-20250929': 1.25,
  'claude-haiku-4-5-20251001': 1.25,
  'claude-opus-4-20250514': 1.25,
  'claude-opus-4-1-20250805': 1.25,
};

/**
 * Audio prompt tokens relative to text prompt tokens (gpt-4o-audio-preview: $40 vs $2.50 per 1M);
 * audio output costs AudioRatio × AudioCompletionRatio text prompt tokens ($80 = 16 × 2 × $2.50).
 */
export const DEFAULT_AUDIO_RATIO: Record<string, number> = {
  'gpt-4o-audio-preview': 16,
  'gpt-4o-mini-audio-preview': 66.67,
  'gpt-4o-realtime-preview': 8,
  'gpt-4o-mini-realtime-preview': 16.67,
};

export const DEFAULT_AUDIO_COMPLETION_RATIO: Record<string, number> = {
  'gpt-4o-audio-preview': 2,
  'gpt-4o-mini-audio-preview': 2,
  'gpt-4o-realtime-preview': 2,
  'gpt-4o-mini-realtime-preview': 2,
};

/**
 * Ratio of a model that has neither ModelPrice nor ModelRatio, for users who accept such models
 * (accept_unset_model_ratio_model): never free. 37.5 = $75 per 1M prompt tokens.
 */
export const DEFAULT_UNSET_MODEL_RATIO = 37.5;

/** Pay-per-call prices in USD. */
export const DEFAULT_MODEL_PRICE: Record<string, number> = {
  'dall-e-2': 0.02,
  'dall-e-3': 0.04,
  'gpt-image-1': 0.04,
  // Asynchronous tasks, per action (docs/tasks.md).
  mj_imagine: 0.1,
  mj_variation: 0.1,
  mj_reroll: 0.1,
  mj_blend: 0.1,
  mj_modal: 0.1,
  mj_zoom: 0.1,
  mj_shorten: 0.1,
  mj_high_variation: 0.1,
  mj_low_variation: 0.1,
  mj_pan: 0.1,
  mj_inpaint: 0,
  mj_custom_zoom: 0,
  mj_describe: 0.05,
  mj_upscale: 0.05,
  swap_face: 0.05,
  mj_upload: 0.05,
  suno_music: 0.1,
  suno_lyrics: 0.01,
};

export const DEFAULT_GROUP_RATIO: Record<string, number> = { default: 1, vip: 1, svip: 1 };
export const DEFAULT_USER_USABLE_GROUPS: Record<string, string> = {
  default: '默认分组',
  vip: 'vip分组',
};
