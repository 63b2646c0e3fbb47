import { LogType, type ModelPricing } from '@gw/shared';
import type { LogRecord } from '../../log/log.service';
import type { RelayError } from '../http/relay-error';
import type { RelayChannel } from '../routing/relay-channel';
import type { RelayCaller } from './relay-caller';

/** Clean token counts of one billed request (cached, created and audio-in are parts of the prompt). */
export interface BilledUsage {
  promptTokens: number;
  completionTokens: number;
  cachedTokens: number;
  cacheCreationTokens: number;
  audioInputTokens: number;
  /** Part of completionTokens. */
  audioOutputTokens: number;
}

export interface ConsumeLogInput {
  caller: RelayCaller;
  model: string;
  path: string;
  stream: boolean;
  channel: RelayChannel;
  upstreamModel: string;
  tried: readonly number[];
  pricing: ModelPricing;
  groupRatio: number;
  usage: BilledUsage;
  /** The upstream's usage was absurd and the local count was billed (other.usage_clamped). */
  usageClamped?: boolean;
  quota: number;
  /** What was reserved: a charge above it is recorded as `other.overage`. */
  reserved: number;
  requestId: string;
  /** Epoch seconds of arrival (the row's created_at). */
  arrivedAt: number;
  elapsedMs: number;
  frtMs: number | null;
  /** 'complete', 'client_closed' or 'interrupted' for streams. */
  streamEnd: string | null;
  /** An interrupted stream's cause (`other.error_type`, `other.error_code`). */
  streamError?: { readonly type: string; readonly code: string | null };
  /** Present only when LogChatContentEnabled. */
  content?: { input: string; output: string };
  /** Fields of a particular relay added to `other` (Realtime: `ws` and the audio figures). */
  extraOther?: Record<string, unknown>;
}

const seconds = (ms: number) => Math.max(0, Math.round(ms / 1000));

/** Pure: the type-2 log row with its `other` JSON (docs/billing.md). Never contains a key. */
export function consumeLog(i: ConsumeLogInput): LogRecord {
  const p = i.pricing;
  const other: Record<string, unknown> = {
    group: i.caller.group,
    model_ratio: p.kind === 'token' ? p.modelRatio : 0,
    completion_ratio: p.kind === 'token' ? p.completionRatio : 0,
    cache_ratio: p.kind === 'token' ? p.cacheRatio : 0,
    model_price: p.kind === 'call' ? p.modelPrice : -1,
    group_ratio: i.groupRatio,
    cache_tokens: i.usage.cachedTokens,
    frt: i.frtMs ?? -1,
    request_path: i.path,
    admin_info: { use_channel: i.tried },
  };
  if (p.kind === 'token' && i.usage.cacheCreationTokens > 0) {
    other.cache_creation_tokens = i.usage.cacheCreationTokens;
    other.cache_creation_ratio = p.cacheCreationRatio;
  }
  if (p.kind === 'token' && (i.usage.audioInputTokens > 0 || i.usage.audioOutputTokens > 0)) {
    // new-api's names for the audio part of a text request.
    other.audio_input = i.usage.audioInputTokens;
    other.audio_output = i.usage.audioOutputTokens;
    other.audio_ratio = p.audioRatio;
    other.audio_completion_ratio = p.audioCompletionRatio;
  }
  if (i.usageClamped) other.usage_clamped = true;
  if (i.upstreamModel !== i.model) {
    other.is_model_mapped = true;
    other.upstream_model_name = i.upstreamModel;
  }
  if (i.streamEnd && i.streamEnd !== 'complete') other.stream_status = i.streamEnd;
  if (i.streamError) {
    other.error_type = i.streamError.type;
    if (i.streamError.code) other.error_code = i.streamError.code;
  }
  if (i.quota > i.reserved) other.overage = i.quota - i.reserved;
  if (i.content) {
    other.input_content = i.content.input;
    other.output_content = i.content.output;
  }
  if (i.extraOther) Object.assign(other, i.extraOther);
  return {
    type: LogType.Consume,
    created_at: i.arrivedAt,
    request_id: i.requestId,
    user_id: i.caller.user.id,
    username: i.caller.user.username,
    token_id: i.caller.token?.id ?? 0,
    token_name: i.caller.token?.name ?? '',
    model_name: i.model,
    quota: i.quota,
    prompt_tokens: i.usage.promptTokens,
    completion_tokens: i.usage.completionTokens,
    use_time: seconds(i.elapsedMs),
    is_stream: i.stream,
    channel_id: i.channel.id,
    channel_name: i.channel.name,
    group: i.caller.group,
    ip: i.caller.ip,
    content: '',
    other: JSON.stringify(other),
  };
}

export interface ErrorLogInput {
  caller: RelayCaller;
  model: string;
  path: string;
  stream: boolean;
  error: RelayError;
  message: string;
  channel: RelayChannel | null;
  tried: readonly number[];
  requestId: string;
  elapsedMs: number;
}

/** Pure: the type-6 error log row (LogErrorEnabled). */
export function errorLog(i: ErrorLogInput): LogRecord {
  return {
    type: LogType.Error,
    request_id: i.requestId,
    user_id: i.caller.user.id,
    username: i.caller.user.username,
    token_id: i.caller.token?.id ?? 0,
    token_name: i.caller.token?.name ?? '',
    model_name: i.model,
    use_time: seconds(i.elapsedMs),
    is_stream: i.stream,
    channel_id: i.channel?.id ?? 0,
    channel_name: i.channel?.name ?? '',
    group: i.caller.group,
    ip: i.caller.ip,
    content: i.message.slice(0, 2000),
    other: JSON.stringify({
      error_type: i.error.type,
      error_code: i.error.code,
      status_code: i.error.status,
      channel_id: i.channel?.id ?? 0,
      channel_name: i.channel?.name ?? '',
      request_path: i.path,
      admin_info: { use_channel: i.tried },
    }),
  };
}
