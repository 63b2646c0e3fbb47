import type { Role, UserStatus } from './enums';

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

/** What the server returns for a user; never a password hash or an access token. */
export interface UserView {
  id: number;
  username: string;
  display_name: string;
  email: string;
  role: Role;
  status: UserStatus;
  group: string;
  quota: number;
  used_quota: number;
  request_count: number;
  aff_code: string;
  aff_count: number;
  aff_quota: number;
  aff_history_quota: number;
  inviter_id: number;
  github_id: string;
  oidc_id: string;
  wechat_id: string;
  telegram_id: string;
  linux_do_id: string;
  setting: string;
  remark: string;
  created_at: number;
  DeletedAt: string | null;
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

export interface LoginResult extends Pick<UserView, 'id' | 'username' | 'display_name' | 'role' | 'status' | 'group'> {
  /** Set when root signed in with the default password: the console asks for an immediate change. */
  default_password_warning?: boolean;
}

export interface SetupStatus {
  status: boolean;
  root_init: boolean;
  database_type: 'sqlite' | 'mysql';
}

export interface SetupRequest {
  username: string;
  password: string;
  confirmPassword: string;
  SelfUseModeEnabled: boolean;
  DemoSiteEnabled: boolean;
}

/** GET /api/status: the public server status (docs/options.md#reading-and-syncing). */
export interface ServerStatus {
  system_name: string;
  logo: string;
  footer_html: string;
  quota_per_unit: number;
  display_in_currency: boolean;
  display_token_stat: boolean;
  enable_drawing: boolean;
  enable_task: boolean;
  enable_data_export: boolean;
  chats: unknown[];
  data_export_default_time: string;
  default_collapse_sidebar: boolean;
  mj_notify_enabled: boolean;
  chat_link: string;
  chat_link2: string;
  docs_link: string;
  email_verification: boolean;
  turnstile_check: boolean;
  turnstile_site_key: string;
  github_oauth: boolean;
  github_client_id: string;
  oidc_enabled: boolean;
  oidc_authorization_endpoint: string;
  oidc_client_id: string;
  linuxdo_oauth: boolean;
  linuxdo_client_id: string;
  wechat_login: boolean;
  wechat_qrcode: string;
  telegram_oauth: boolean;
  telegram_bot_name: string;
  check_in_enabled: boolean;
  version: string;
  start_time: number;
  setup: boolean;
  server_address: string;
  self_use_mode_enabled: boolean;
  demo_site_enabled: boolean;
  top_up_link: string;
  min_topup: number;
  price: number;
  /** Online top-up is configured (gateway address, merchant id and key all set). */
  enable_online_topup: boolean;
  register_enabled: boolean;
  password_login_enabled: boolean;
  password_register_enabled: boolean;
}

export interface OptionItem {
  key: string;
  value: string;
}

/** A channel as the console reads it (docs/channel-types.md): never with its key (root reads that through POST /api/channel/:id/key). */
export interface ChannelRecord {
  id: number;
  name: string;
  type: number;
  openai_organization: string;
  max_input_tokens: number;
  base_url: string;
  other: string | null;
  model_mapping: string | null;
  status_code_mapping: string;
  /** Comma string on the wire. */
  models: string | null;
  /** Comma string on the wire. */
  group: string;
  auto_ban: number;
  test_model: string;
  priority: number;
  weight: number;
  tag: string;
  model_prefix: string;
  setting: string | null;
  param_override: string | null;
  status: number;
  /** Milliseconds of the last test; 0 untested. */
  response_time: number;
  balance: number;
  used_quota: number;
  /** JSON text with status_reason and status_time. */
  other_info: string | null;
  created_time: number;
  test_time: number;
  balance_updated_time: number;
}

/** A token as its owner reads it. */
export interface TokenRecord {
  id: number;
  user_id?: number;
  name: string;
  /** The key without its `sk-` prefix; the console shows it with one (withKeyPrefix). */
  key: string;
  status: number;
  remain_quota: number;
  used_quota: number;
  unlimited_quota: boolean;
  /** Epoch seconds; -1 never. */
  expired_time: number;
  created_time: number;
  accessed_time: number;
  rate_limit_enabled: boolean;
  rate_limit_period: number;
  rate_limit_count: number;
  rate_limit_success: number;
  model_limits_enabled: boolean;
  /** Comma string on the wire. */
  model_limits: string;
  /** One per line. */
  allow_ips: string;
  group: string;
}

/** A usage-log row (docs/console.md#usage-log); `channel` is the channel id; `other` is JSON text. */
export interface LogRecord {
  id: number;
  created_at: number;
  type: number;
  content: string;
  user_id: number;
  username: string;
  token_name: string;
  model_name: string;
  quota: number;
  prompt_tokens: number;
  completion_tokens: number;
  /** Seconds. */
  use_time: number;
  is_stream: boolean;
  channel: number;
  channel_name: string;
  group: string;
  other: string;
}

/** GET /api/log/stat and /api/log/self/stat. */
export interface LogStat {
  quota: number;
  rpm: number;
  tpm: number;
  /** Token sums over the filter, when the server reports them. */
  prompt_tokens?: number;
  completion_tokens?: number;
}

/** GET /api/user/self/groups: group name → description and ratio. */
export type UserGroupMap = Record<string, { desc: string; ratio: number | string }>;
