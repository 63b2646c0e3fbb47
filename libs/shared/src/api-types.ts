import type { z } from 'zod';
import type {
  channelHealthSchema,
  channelListItemSchema,
  channelRecordSchema,
  logRecordSchema,
  logStatSchema,
  loginResultSchema,
  optionItemSchema,
  serverStatusSchema,
  setupStatusSchema,
  tokenRecordSchema,
  userGroupMapSchema,
  userViewSchema,
} from './schemas/views';

/** Every /api answer. */
export interface ApiEnvelope<T = unknown> {
  success: boolean;
  message: string;
  data?: T;
}

export interface Paged<T> {
  items: T[];
  page: number;
  page_size: number;
  total: number;
}

export interface UserSetting {
  notify_type?: 'email' | 'webhook';
  quota_warning_threshold?: number;
  webhook_url?: string;
  /** Write-only: sent to set (or, empty, to clear) the secret; responses never carry it. */
  webhook_secret?: string;
  /** Read-only: whether a webhook secret is stored. */
  webhook_secret_set?: boolean;
  notification_email?: string;
  accept_unset_model_ratio_model?: boolean;
}

export interface SetupRequest {
  username: string;
  password: string;
  confirmPassword: string;
  SelfUseModeEnabled: boolean;
  DemoSiteEnabled: boolean;
}

/** The answers' shapes, inferred from their schemas (schemas/views.ts: descriptions of the fields there). */
export type UserView = z.infer<typeof userViewSchema>;
export type LoginResult = z.infer<typeof loginResultSchema>;
export type SetupStatus = z.infer<typeof setupStatusSchema>;
/** GET /api/status: the public server status (docs/options.md#reading-and-syncing). */
export type ServerStatus = z.infer<typeof serverStatusSchema>;
export type OptionItem = z.infer<typeof optionItemSchema>;
/** A channel as the console reads it (docs/channel-types.md): never with its key. */
export type ChannelRecord = z.infer<typeof channelRecordSchema>;
/** This node's circuit breaker of a channel, as the channel list shows it. */
export type ChannelHealth = z.infer<typeof channelHealthSchema>;
export type ChannelListItem = z.infer<typeof channelListItemSchema>;
/** A token as its owner reads it. */
export type TokenRecord = z.infer<typeof tokenRecordSchema>;
/** A usage-log row (docs/console.md#usage-log). */
export type LogRecord = z.infer<typeof logRecordSchema>;

/** GET /api/log/stat and /api/log/self/stat. */
export type LogStat = z.infer<typeof logStatSchema>;
/** GET /api/user/self/groups: group name → description and ratio. */
export type UserGroupMap = z.infer<typeof userGroupMapSchema>;
