/** The settings panels (docs/options.md) for the options that exist in OPTION_DEFS. */
import { checkRebatePercentage, isValidJson, type OptionKey } from '@gw/shared';
import type { FieldDef, FieldKind, SectionDef } from './option-save';

const f = (key: OptionKey, kind: FieldKind, more: Partial<FieldDef> = {}): FieldDef => ({ key, kind, ...more });
const sw = (...keys: OptionKey[]) => keys.map((k) => f(k, 'switch'));
const s = (key: string, fields: FieldDef[], validate?: SectionDef['validate']): SectionDef => ({
  key,
  titleKey: `setting.section.${key}`,
  fields,
  validate,
});

// Operation tab
export const OPERATION_SECTIONS: SectionDef[] = [
  s('general', [
    f('TopUpLink', 'url'),
    f('general_setting.docs_link', 'url'),
    f('QuotaPerUnit', 'number', { min: 0.000001, precision: 6, extraKey: 'setting.quota_per_unit_warning' }),
    f('RetryTimes', 'number', { min: 0, max: 10, precision: 0 }),
    ...sw('DisplayInCurrencyEnabled', 'DisplayTokenStatEnabled', 'DefaultCollapseSidebar', 'DemoSiteEnabled', 'SelfUseModeEnabled'),
    f('Chats', 'json'),
  ]),
  s('drawing', sw('DrawingEnabled', 'MjNotifyEnabled', 'MjAccountFilterEnabled', 'MjForwardUrlEnabled', 'MjModeClearEnabled', 'MjActionCheckSuccessEnabled')),
  s('sensitive', [
    ...sw('CheckSensitiveEnabled', 'CheckSensitiveOnPromptEnabled', 'CheckSensitiveOnCompletionEnabled', 'StopOnSensitiveEnabled'),
    f('SensitiveWords', 'textarea'),
  ]),
  s('log', sw('LogConsumeEnabled', 'LogChatContentEnabled', 'LogErrorEnabled')),
  s('dashboard', [
    f('DataExportEnabled', 'switch'),
    f('DataExportInterval', 'number', { min: 1, precision: 0 }),
    f('DataExportDefaultTime', 'select', {
      options: [
        { value: 'hour', labelKey: 'setting.granularity.hour' },
        { value: 'day', labelKey: 'setting.granularity.day' },
        { value: 'week', labelKey: 'setting.granularity.week' },
      ],
    }),
  ]),
  s('monitor', [
    f('ChannelDisableThreshold', 'number', { min: 0 }),
    f('QuotaRemindThreshold', 'number', { min: 0, precision: 0 }),
    f('StreamCacheQueueLength', 'number', { min: 0, precision: 0 }),
    ...sw('AutomaticDisableChannelEnabled', 'AutomaticEnableChannelEnabled'),
    f('AutomaticDisableKeywords', 'textarea'),
  ]),
  s('checkin', [f('CheckInEnabled', 'switch'), f('CheckInQuota', 'number', { min: 0, precision: 0 }), f('CheckInMaxQuota', 'number', { min: 0, precision: 0 })]),
  s('quota', [
    f('QuotaForNewUser', 'number', { min: 0, precision: 0 }),
    f('PreConsumedQuota', 'number', { min: 0, precision: 0 }),
    f('QuotaForInviter', 'number', { min: 0, precision: 0 }),
    f('QuotaForInvitee', 'number', { min: 0, precision: 0 }),
  ]),
  s('rebate', [
    f('RebateEnabled', 'switch'),
    f('RebatePercentage', 'number', { min: 0, max: 100, step: 0.1, precision: 1, rule: (v) => (v === undefined || v === null ? null : checkRebatePercentage(Number(v))) }),
  ]),
];

export const PRICING_JSON_SECTION = s('pricing', [
  f('ModelPrice', 'json'),
  f('ModelRatio', 'json'),
  f('CacheRatio', 'json'),
  f('CreateCacheRatio', 'json'),
  f('CompletionRatio', 'json'),
  f('AudioRatio', 'json'),
  f('AudioCompletionRatio', 'json'),
  f('UnsetModelRatio', 'number', { min: 0.000001, precision: 6 }),
  f('GroupRatio', 'json'),
  f('UserUsableGroups', 'json'),
]);

export const RATE_LIMIT_SECTION = s('ratelimit', [
  f('ModelRequestRateLimitEnabled', 'switch'),
  f('ModelRequestRateLimitDurationMinutes', 'number', { min: 0, precision: 0 }),
  f('ModelRequestRateLimitCount', 'number', { min: 0, precision: 0 }),
  f('ModelRequestRateLimitSuccessCount', 'number', { min: 1, precision: 0 }),
]);

const budget = { min: 0.1, max: 1, step: 0.1, precision: 2 };
export const MODEL_SECTIONS: SectionDef[] = [
  s('global', [
    ...sw('global.pass_through_request_enabled', 'global.hide_upstream_error_enabled', 'global.block_browser_extension_enabled', 'general_setting.ping_interval_enabled'),
    f('general_setting.ping_interval_seconds', 'number', { min: 1, precision: 0, enabledBy: 'general_setting.ping_interval_enabled' }),
  ]),
  s('gemini', [
    f('gemini.thinking_adapter_enabled', 'switch'),
    f('gemini.thinking_adapter_budget_tokens_percentage', 'number', budget),
    f('gemini.safety_settings', 'json'),
    f('gemini.version_settings', 'json'),
    f('gemini.supported_imagine_models', 'json'),
    f('gemini.models_supported_thinking_budget', 'json'),
  ]),
  s('claude', [
    f('claude.thinking_adapter_enabled', 'switch'),
    f('claude.thinking_adapter_budget_tokens_percentage', 'number', budget),
    f('claude.model_headers_settings', 'json'),
    f('claude.default_max_tokens', 'json'),
  ]),
];

// System tab
export const SYSTEM_SECTIONS: SectionDef[] = [
  s('system_general', [f('ServerAddress', 'url')]),
  s('worker', [f('WorkerUrl', 'url'), f('WorkerValidKey', 'secret')]),
  s(
    'payment',
    [
      f('PayAddress', 'url'),
      f('EpayId', 'text'),
      f('EpayKey', 'secret'),
      f('CustomCallbackAddress', 'url'),
      f('Price', 'number', { min: 0, precision: 2 }),
      f('MinTopUp', 'number', { min: 0, precision: 0 }),
      f('TopupGroupRatio', 'json'),
    ],
    (next) => {
      if (!next.ServerAddress?.trim()) return 'setting.server_address_required';
      if (!isValidJson(next.TopupGroupRatio ?? '{}')) return 'setting.topup_group_ratio_invalid';
      return null;
    },
  ),
  s('login', [
    f('PasswordLoginEnabled', 'switch', { confirmOffKey: 'setting.confirm_disable_password_login' }),
    ...sw(
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
  s('email_domain', [...sw('EmailDomainRestrictionEnabled', 'EmailAliasRestrictionEnabled'), f('EmailDomainWhitelist', 'domains')]),
  s('smtp', [
    f('SMTPServer', 'text'),
    f('SMTPPort', 'number', { min: 1, max: 65535, precision: 0 }),
    f('SMTPAccount', 'text'),
    f('SMTPFrom', 'text'),
    f('SMTPToken', 'secret'),
    f('SMTPSSLEnabled', 'switch'),
  ]),
  s('oidc', [
    f('oidc.well_known', 'url'),
    f('oidc.client_id', 'text'),
    f('oidc.client_secret', 'secret'),
    f('oidc.authorization_endpoint', 'url'),
    f('oidc.token_endpoint', 'url'),
    f('oidc.user_info_endpoint', 'url'),
  ]),
  s('github', [f('GitHubClientId', 'text'), f('GitHubClientSecret', 'secret')]),
  s('linuxdo', [f('LinuxDOClientId', 'text'), f('LinuxDOClientSecret', 'secret')]),
  s('wechat', [f('WeChatServerAddress', 'url'), f('WeChatServerToken', 'secret'), f('WeChatAccountQRCodeImageURL', 'url')]),
  s('telegram', [f('TelegramBotToken', 'secret'), f('TelegramBotName', 'text')]),
  s('turnstile', [f('TurnstileSiteKey', 'text'), f('TurnstileSecretKey', 'secret')]),
];

/** Other tab: each personalisation field saves on its own ("公告更新失败" and the like). */
export const PERSONALISATION_FIELDS: FieldDef[] = [
  f('Notice', 'textarea'),
  f('SystemName', 'text'),
  f('Logo', 'text'),
  f('HomePageContent', 'textarea'),
  f('About', 'textarea'),
  f('Footer', 'textarea'),
];
