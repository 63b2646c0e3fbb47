/**
 * The settings panels (docs/options.md): which options each card shows, in order. What an option is
 * (its input, bounds, precision, choices, default) comes from the catalogue, libs/shared options.ts;
 * an entry here adds only presentation (help text, confirmation, the switch that enables it).
 */
import { checkRebatePercentage, isValidJson, type OptionKey } from '@gw/shared';
import { catalogueField, type FieldDef, type FieldLayout, type SectionDef } from './option-save';

const f = (key: OptionKey, layout?: FieldLayout): FieldDef => catalogueField(key, layout);
/** Options shown as the catalogue says, in order. */
const keys = (...list: OptionKey[]): FieldDef[] => list.map((k) => catalogueField(k));
const s = (key: string, fields: FieldDef[], validate?: SectionDef['validate']): SectionDef => ({
  key,
  titleKey: `setting.section.${key}`,
  fields,
  validate,
});

/** The thresholds of health-based routing, editable while it is on. */
const HEALTH_THRESHOLDS: OptionKey[] = [
  'ChannelHealthWindowSeconds',
  'ChannelHealthMinRequests',
  'ChannelHealthErrorRatePercent',
  'ChannelHealthLatencyMs',
  'ChannelHealthCoolDownSeconds',
  'ChannelHealthHalfOpenProbes',
];

// Operation tab
export const OPERATION_SECTIONS: SectionDef[] = [
  s('general', [
    ...keys('TopUpLink', 'general_setting.docs_link'),
    f('QuotaPerUnit', { extraKey: 'setting.quota_per_unit_warning' }),
    ...keys(
      'RetryTimes',
      'DisplayInCurrencyEnabled',
      'DisplayTokenStatEnabled',
      'DefaultCollapseSidebar',
      'DemoSiteEnabled',
      'SelfUseModeEnabled',
      'Chats',
    ),
  ]),
  s(
    'drawing',
    keys(
      'DrawingEnabled',
      'TaskEnabled',
      'MjNotifyEnabled',
      'MjAccountFilterEnabled',
      'MjForwardUrlEnabled',
      'MjModeClearEnabled',
      'MjActionCheckSuccessEnabled',
    ),
  ),
  s(
    'sensitive',
    keys(
      'CheckSensitiveEnabled',
      'CheckSensitiveOnPromptEnabled',
      'CheckSensitiveOnCompletionEnabled',
      'StopOnSensitiveEnabled',
      'SensitiveWords',
    ),
  ),
  s('log', keys('LogConsumeEnabled', 'LogChatContentEnabled', 'LogErrorEnabled')),
  s('dashboard', [
    ...keys('DataExportEnabled', 'DataExportInterval'),
    f('DataExportDefaultTime', { choiceLabels: 'setting.granularity' }),
  ]),
  s('monitor', [
    ...keys(
      'ChannelDisableThreshold',
      'QuotaRemindThreshold',
      'StreamCacheQueueLength',
      'AutomaticDisableChannelEnabled',
      'AutomaticEnableChannelEnabled',
      'AutomaticDisableKeywords',
    ),
    f('ChannelHealthEnabled', { extraKey: 'setting.channel_health_help' }),
    ...HEALTH_THRESHOLDS.map((key) => f(key, { enabledBy: 'ChannelHealthEnabled' })),
  ]),
  s('checkin', keys('CheckInEnabled', 'CheckInQuota', 'CheckInMaxQuota')),
  s('quota', keys('QuotaForNewUser', 'PreConsumedQuota', 'QuotaForInviter', 'QuotaForInvitee')),
  s('rebate', [
    f('RebateEnabled'),
    // The range has its own message ("返佣百分比必须在0到100之间").
    f('RebatePercentage', { rule: (v) => (v === undefined || v === null ? null : checkRebatePercentage(Number(v))) }),
  ]),
];

export const PRICING_JSON_SECTION = s(
  'pricing',
  keys(
    'ModelPrice',
    'ModelRatio',
    'CacheRatio',
    'CreateCacheRatio',
    'CompletionRatio',
    'AudioRatio',
    'AudioCompletionRatio',
    'UnsetModelRatio',
    'GroupRatio',
    'UserUsableGroups',
  ),
);

export const RATE_LIMIT_SECTION = s(
  'ratelimit',
  keys(
    'ModelRequestRateLimitEnabled',
    'ModelRequestRateLimitDurationMinutes',
    'ModelRequestRateLimitCount',
    'ModelRequestRateLimitSuccessCount',
  ),
);

export const MODEL_SECTIONS: SectionDef[] = [
  s('global', [
    ...keys(
      'global.pass_through_request_enabled',
      'global.hide_upstream_error_enabled',
      'global.block_browser_extension_enabled',
      'general_setting.ping_interval_enabled',
    ),
    f('general_setting.ping_interval_seconds', { enabledBy: 'general_setting.ping_interval_enabled' }),
  ]),
  s(
    'gemini',
    keys(
      'gemini.thinking_adapter_enabled',
      'gemini.thinking_adapter_budget_tokens_percentage',
      'gemini.safety_settings',
      'gemini.version_settings',
      'gemini.supported_imagine_models',
      'gemini.models_supported_thinking_budget',
    ),
  ),
  s(
    'claude',
    keys(
      'claude.thinking_adapter_enabled',
      'claude.thinking_adapter_budget_tokens_percentage',
      'claude.model_headers_settings',
      'claude.default_max_tokens',
    ),
  ),
];

// System tab
export const SYSTEM_SECTIONS: SectionDef[] = [
  s('system_general', keys('ServerAddress')),
  s('worker', keys('WorkerUrl', 'WorkerValidKey')),
  s(
    'payment',
    keys('PayAddress', 'EpayId', 'EpayKey', 'CustomCallbackAddress', 'Price', 'MinTopUp', 'TopupGroupRatio'),
    (next) => {
      if (!next.ServerAddress?.trim()) return 'setting.server_address_required';
      if (!isValidJson(next.TopupGroupRatio ?? '{}')) return 'setting.topup_group_ratio_invalid';
      return null;
    },
  ),
  s('login', [
    f('PasswordLoginEnabled', { confirmOffKey: 'setting.confirm_disable_password_login' }),
    ...keys(
      'PasswordRegisterEnabled',
      'EmailVerificationEnabled',
      'RegisterEnabled',
      'GitHubOAuthEnabled',
      'oidc.enabled',
      'LinuxDOOAuthEnabled',
      'WeChatAuthEnabled',
      'TelegramOAuthEnabled',
      'TurnstileCheckEnabled',
    ),
  ]),
  s('email_domain', keys('EmailDomainRestrictionEnabled', 'EmailAliasRestrictionEnabled', 'EmailDomainWhitelist')),
  s('smtp', keys('SMTPServer', 'SMTPPort', 'SMTPAccount', 'SMTPFrom', 'SMTPToken', 'SMTPSSLEnabled')),
  s(
    'oidc',
    keys(
      'oidc.well_known',
      'oidc.client_id',
      'oidc.client_secret',
      'oidc.authorization_endpoint',
      'oidc.token_endpoint',
      'oidc.user_info_endpoint',
    ),
  ),
  s('github', keys('GitHubClientId', 'GitHubClientSecret')),
  s('linuxdo', keys('LinuxDOClientId', 'LinuxDOClientSecret', 'LinuxDOMinimumTrustLevel')),
  s('wechat', keys('WeChatServerAddress', 'WeChatServerToken', 'WeChatAccountQRCodeImageURL')),
  s('telegram', keys('TelegramBotToken', 'TelegramBotName')),
  s('turnstile', keys('TurnstileSiteKey', 'TurnstileSecretKey')),
];

/** Other tab: each personalisation field saves on its own ("公告更新失败" and the like). */
export const PERSONALISATION_FIELDS: FieldDef[] = keys(
  'Notice',
  'SystemName',
  'Logo',
  'HomePageContent',
  'About',
  'Footer',
);
