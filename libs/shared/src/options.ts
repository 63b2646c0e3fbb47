import { parseJsonBounded } from './json-depth';
import {
  DEFAULT_AUDIO_COMPLETION_RATIO,
  DEFAULT_AUDIO_RATIO,
  DEFAULT_CACHE_RATIO,
  DEFAULT_CREATE_CACHE_RATIO,
  DEFAULT_GROUP_RATIO,
  DEFAULT_MODEL_PRICE,
  DEFAULT_MODEL_RATIO,
  DEFAULT_UNSET_MODEL_RATIO,
  DEFAULT_USER_USABLE_GROUPS,
} from './pricing-defaults';
import { checkOutboundUrl } from './outbound-url';
import { badRatioEntry } from './ratio-map';
import { GROUP_NAME_MAX } from './validation';

/**
 * The catalogue of console-editable options (docs/options.md). Values travel as strings;
 * booleans as "true"/"false". One definition serves the option service, the API and the console forms.
 */
export type OptionKind = 'bool' | 'int' | 'float' | 'string' | 'json-object' | 'json-array';

export interface OptionDef {
  kind: OptionKind;
  default: string;
  /** Never returned by GET /api/option/. */
  secret?: boolean;
  min?: number;
  max?: number;
  /** Allowed values for enumerated strings. */
  oneOf?: readonly string[];
  /** A price or ratio map: every value a finite number ≥ 0, keys of at most this length (ratio-map.ts). */
  ratioKeyMax?: number;
  /** A URL the server calls on users' behalf: public hosts only (outbound-url.ts). */
  outbound?: boolean;
  /** What a string holds, which picks the console's input: a web address, text of several lines, a comma list of domains. */
  format?: 'url' | 'multiline' | 'domains';
  /** Decimal places the console's number input keeps and its step (floats; ints keep none). */
  precision?: number;
  step?: number;
}

const bool = (v: boolean) => ({ kind: 'bool' as const, default: String(v) });
const int = (v: number, min?: number, max?: number) => ({ kind: 'int' as const, default: String(v), min, max });
const float = (v: number, min?: number, max?: number, input: { precision?: number; step?: number } = {}) => ({
  kind: 'float' as const,
  default: String(v),
  min,
  max,
  ...input,
});
const str = (v = '') => ({ kind: 'string' as const, default: v });
const url = (v = '') => ({ ...str(v), format: 'url' as const });
const lines = (v = '') => ({ ...str(v), format: 'multiline' as const });
const secret = () => ({ kind: 'string' as const, default: '', secret: true });
const obj = (v: unknown) => ({ kind: 'json-object' as const, default: JSON.stringify(v, null, 2) });
const arr = (v: unknown[]) => ({ kind: 'json-array' as const, default: JSON.stringify(v) });
const ratios = (v: unknown, keyMax = 191) => ({ ...obj(v), ratioKeyMax: keyMax });
const groupRatios = (v: unknown) => ratios(v, GROUP_NAME_MAX);
const outboundUrl = () => ({ ...url(), outbound: true });
/** The thinking-adapter budget: a share of max_tokens. */
const budgetShare = (v: number) => float(v, 0.1, 1, { precision: 2, step: 0.1 });

export const DEFAULT_AUTO_DISABLE_KEYWORDS = [
  'Your credit balance is too low',
  'This organization has been disabled.',
  'You exceeded your current quota',
  'Permission denied',
  'The security token included in the request is invalid',
  'Operation not allowed',
  'Your account is not authorized',
].join('\n');

export const OPTION_DEFS = {
  // General
  Notice: lines(),
  SystemName: str('AI Gateway'),
  Logo: str(),
  Footer: lines(),
  About: lines(),
  HomePageContent: lines(),
  ServerAddress: url('http://localhost:3000'),
  WorkerUrl: outboundUrl(),
  WorkerValidKey: secret(),
  TopUpLink: url(),
  'general_setting.docs_link': url(),
  QuotaPerUnit: float(500000, 0.000001, undefined, { precision: 6 }),
  RetryTimes: int(0, 0, 10),
  DisplayInCurrencyEnabled: bool(true),
  DisplayTokenStatEnabled: bool(true),
  DefaultCollapseSidebar: bool(false),
  DemoSiteEnabled: bool(false),
  SelfUseModeEnabled: bool(false),
  // Payment
  PayAddress: url(),
  EpayId: str(),
  EpayKey: secret(),
  CustomCallbackAddress: url(),
  Price: float(7.3, 0, undefined, { precision: 2 }),
  MinTopUp: int(1, 0),
  TopupGroupRatio: groupRatios(DEFAULT_GROUP_RATIO),
  // Login and registration
  PasswordLoginEnabled: bool(true),
  PasswordRegisterEnabled: bool(true),
  EmailVerificationEnabled: bool(false),
  RegisterEnabled: bool(true),
  TurnstileCheckEnabled: bool(false),
  TurnstileSiteKey: str(),
  TurnstileSecretKey: secret(),
  GitHubOAuthEnabled: bool(false),
  GitHubClientId: str(),
  GitHubClientSecret: secret(),
  LinuxDOOAuthEnabled: bool(false),
  LinuxDOClientId: str(),
  LinuxDOClientSecret: secret(),
  /** LinuxDO accounts below this trust level (0–4) are refused (docs/identity/third-party-sign-in.md). */
  LinuxDOMinimumTrustLevel: int(0, 0, 4),
  WeChatAuthEnabled: bool(false),
  WeChatServerAddress: url(),
  WeChatServerToken: secret(),
  WeChatAccountQRCodeImageURL: url(),
  TelegramOAuthEnabled: bool(false),
  TelegramBotToken: secret(),
  TelegramBotName: str(),
  'oidc.enabled': bool(false),
  'oidc.client_id': str(),
  'oidc.client_secret': secret(),
  'oidc.well_known': outboundUrl(),
  'oidc.authorization_endpoint': url(),
  'oidc.token_endpoint': outboundUrl(),
  'oidc.user_info_endpoint': outboundUrl(),
  // Email
  EmailDomainRestrictionEnabled: bool(false),
  EmailAliasRestrictionEnabled: bool(false),
  EmailDomainWhitelist: {
    ...str('gmail.com,163.com,126.com,qq.com,outlook.com,hotmail.com,icloud.com,yahoo.com,foxmail.com'),
    format: 'domains' as const,
  },
  SMTPServer: str(),
  SMTPPort: int(587, 1, 65535),
  SMTPAccount: str(),
  SMTPFrom: str(),
  SMTPToken: secret(),
  SMTPSSLEnabled: bool(false),
  // Drawing
  DrawingEnabled: bool(false),
  // The task log (Suno) in the console's menu; on by default as in new-api.
  TaskEnabled: bool(true),
  MjNotifyEnabled: bool(false),
  MjAccountFilterEnabled: bool(false),
  MjForwardUrlEnabled: bool(false),
  MjModeClearEnabled: bool(false),
  MjActionCheckSuccessEnabled: bool(true),
  // Sensitive words
  CheckSensitiveEnabled: bool(false),
  CheckSensitiveOnPromptEnabled: bool(true),
  CheckSensitiveOnCompletionEnabled: bool(false),
  StopOnSensitiveEnabled: bool(true),
  SensitiveWords: lines(),
  // Logging
  LogConsumeEnabled: bool(true),
  LogChatContentEnabled: bool(false),
  LogErrorEnabled: bool(false),
  // Data dashboard
  DataExportEnabled: bool(true),
  DataExportInterval: int(5, 1),
  DataExportDefaultTime: { kind: 'string' as const, default: 'hour', oneOf: ['hour', 'day', 'week'] },
  // Monitoring and channel behaviour
  StreamCacheQueueLength: int(0, 0),
  ChannelDisableThreshold: float(5, 0),
  QuotaRemindThreshold: int(1000, 0),
  AutomaticDisableChannelEnabled: bool(false),
  AutomaticEnableChannelEnabled: bool(false),
  AutomaticDisableKeywords: lines(DEFAULT_AUTO_DISABLE_KEYWORDS),
  // Health-based routing (docs/relay.md#health-based-routing); off by default: routing stays new-api's
  ChannelHealthEnabled: bool(false),
  ChannelHealthWindowSeconds: int(60, 1, 3600),
  ChannelHealthMinRequests: int(10, 1, 10_000),
  ChannelHealthErrorRatePercent: int(50, 1, 100),
  /** Mean latency (time to first byte on streams) above which a channel is skipped; 0 = not judged. */
  ChannelHealthLatencyMs: int(0, 0, 600_000),
  ChannelHealthCoolDownSeconds: int(30, 1, 86_400),
  ChannelHealthHalfOpenProbes: int(2, 1, 100),
  // Check-in
  CheckInEnabled: bool(false),
  CheckInQuota: int(10000, 0),
  CheckInMaxQuota: int(0, 0),
  // Quota
  QuotaForNewUser: int(0, 0),
  PreConsumedQuota: int(500, 0),
  QuotaForInviter: int(0, 0),
  QuotaForInvitee: int(0, 0),
  // Rebate
  RebateEnabled: bool(false),
  RebatePercentage: float(0, 0, 100, { precision: 1, step: 0.1 }),
  // Pricing
  ModelPrice: ratios(DEFAULT_MODEL_PRICE),
  ModelRatio: ratios(DEFAULT_MODEL_RATIO),
  CompletionRatio: ratios({}),
  CacheRatio: ratios(DEFAULT_CACHE_RATIO),
  /** CacheCreationRatio of the formula: prompt-cache writes (Anthropic cache_creation_input_tokens). */
  CreateCacheRatio: ratios(DEFAULT_CREATE_CACHE_RATIO),
  AudioRatio: ratios(DEFAULT_AUDIO_RATIO),
  AudioCompletionRatio: ratios(DEFAULT_AUDIO_COMPLETION_RATIO),
  /** Model ratio of unpriced models for users with accept_unset_model_ratio_model (never 0). */
  UnsetModelRatio: float(DEFAULT_UNSET_MODEL_RATIO, 0.000001, undefined, { precision: 6 }),
  GroupRatio: groupRatios(DEFAULT_GROUP_RATIO),
  UserUsableGroups: obj(DEFAULT_USER_USABLE_GROUPS),
  Chats: arr([]),
  // Model request rate limit
  ModelRequestRateLimitEnabled: bool(false),
  ModelRequestRateLimitCount: int(0, 0),
  ModelRequestRateLimitSuccessCount: int(1000, 1),
  ModelRequestRateLimitDurationMinutes: int(1, 0),
  // Gemini
  'gemini.safety_settings': obj({ default: 'OFF' }),
  'gemini.version_settings': obj({ default: 'v1beta' }),
  'gemini.supported_imagine_models': arr(['gemini-2.0-flash-exp-image-generation', 'gemini-2.0-flash-exp']),
  'gemini.thinking_adapter_enabled': bool(false),
  'gemini.thinking_adapter_budget_tokens_percentage': budgetShare(0.6),
  'gemini.models_supported_thinking_budget': arr(['gemini-2.5-flash', 'gemini-2.5-pro', 'gemini-2.5-flash-lite']),
  // Claude
  'claude.model_headers_settings': obj({}),
  'claude.default_max_tokens': obj({ default: 8192 }),
  'claude.thinking_adapter_enabled': bool(true),
  'claude.thinking_adapter_budget_tokens_percentage': budgetShare(0.8),
  // Global
  'global.pass_through_request_enabled': bool(false),
  'global.hide_upstream_error_enabled': bool(false),
  'global.block_browser_extension_enabled': bool(false),
  'general_setting.ping_interval_enabled': bool(false),
  'general_setting.ping_interval_seconds': int(60, 1),
} satisfies Record<string, OptionDef>;

export type OptionKey = keyof typeof OPTION_DEFS;
export const OPTION_KEYS = Object.keys(OPTION_DEFS) as OptionKey[];

export function isOptionKey(key: string): key is OptionKey {
  return Object.prototype.hasOwnProperty.call(OPTION_DEFS, key);
}

/** Validation failure codes; the backend maps them to localised messages, the console to its own. */
export type OptionError =
  | 'unknown_key'
  | 'not_bool'
  | 'not_number'
  | 'not_integer'
  | 'out_of_range'
  | 'not_json'
  | 'not_one_of'
  | 'bad_ratio_key'
  | 'bad_ratio_value'
  | 'url_invalid'
  | 'url_not_public'
  | 'too_long';

/**
 * Largest value an option may hold, in bytes of UTF-8: what a TEXT column keeps on MySQL / MariaDB.
 * A secret option is stored encrypted (base64 of nonce, tag and ciphertext), so its limit is lower.
 */
export const OPTION_VALUE_MAX_BYTES = 65_535;
const SECRET_OPTION_MAX_BYTES = 48_000;

export type OptionCheck = { ok: true; value: string } | { ok: false; error: OptionError; entry?: string };

/**
 * Checks a value about to be written against its definition; returns the normalised string or an
 * error code (with the offending map entry for price and ratio maps).
 */
export function validateOptionValue(key: string, raw: string): OptionCheck {
  const max =
    isOptionKey(key) && (OPTION_DEFS[key] as OptionDef).secret ? SECRET_OPTION_MAX_BYTES : OPTION_VALUE_MAX_BYTES;
  // A UTF-16 unit is at most 3 bytes of UTF-8: short values skip the encoding.
  if (raw.length * 3 > max && new TextEncoder().encode(raw).length > max) return { ok: false, error: 'too_long' };
  return checkValue(key, raw, true);
}

/**
 * `written`: the rules for new values. Stored values are read with the type and shape rules only:
 * a price map holding one bad entry from before the value rules keeps its other entries (pricing
 * skips the bad one), and outbound URLs are checked again when the server connects.
 */
function checkValue(key: string, raw: string, written: boolean): OptionCheck {
  if (!isOptionKey(key)) return { ok: false, error: 'unknown_key' };
  const def: OptionDef = OPTION_DEFS[key];
  const value = raw;
  switch (def.kind) {
    case 'bool':
      return value === 'true' || value === 'false' ? { ok: true, value } : { ok: false, error: 'not_bool' };
    case 'int':
    case 'float': {
      const trimmed = value.trim();
      const n = Number(trimmed);
      if (trimmed === '' || !Number.isFinite(n)) return { ok: false, error: 'not_number' };
      if (def.kind === 'int' && !Number.isInteger(n)) return { ok: false, error: 'not_integer' };
      if ((def.min !== undefined && n < def.min) || (def.max !== undefined && n > def.max)) {
        return { ok: false, error: 'out_of_range' };
      }
      // Quotas beyond 2^53 lose their units digits and overflow BIGINT arithmetic.
      if (def.kind === 'int' && !Number.isSafeInteger(n)) return { ok: false, error: 'out_of_range' };
      return { ok: true, value: String(n) };
    }
    case 'json-object':
    case 'json-array': {
      let parsed: unknown;
      try {
        parsed = parseJsonBounded(value);
      } catch {
        return { ok: false, error: 'not_json' };
      }
      const isArray = Array.isArray(parsed);
      const okShape = def.kind === 'json-array' ? isArray : parsed !== null && typeof parsed === 'object' && !isArray;
      if (!okShape) return { ok: false, error: 'not_json' };
      const bad = written && def.ratioKeyMax ? badRatioEntry(parsed as Record<string, unknown>, def.ratioKeyMax) : null;
      if (bad)
        return { ok: false, error: bad.problem === 'key' ? 'bad_ratio_key' : 'bad_ratio_value', entry: bad.entry };
      return { ok: true, value };
    }
    default:
      if (def.oneOf && !def.oneOf.includes(value)) return { ok: false, error: 'not_one_of' };
      if (written && def.outbound && value.trim()) {
        const problem = checkOutboundUrl(value);
        if (problem) return { ok: false, error: problem === 'not_public' ? 'url_not_public' : 'url_invalid' };
      }
      return { ok: true, value };
  }
}

export const SECRET_OPTION_KEYS = OPTION_KEYS.filter((k) => (OPTION_DEFS[k] as OptionDef).secret);

type ValueOf<D> = D extends { kind: 'bool' }
  ? boolean
  : D extends { kind: 'int' | 'float' }
    ? number
    : D extends { kind: 'json-object' }
      ? Readonly<Record<string, unknown>>
      : D extends { kind: 'json-array' }
        ? readonly unknown[]
        : string;

/** Every option as its typed value: what modules read instead of raw strings. */
export type Settings = { readonly [K in OptionKey]: ValueOf<(typeof OPTION_DEFS)[K]> };

/** Parses a stored string by its definition; a value that does not validate yields the default. */
export function parseOptionValue<K extends OptionKey>(key: K, raw: string | null | undefined): Settings[K] {
  const def: OptionDef = OPTION_DEFS[key];
  const checked = raw == null ? null : checkValue(key, raw, false);
  const value = checked && checked.ok ? checked.value : def.default;
  switch (def.kind) {
    case 'bool':
      return (value === 'true') as Settings[K];
    case 'int':
    case 'float':
      return Number(value) as Settings[K];
    case 'json-object':
    case 'json-array':
      return JSON.parse(value) as Settings[K];
    default:
      return value as Settings[K];
  }
}

/** Builds a frozen settings snapshot from stored raw values (missing keys take their defaults). */
export function buildSettings(raw: Readonly<Record<string, string | null | undefined>>): Settings {
  const out: Record<string, unknown> = {};
  for (const key of OPTION_KEYS) out[key] = parseOptionValue(key, raw[key]);
  return Object.freeze(out) as Settings;
}
