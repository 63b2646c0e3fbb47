/**
 * What the /api routes answer with, as schemas: the wire types of api-types.ts are inferred from
 * these, the published contract (docs/api-reference.md) is generated from them, and the API suite
 * checks every answer against them. Objects are strict: a field the server adds must be added here.
 */
import { z } from 'zod';
import { QuotaType, Role, UserStatus } from '../enums';

const int = z.number().int();
const epoch = int.describe('Epoch seconds.');

export const userViewSchema = z
  .strictObject({
    id: int,
    username: z.string(),
    display_name: z.string(),
    email: z.string(),
    role: z.enum(Role).describe('1 user, 10 admin, 100 root.'),
    status: z.enum(UserStatus).describe('1 enabled, 2 disabled.'),
    group: z.string(),
    quota: int,
    used_quota: int,
    request_count: int,
    aff_code: z.string(),
    aff_count: int,
    aff_quota: int,
    aff_history_quota: int,
    inviter_id: int,
    github_id: z.string(),
    oidc_id: z.string(),
    wechat_id: z.string(),
    telegram_id: z.string(),
    linux_do_id: z.string(),
    setting: z.string().describe('JSON text of the notification settings; never the webhook secret.'),
    remark: z.string(),
    created_at: epoch,
    DeletedAt: z.string().nullable(),
  })
  .meta({ id: 'User', description: 'A user as the server shows it: never a password hash or an access token.' });

export const loginResultSchema = userViewSchema
  .pick({ id: true, username: true, display_name: true, role: true, status: true, group: true })
  .extend({
    default_password_warning: z
      .boolean()
      .optional()
      .describe('Set when root signed in with the default password: the console asks for an immediate change.'),
  })
  .meta({ id: 'LoginResult' });

export const setupStatusSchema = z
  .strictObject({ status: z.boolean(), root_init: z.boolean(), database_type: z.enum(['sqlite', 'mysql']) })
  .meta({ id: 'SetupStatus' });

export const serverStatusSchema = z
  .strictObject({
    system_name: z.string(),
    logo: z.string(),
    footer_html: z.string(),
    quota_per_unit: z.number(),
    display_in_currency: z.boolean(),
    display_token_stat: z.boolean(),
    enable_drawing: z.boolean(),
    enable_task: z.boolean(),
    enable_data_export: z.boolean(),
    chats: z.array(z.unknown()),
    data_export_default_time: z.string(),
    default_collapse_sidebar: z.boolean(),
    mj_notify_enabled: z.boolean(),
    chat_link: z.string(),
    chat_link2: z.string(),
    docs_link: z.string(),
    email_verification: z.boolean(),
    turnstile_check: z.boolean(),
    turnstile_site_key: z.string(),
    github_oauth: z.boolean(),
    github_client_id: z.string(),
    oidc_enabled: z.boolean(),
    oidc_authorization_endpoint: z.string(),
    oidc_client_id: z.string(),
    linuxdo_oauth: z.boolean(),
    linuxdo_client_id: z.string(),
    wechat_login: z.boolean(),
    wechat_qrcode: z.string(),
    telegram_oauth: z.boolean(),
    telegram_bot_name: z.string(),
    check_in_enabled: z.boolean(),
    version: z.string(),
    start_time: epoch,
    setup: z.boolean(),
    server_address: z.string(),
    self_use_mode_enabled: z.boolean(),
    demo_site_enabled: z.boolean(),
    top_up_link: z.string(),
    min_topup: z.number(),
    price: z.number(),
    enable_online_topup: z
      .boolean()
      .describe('Online top-up is configured (gateway address, merchant id and key all set).'),
    register_enabled: z.boolean(),
    password_login_enabled: z.boolean(),
    password_register_enabled: z.boolean(),
  })
  .meta({
    id: 'ServerStatus',
    description: 'The public server status: only non-secret settings (docs/options.md#reading-and-syncing).',
  });

export const optionItemSchema = z.strictObject({ key: z.string(), value: z.string() }).meta({ id: 'Option' });

export const channelRecordSchema = z
  .strictObject({
    id: int,
    name: z.string(),
    type: int,
    openai_organization: z.string(),
    max_input_tokens: int,
    base_url: z.string(),
    other: z.string().nullable(),
    model_mapping: z.string().nullable(),
    status_code_mapping: z.string(),
    models: z.string().nullable().describe('Comma-separated model names.'),
    group: z.string().describe('Comma-separated group names.'),
    auto_ban: int,
    test_model: z.string(),
    priority: int,
    weight: int,
    tag: z.string(),
    model_prefix: z.string(),
    multi_key_mode: z.string().describe("How a multi-key channel's keys are picked: random or polling."),
    setting: z.string().nullable(),
    param_override: z.string().nullable(),
    status: int.describe('1 enabled, 2 disabled by hand, 3 disabled automatically.'),
    response_time: int.describe('Milliseconds of the last test; 0 untested.'),
    balance: z.number(),
    used_quota: int,
    other_info: z.string().nullable().describe('JSON text with status_reason and status_time.'),
    created_time: epoch,
    test_time: epoch,
    balance_updated_time: epoch,
  })
  .meta({
    id: 'Channel',
    description: 'A channel without its key (root reads that through POST /api/channel/{id}/key).',
  });

const breakerFields = {
  state: z
    .enum(['closed', 'open', 'half_open'])
    .describe('open: skipped until open_until; half_open: probe requests go through.'),
  requests: int.describe('Attempts in the window (successes and errors).'),
  errors: int,
  error_rate: z.number().describe('errors / requests, 0–1.'),
  latency_ms: int.nullable().describe('Mean latency of the successes in the window (time to first byte for streams).'),
  open_until: epoch.nullable().describe('When the cool-down ends (open only).'),
};

export const channelHealthSchema = z
  .strictObject({
    ...breakerFields,
    keys: z
      .array(z.strictObject({ index: int.describe("Position in the channel's key list."), ...breakerFields }))
      .describe('Multi-key channels: one entry per key (the channel is open only when every enabled key is).'),
  })
  .meta({
    id: 'ChannelHealth',
    description:
      "This server's circuit breaker of the channel (docs/relay.md#health-based-routing); every node judges what it sees.",
  });

/** A channel of the list: the record plus this node's health (null while ChannelHealthEnabled is off). */
export const channelListItemSchema = channelRecordSchema
  .extend({ health: channelHealthSchema.nullable() })
  .meta({ id: 'ChannelListItem' });

export const tokenRecordSchema = z
  .strictObject({
    id: int,
    user_id: int,
    name: z.string(),
    key: z.string().describe('The API key without its sk- prefix (the console shows it with one).'),
    status: int.describe('1 enabled, 2 disabled, 3 expired, 4 exhausted.'),
    remain_quota: int,
    used_quota: int,
    unlimited_quota: z.boolean(),
    expired_time: int.describe('Epoch seconds; -1 never.'),
    created_time: epoch,
    accessed_time: epoch,
    rate_limit_enabled: z.boolean(),
    rate_limit_period: int,
    rate_limit_count: int,
    rate_limit_success: int,
    model_limits_enabled: z.boolean(),
    model_limits: z.string().describe('Comma-separated model names.'),
    allow_ips: z.string().describe('One IP or CIDR per line.'),
    group: z.string(),
  })
  .meta({ id: 'Token', description: 'An API token as its owner reads it.' });

export const logRecordSchema = z
  .strictObject({
    id: int,
    created_at: epoch,
    type: int.describe('1 top-up, 2 consume, 3 manage, 4 system, 5 check-in, 6 error.'),
    content: z.string(),
    user_id: int,
    username: z.string(),
    token_name: z.string(),
    model_name: z.string(),
    quota: int,
    prompt_tokens: int,
    completion_tokens: int,
    use_time: z.number().describe('Seconds.'),
    is_stream: z.boolean(),
    channel: int.describe('The channel id (0 on the self routes).'),
    channel_name: z.string(),
    group: z.string(),
    other: z.string().describe('JSON text.'),
  })
  .meta({ id: 'Log', description: 'A usage-log row (docs/console.md#usage-log).' });

export const logStatSchema = z
  .strictObject({
    quota: int,
    rpm: int,
    tpm: int,
    prompt_tokens: int.optional(),
    completion_tokens: int.optional(),
  })
  .meta({ id: 'LogStat' });

export const userGroupMapSchema = z
  .record(z.string(), z.strictObject({ desc: z.string(), ratio: z.union([z.number(), z.string()]) }))
  .meta({ id: 'UserGroups', description: 'Group name → description and ratio.' });

export const pricingItemSchema = z
  .strictObject({
    model_name: z.string(),
    quota_type: z.enum(QuotaType).describe('0 per token, 1 per call.'),
    model_ratio: z.number().describe('Per token: the model ratio (0 when free or unpriced); per call: 0.'),
    model_price: z.number().describe('Per call: USD per call before the group ratio; per token: 0.'),
    owner_by: z.string().describe("The channel type serving the model ('' when channels of several types serve it)."),
    completion_ratio: z.number().describe('Per token: completion tokens relative to prompt tokens; per call: 0.'),
    enable_groups: z
      .array(z.string())
      .describe("The viewer's usable groups in which an enabled channel serves the model."),
    unpriced: z.boolean().describe("Neither a price nor a ratio is set, so the viewer's calls are refused."),
  })
  .meta({ id: 'PricingItem' });

export const quotaDataRowSchema = z
  .strictObject({
    model_name: z.string(),
    created_at: epoch.describe("The bucket's start (epoch seconds)."),
    token_used: int,
    count: int,
    quota: int,
  })
  .meta({ id: 'QuotaData', description: "One model's usage in one bucket." });
