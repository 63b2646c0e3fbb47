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
  webhook_secret?: string;
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

/** GET /api/status (spec 1 §3 "Server status object" plus spec 3 fields). */
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
  register_enabled: boolean;
  password_login_enabled: boolean;
  password_register_enabled: boolean;
}

export interface OptionItem {
  key: string;
  value: string;
}
