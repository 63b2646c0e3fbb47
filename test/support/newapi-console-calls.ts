/**
 * The distinct `/api` calls new-api's web console (`web/classic/src`, mid-2026) makes, one entry per method and
 * path (queries folded into one representative call), gathered from its `API.get/post/put/delete/patch` calls and
 * the URLs its hooks build. Each entry names the answer new-api gives (envelope `{success, message, data}` and the
 * data's key fields the console reads) and what this gateway does with it (docs/newapi-compat.md):
 *
 * - `served`: answered in that shape, replayed by test/api/newapi-console-replay.test.ts;
 * - `differs: <why>`: served, but the answer's shape is not new-api's (replayed against our shape);
 * - `left-out: <why>`: a feature outside this product: a clean 404 envelope.
 *
 * Placeholders in paths and bodies are filled by the replay from its seeded data: {channel} {channel_del}
 * {channel_tag} {tag} {upstream} {token} {token_del} {user} {username} {redemption} (a code) {redemption_id}
 * {redemption_del} {start} {end} {unique}.
 */
export type Caller = 'public' | 'user' | 'admin' | 'root' | 'fresh';
export type CallStatus = 'served' | `differs: ${string}` | `left-out: ${string}`;
/** What `data` is: a page `{items,total,page,page_size}`, a list, an object, a scalar, or nothing. */
export type DataShape = 'paged' | 'list' | 'object' | 'string' | 'number' | 'none' | 'any';

export interface ConsoleCall {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  path: string;
  /** The caller the console would be signed in as; `fresh` = a new user made for this call. */
  as: Caller;
  body?: unknown;
  data: DataShape;
  /** Keys of `data` (object) or of its items (paged, list) the console reads. */
  keys?: readonly string[];
  /** Fields the console reads beside `data` in the envelope (new-api's top-level `url` of /api/user/pay). */
  beside?: readonly string[];
  /** Success depends on what lives outside the gateway (mail, a provider, a first run): envelope only. */
  envelopeOnly?: boolean;
  /** A left-out path that lands on one of this product's own routes (another meaning): not a 404. */
  collides?: boolean;
  status: CallStatus;
}

const OUT = {
  subscriptions: 'left-out: subscription plans are a new-api feature outside this product',
  deployments: 'left-out: model deployment (io.net) is outside this product',
  performance: 'left-out: the performance tab (disk cache, GC, log files) is outside this product',
  passkeys: 'left-out: passkeys are outside this product',
  twoFa: 'left-out: two-factor sign-in is outside this product',
  verify: 'left-out: secure verification needs 2FA or a passkey, outside this product',
  catalogue: 'left-out: the model catalogue (metadata, vendors, upstream sync) is outside this product',
  customOAuth: 'left-out: custom OAuth providers are outside this product',
  gateways: 'left-out: only Epay exists here (no Stripe, Creem or Waffo)',
  codexOllama: 'left-out: Codex OAuth channels and Ollama model management are outside this product',
  upstreamUpdates: 'left-out: upstream model-update detection is outside this product',
  affinity: 'left-out: channel affinity caching is outside this product',
  ratioSync: 'left-out: ratio sync between deployments is outside this product',
  legal: 'left-out: user agreement and privacy policy pages are not in this product',
  uptime: 'left-out: Uptime Kuma status is outside this product',
  tokenBatch: 'left-out: tokens are deleted and read one at a time here',
  adminBindings: 'left-out: admins clearing users’ third-party bindings is not in this product',
  topupAdmin: 'left-out: the admin top-up ledger and manual completion are not in this product',
  prefillEdit: 'left-out: presets are read from the pricing options, not kept as editable records',
  tagModels: 'left-out: the tag editor here starts from the tag’s fields, not a model read-back',
  migrate: 'left-out: a one-off migration of new-api’s own console settings',
  checkIn: 'left-out: the spec names check-in GET /api/user/check_in_status and POST /api/user/check_in',
  emailBind: 'left-out: the spec binds an e-mail with GET /api/oauth/email/bind?email=&code=',
  weChatBind: 'left-out: the spec binds WeChat with GET /api/oauth/wechat/bind?code=',
  redemptionInvalid: 'left-out: the spec names it DELETE /api/redemption/delete-disabled',
} as const;

const PAGED = 'paged' as const;
const USER_KEYS = ['id', 'username', 'display_name', 'role', 'status', 'group', 'quota', 'used_quota', 'request_count'];
const CHANNEL_KEYS = ['id', 'type', 'name', 'status', 'models', 'group', 'priority', 'weight', 'base_url', 'tag'];
const TOKEN_KEYS = ['id', 'name', 'key', 'status', 'remain_quota', 'used_quota', 'unlimited_quota', 'expired_time'];
const REDEMPTION_KEYS = ['id', 'name', 'key', 'status', 'quota', 'created_time'];
const LOG_KEYS = ['id', 'type', 'created_at', 'content', 'quota'];
const TIME = 'start_timestamp={start}&end_timestamp={end}';
/** The channel editor's body in new-api's shape (EditChannelModal: `{mode, channel}`). */
const NEWAPI_CHANNEL = {
  mode: 'single',
  channel: { name: 'replay-{unique}', type: 1, key: 'sk-up-{unique}', base_url: '', models: 'gpt-4o', group: 'default', model_mapping: '', status_code_mapping: '', setting: 'null', param_override: '', tag: '', priority: 0, weight: 0, auto_ban: 1, other: '' },
};

export const NEWAPI_CONSOLE_CALLS: readonly ConsoleCall[] = [
  // Shell, home, setup (components/layout, pages/Home, pages/About, components/setup)
  { method: 'GET', path: '/api/status', as: 'public', data: 'object', keys: ['system_name', 'quota_per_unit', 'turnstile_check', 'version'], status: 'served' },
  { method: 'GET', path: '/api/notice', as: 'public', data: 'string', status: 'served' },
  { method: 'GET', path: '/api/about', as: 'public', data: 'string', status: 'served' },
  { method: 'GET', path: '/api/home_page_content', as: 'public', data: 'string', status: 'served' },
  { method: 'GET', path: '/api/user-agreement', as: 'public', data: 'string', status: OUT.legal },
  { method: 'GET', path: '/api/privacy-policy', as: 'public', data: 'string', status: OUT.legal },
  { method: 'GET', path: '/api/setup', as: 'public', data: 'object', keys: ['status', 'root_init', 'database_type'], status: 'served' },
  { method: 'POST', path: '/api/setup', as: 'public', body: { username: 'root', password: 'x', confirmPassword: 'x' }, data: 'none', envelopeOnly: true, status: 'served' },
  { method: 'GET', path: '/api/pricing', as: 'public', data: 'list', keys: ['model_name', 'quota_type', 'model_ratio'], status: 'served' },
  { method: 'GET', path: '/api/uptime/status', as: 'user', data: 'list', status: OUT.uptime },
  { method: 'GET', path: '/api/ratio_config', as: 'public', data: 'object', status: OUT.ratioSync },
  // Sign-in, registration, reset (components/auth)
  { method: 'POST', path: '/api/user/login?turnstile=', as: 'public', body: { username: '{username}', password: 'user-pass-1' }, data: 'object', keys: ['id', 'username', 'role', 'status', 'group'], status: 'served' },
  { method: 'POST', path: '/api/user/register?turnstile=', as: 'public', body: { username: 'rg{unique}', password: 'user-pass-1', password2: 'user-pass-1', email: '', verification_code: '', aff_code: '' }, data: 'none', status: 'served' },
  { method: 'GET', path: '/api/user/logout', as: 'fresh', data: 'none', status: 'served' },
  { method: 'GET', path: '/api/verification?email=a%40example.com&turnstile=', as: 'public', data: 'none', envelopeOnly: true, status: 'served' },
  { method: 'GET', path: '/api/reset_password?email=a%40example.com&turnstile=', as: 'public', data: 'none', envelopeOnly: true, status: 'served' },
  { method: 'POST', path: '/api/user/reset', as: 'public', body: { email: 'a@example.com', token: 'x' }, data: 'string', envelopeOnly: true, status: 'served' },
  { method: 'GET', path: '/api/oauth/state', as: 'public', data: 'string', status: 'served' },
  { method: 'GET', path: '/api/oauth/github?code=x&state=y', as: 'public', data: 'object', envelopeOnly: true, status: 'served' },
  { method: 'GET', path: '/api/oauth/wechat?code=x', as: 'public', data: 'object', envelopeOnly: true, status: 'served' },
  { method: 'GET', path: '/api/oauth/telegram/login?id=1&hash=x', as: 'public', data: 'object', envelopeOnly: true, status: 'served' },
  { method: 'POST', path: '/api/user/login/2fa', as: 'public', body: { code: '123456' }, data: 'object', status: OUT.twoFa },
  { method: 'POST', path: '/api/user/passkey/login/begin', as: 'public', data: 'object', status: OUT.passkeys },
  { method: 'POST', path: '/api/user/passkey/login/finish', as: 'public', body: {}, data: 'object', status: OUT.passkeys },
  // Personal settings (components/settings/PersonalSetting, personal/cards, TwoFASetting)
  { method: 'GET', path: '/api/user/self', as: 'user', data: 'object', keys: [...USER_KEYS, 'email', 'github_id', 'aff_code'], status: 'served' },
  { method: 'PUT', path: '/api/user/self', as: 'user', body: { display_name: 'Replay' }, data: 'none', status: 'served' },
  { method: 'DELETE', path: '/api/user/self', as: 'fresh', data: 'none', status: 'served' },
  { method: 'GET', path: '/api/user/token', as: 'user', data: 'string', status: 'served' },
  { method: 'PUT', path: '/api/user/setting', as: 'user', body: { notify_type: 'email', quota_warning_threshold: 500000, webhook_url: '', webhook_secret: '', notification_email: '', accept_unset_model_ratio_model: false }, data: 'none', status: 'served' },
  { method: 'GET', path: '/api/user/models', as: 'user', data: 'list', status: 'served' },
  { method: 'GET', path: '/api/user/self/groups', as: 'user', data: 'object', status: 'served' },
  { method: 'GET', path: '/api/user/oauth/bindings', as: 'user', data: 'list', status: 'served' },
  { method: 'DELETE', path: '/api/user/oauth/bindings/1', as: 'user', data: 'none', status: OUT.customOAuth },
  { method: 'POST', path: '/api/oauth/email/bind', as: 'user', body: { email: 'a@example.com', code: '123456' }, data: 'none', status: OUT.emailBind },
  { method: 'POST', path: '/api/oauth/wechat/bind', as: 'user', body: { code: 'x' }, data: 'none', status: OUT.weChatBind },
  { method: 'GET', path: '/api/oauth/telegram/bind?id=1&hash=x', as: 'user', data: 'none', envelopeOnly: true, status: 'served' },
  { method: 'GET', path: '/api/user/checkin?month=2026-01', as: 'user', data: 'object', status: OUT.checkIn },
  { method: 'POST', path: '/api/user/checkin?turnstile=', as: 'user', data: 'object', status: OUT.checkIn },
  { method: 'GET', path: '/api/user/passkey', as: 'user', data: 'object', status: OUT.passkeys },
  { method: 'DELETE', path: '/api/user/passkey', as: 'user', data: 'none', status: OUT.passkeys },
  { method: 'POST', path: '/api/user/passkey/register/begin', as: 'user', data: 'object', status: OUT.passkeys },
  { method: 'POST', path: '/api/user/passkey/register/finish', as: 'user', body: {}, data: 'none', status: OUT.passkeys },
  { method: 'POST', path: '/api/user/passkey/verify/begin', as: 'user', data: 'object', status: OUT.passkeys },
  { method: 'POST', path: '/api/user/passkey/verify/finish', as: 'user', body: {}, data: 'none', status: OUT.passkeys },
  { method: 'GET', path: '/api/user/2fa/status', as: 'user', data: 'object', status: OUT.twoFa },
  { method: 'POST', path: '/api/user/2fa/setup', as: 'user', data: 'object', status: OUT.twoFa },
  { method: 'POST', path: '/api/user/2fa/enable', as: 'user', body: { code: '123456' }, data: 'none', status: OUT.twoFa },
  { method: 'POST', path: '/api/user/2fa/disable', as: 'user', body: { code: '123456' }, data: 'none', status: OUT.twoFa },
  { method: 'POST', path: '/api/user/2fa/backup_codes', as: 'user', body: { code: '123456' }, data: 'object', status: OUT.twoFa },
  { method: 'POST', path: '/api/verify', as: 'user', body: { method: '2fa', code: '123456' }, data: 'object', status: OUT.verify },
  // Wallet (components/topup)
  { method: 'GET', path: '/api/user/topup/info', as: 'user', data: 'object', keys: ['enable_online_topup', 'pay_methods', 'min_topup', 'amount_options', 'discount', 'topup_link'], status: 'served' },
  { method: 'GET', path: '/api/user/aff', as: 'user', data: 'string', status: 'served' },
  { method: 'POST', path: '/api/user/aff_transfer', as: 'user', body: { quota: 1 }, data: 'none', envelopeOnly: true, status: 'served' },
  { method: 'POST', path: '/api/user/amount', as: 'user', body: { amount: 10 }, data: 'string', status: 'served' },
  { method: 'POST', path: '/api/user/pay', as: 'user', body: { amount: 10, payment_method: 'zfb' }, data: 'object', keys: ['pid', 'sign'], beside: ['url'], status: 'served' },
  { method: 'POST', path: '/api/user/topup', as: 'user', body: { key: '{redemption}' }, data: 'object', keys: ['quota', 'is_gift'], status: 'differs: the spec answers {quota, is_gift}; new-api answers the quota alone' },
  { method: 'GET', path: '/api/user/topup/self?p=0&page_size=10', as: 'user', data: PAGED, status: 'served' },
  { method: 'GET', path: '/api/user/topup?p=0&page_size=10', as: 'admin', data: PAGED, status: OUT.topupAdmin },
  { method: 'POST', path: '/api/user/topup/complete', as: 'admin', body: { trade_no: 'x' }, data: 'none', status: OUT.topupAdmin },
  { method: 'POST', path: '/api/user/stripe/amount', as: 'user', body: { amount: 10 }, data: 'string', status: OUT.gateways },
  { method: 'POST', path: '/api/user/stripe/pay', as: 'user', body: { amount: 10, payment_method: 'stripe' }, data: 'object', status: OUT.gateways },
  { method: 'POST', path: '/api/user/creem/pay', as: 'user', body: { product_id: 'x' }, data: 'object', status: OUT.gateways },
  { method: 'POST', path: '/api/user/waffo/pay', as: 'user', body: { amount: 10 }, data: 'object', status: OUT.gateways },
  { method: 'GET', path: '/api/subscription/plans', as: 'user', data: 'list', status: OUT.subscriptions },
  { method: 'GET', path: '/api/subscription/self', as: 'user', data: 'object', status: OUT.subscriptions },
  { method: 'PUT', path: '/api/subscription/self/preference', as: 'user', body: { billing_preference: 'wallet_first' }, data: 'none', status: OUT.subscriptions },
  { method: 'POST', path: '/api/subscription/epay/pay', as: 'user', body: { plan_id: 1, payment_method: 'alipay' }, data: 'object', status: OUT.subscriptions },
  { method: 'POST', path: '/api/subscription/stripe/pay', as: 'user', body: { plan_id: 1 }, data: 'object', status: OUT.subscriptions },
  { method: 'POST', path: '/api/subscription/creem/pay', as: 'user', body: { plan_id: 1 }, data: 'object', status: OUT.subscriptions },
  // Tokens (hooks/tokens, helpers/token.js, components/table/tokens)
  { method: 'GET', path: '/api/token/?p=1&size=1', as: 'user', data: PAGED, keys: TOKEN_KEYS, status: 'served' },
  { method: 'GET', path: '/api/token/search?keyword=&token=&p=1&size=1', as: 'user', data: PAGED, keys: TOKEN_KEYS, status: 'served' },
  { method: 'GET', path: '/api/token/{token}', as: 'user', data: 'object', keys: TOKEN_KEYS, status: 'served' },
  { method: 'POST', path: '/api/token/{token}/key', as: 'user', data: 'object', keys: ['key'], status: 'served' },
  { method: 'POST', path: '/api/token/', as: 'user', body: { name: 'replay', remain_quota: 500000, expired_time: -1, unlimited_quota: false, model_limits_enabled: false, model_limits: '', allow_ips: '', group: '' }, data: 'any', status: 'served' },
  { method: 'PUT', path: '/api/token/', as: 'user', body: { id: '{token}', name: 'replay-renamed', remain_quota: 500000, expired_time: -1, unlimited_quota: false, model_limits_enabled: false, model_limits: '', allow_ips: '', group: '' }, data: 'object', keys: TOKEN_KEYS, status: 'served' },
  { method: 'PUT', path: '/api/token/?status_only=true', as: 'user', body: { id: '{token}', status: 1 }, data: 'object', keys: TOKEN_KEYS, status: 'served' },
  { method: 'DELETE', path: '/api/token/{token_del}/', as: 'user', data: 'none', status: 'served' },
  { method: 'POST', path: '/api/token/batch', as: 'user', body: { ids: [999999] }, data: 'number', status: OUT.tokenBatch },
  { method: 'POST', path: '/api/token/batch/keys', as: 'user', body: { ids: [999999] }, data: 'object', status: OUT.tokenBatch },
  // Usage logs, drawing and task logs, dashboard (hooks/usage-logs, mj-logs, task-logs, dashboard)
  { method: 'GET', path: `/api/log/?p=1&page_size=10&type=0&username=&token_name=&model_name=&${TIME}&channel=&group=&request_id=`, as: 'admin', data: PAGED, keys: LOG_KEYS, status: 'served' },
  { method: 'GET', path: `/api/log/stat?type=0&username=&token_name=&model_name=&${TIME}&channel=&group=`, as: 'admin', data: 'object', keys: ['quota'], status: 'served' },
  { method: 'GET', path: `/api/log/self/?p=1&page_size=10&type=0&token_name=&model_name=&${TIME}&group=&request_id=`, as: 'user', data: PAGED, keys: LOG_KEYS, status: 'served' },
  { method: 'GET', path: `/api/log/self/stat?type=0&token_name=&model_name=&${TIME}&group=`, as: 'user', data: 'object', keys: ['quota'], status: 'served' },
  { method: 'DELETE', path: '/api/log/?target_timestamp=1', as: 'admin', data: 'number', status: 'served' },
  { method: 'GET', path: '/api/log/channel_affinity_usage_cache', as: 'admin', data: 'object', status: OUT.affinity },
  { method: 'GET', path: `/api/mj/?p=1&page_size=10&channel_id=&mj_id=&${TIME}`, as: 'admin', data: PAGED, status: 'served' },
  { method: 'GET', path: `/api/mj/self/?p=1&page_size=10&mj_id=&${TIME}`, as: 'user', data: PAGED, status: 'served' },
  { method: 'GET', path: `/api/task/?p=1&page_size=10&channel_id=&task_id=&${TIME}`, as: 'admin', data: PAGED, status: 'served' },
  { method: 'GET', path: `/api/task/self?p=1&page_size=10&task_id=&${TIME}`, as: 'user', data: PAGED, status: 'served' },
  { method: 'GET', path: `/api/data/?username=&${TIME}&default_time=hour`, as: 'admin', data: 'list', status: 'served' },
  { method: 'GET', path: `/api/data/self/?${TIME}&default_time=hour`, as: 'user', data: 'list', status: 'served' },
  // Channels (hooks/channels, components/table/channels)
  { method: 'GET', path: '/api/channel/?p=1&page_size=10&id_sort=false&tag_mode=false', as: 'admin', data: 'object', keys: ['items', 'total', 'type_counts'], status: 'served' },
  { method: 'GET', path: '/api/channel/search?keyword=&group=&model=&id_sort=false&tag_mode=false&p=1&page_size=10', as: 'admin', data: 'object', keys: ['items', 'total', 'type_counts'], status: 'served' },
  { method: 'GET', path: '/api/channel/{channel}', as: 'admin', data: 'object', keys: CHANNEL_KEYS, status: 'served' },
  { method: 'POST', path: '/api/channel/', as: 'admin', body: NEWAPI_CHANNEL, data: 'any', status: 'served' },
  { method: 'PUT', path: '/api/channel/', as: 'admin', body: { ...NEWAPI_CHANNEL.channel, id: '{channel}', name: 'replay-edited', key: '', base_url: '{upstream}' }, data: 'object', keys: CHANNEL_KEYS, status: 'served' },
  { method: 'DELETE', path: '/api/channel/{channel_del}/', as: 'admin', data: 'none', status: 'served' },
  { method: 'POST', path: '/api/channel/copy/{channel}', as: 'admin', body: {}, data: 'object', keys: ['id'], status: 'served' },
  { method: 'POST', path: '/api/channel/{channel}/key', as: 'root', data: 'object', keys: ['key'], status: 'served' },
  { method: 'POST', path: '/api/channel/batch', as: 'admin', body: { ids: [999999] }, data: 'number', status: 'served' },
  { method: 'POST', path: '/api/channel/batch/tag', as: 'admin', body: { ids: ['{channel_tag}'], tag: '{tag}' }, data: 'any', status: 'served' },
  { method: 'DELETE', path: '/api/channel/disabled', as: 'admin', data: 'number', status: 'served' },
  { method: 'POST', path: '/api/channel/fix', as: 'admin', data: 'any', status: 'served' },
  { method: 'PUT', path: '/api/channel/tag', as: 'admin', body: { tag: '{tag}', new_tag: '', priority: null, weight: null }, data: 'none', status: 'served' },
  { method: 'POST', path: '/api/channel/tag/enabled', as: 'admin', body: { tag: '{tag}' }, data: 'none', status: 'served' },
  { method: 'POST', path: '/api/channel/tag/disabled', as: 'admin', body: { tag: '{tag}' }, data: 'none', status: 'served' },
  { method: 'GET', path: '/api/channel/tag/models?tag={tag}', as: 'admin', data: 'string', status: OUT.tagModels },
  { method: 'GET', path: '/api/channel/models', as: 'admin', data: 'list', keys: ['id'], status: 'served' },
  { method: 'GET', path: '/api/channel/models_enabled', as: 'admin', data: 'list', status: 'served' },
  { method: 'GET', path: '/api/channel/fetch_models/{channel}', as: 'admin', data: 'list', status: 'served' },
  { method: 'POST', path: '/api/channel/fetch_models', as: 'root', body: { base_url: '{upstream}', type: 1, key: 'up-replay' }, data: 'list', status: 'served' },
  { method: 'GET', path: '/api/channel/test', as: 'admin', data: 'none', status: 'served' },
  { method: 'GET', path: '/api/channel/test/{channel}?model=gpt-4o', as: 'admin', data: 'object', keys: ['time'], status: 'served' },
  { method: 'GET', path: '/api/channel/update_balance', as: 'admin', data: 'none', envelopeOnly: true, status: 'served' },
  { method: 'GET', path: '/api/channel/update_balance/{channel}/', as: 'admin', data: 'any', envelopeOnly: true, status: 'served' },
  { method: 'POST', path: '/api/channel/multi_key/manage', as: 'admin', body: { channel_id: 1, action: 'get_key_status' }, data: 'object', keys: ['keys', 'total', 'enabled_count', 'auto_disabled_count'], status: 'served' },
  { method: 'GET', path: '/api/channel/ollama/version/{channel}', as: 'admin', data: 'object', status: OUT.codexOllama },
  { method: 'POST', path: '/api/channel/ollama/pull/stream', as: 'admin', body: { channel_id: 1, model_name: 'x' }, data: 'none', status: OUT.codexOllama },
  { method: 'DELETE', path: '/api/channel/ollama/delete', as: 'admin', data: 'none', status: OUT.codexOllama },
  { method: 'POST', path: '/api/channel/codex/oauth/start', as: 'admin', data: 'object', status: OUT.codexOllama },
  { method: 'POST', path: '/api/channel/codex/oauth/complete', as: 'admin', body: { input: 'x' }, data: 'object', status: OUT.codexOllama },
  { method: 'POST', path: '/api/channel/{channel}/codex/refresh', as: 'admin', data: 'object', status: OUT.codexOllama },
  { method: 'GET', path: '/api/channel/{channel}/codex/usage', as: 'admin', data: 'object', status: OUT.codexOllama },
  { method: 'POST', path: '/api/channel/upstream_updates/detect', as: 'admin', body: { id: 1 }, data: 'object', status: OUT.upstreamUpdates },
  { method: 'POST', path: '/api/channel/upstream_updates/detect_all', as: 'admin', data: 'object', status: OUT.upstreamUpdates },
  { method: 'POST', path: '/api/channel/upstream_updates/apply', as: 'admin', body: { id: 1 }, data: 'object', status: OUT.upstreamUpdates },
  { method: 'POST', path: '/api/channel/upstream_updates/apply_all', as: 'admin', data: 'object', status: OUT.upstreamUpdates },
  { method: 'GET', path: '/api/prefill_group?type=model', as: 'admin', data: 'list', keys: ['id', 'name', 'type', 'items'], status: 'served' },
  { method: 'POST', path: '/api/prefill_group', as: 'admin', body: { name: 'x', type: 'model', items: ['gpt-4o'] }, data: 'object', status: OUT.prefillEdit },
  { method: 'PUT', path: '/api/prefill_group', as: 'admin', body: { id: 1, name: 'x', type: 'model', items: ['gpt-4o'] }, data: 'object', status: OUT.prefillEdit },
  { method: 'DELETE', path: '/api/prefill_group/1', as: 'admin', data: 'none', status: OUT.prefillEdit },
  { method: 'GET', path: '/api/models', as: 'admin', data: 'object', status: 'served' },
  { method: 'GET', path: '/api/group/', as: 'admin', data: 'list', status: 'served' },
  // Users (hooks/users, components/table/users)
  { method: 'GET', path: '/api/user/?p=1&page_size=10', as: 'admin', data: PAGED, keys: USER_KEYS, status: 'served' },
  { method: 'GET', path: '/api/user/search?keyword=&group=&p=1&page_size=10', as: 'admin', data: PAGED, keys: USER_KEYS, status: 'served' },
  { method: 'GET', path: '/api/user/{user}', as: 'admin', data: 'object', keys: USER_KEYS, status: 'served' },
  { method: 'POST', path: '/api/user/', as: 'admin', body: { username: 'ad{unique}', display_name: 'Replay', password: 'user-pass-1', remark: '' }, data: 'none', status: 'served' },
  { method: 'PUT', path: '/api/user/', as: 'admin', body: { id: '{user}', username: '{username}', display_name: 'Replay', password: '', group: 'default', quota: 500000, remark: '' }, data: 'any', status: 'served' },
  { method: 'POST', path: '/api/user/manage', as: 'admin', body: { id: '{user}', action: 'enable' }, data: 'object', keys: ['role', 'status'], status: 'served' },
  { method: 'GET', path: '/api/user/{user}/oauth/bindings', as: 'admin', data: 'list', status: OUT.customOAuth },
  { method: 'DELETE', path: '/api/user/{user}/oauth/bindings/1', as: 'admin', data: 'none', status: OUT.customOAuth },
  { method: 'DELETE', path: '/api/user/{user}/bindings/github', as: 'admin', data: 'none', status: OUT.adminBindings },
  { method: 'DELETE', path: '/api/user/{user}/2fa', as: 'admin', data: 'none', status: OUT.twoFa },
  { method: 'DELETE', path: '/api/user/{user}/reset_passkey', as: 'admin', data: 'none', status: OUT.passkeys },
  { method: 'GET', path: '/api/subscription/admin/plans', as: 'admin', data: 'list', status: OUT.subscriptions },
  { method: 'POST', path: '/api/subscription/admin/plans', as: 'admin', body: { plan: { title: 'x' } }, data: 'object', status: OUT.subscriptions },
  { method: 'PUT', path: '/api/subscription/admin/plans/1', as: 'admin', body: { plan: { title: 'x' } }, data: 'object', status: OUT.subscriptions },
  { method: 'PATCH', path: '/api/subscription/admin/plans/1', as: 'admin', body: { enabled: false }, data: 'none', status: OUT.subscriptions },
  { method: 'GET', path: '/api/subscription/admin/users/{user}/subscriptions', as: 'admin', data: 'list', status: OUT.subscriptions },
  { method: 'POST', path: '/api/subscription/admin/users/{user}/subscriptions', as: 'admin', body: { plan_id: 1 }, data: 'none', status: OUT.subscriptions },
  { method: 'POST', path: '/api/subscription/admin/user_subscriptions/1/invalidate', as: 'admin', data: 'none', status: OUT.subscriptions },
  { method: 'DELETE', path: '/api/subscription/admin/user_subscriptions/1', as: 'admin', data: 'none', status: OUT.subscriptions },
  // Redemption codes (hooks/redemptions, components/table/redemptions)
  { method: 'GET', path: '/api/redemption/?p=1&page_size=10', as: 'admin', data: PAGED, keys: REDEMPTION_KEYS, status: 'served' },
  { method: 'GET', path: '/api/redemption/search?keyword=&p=1&page_size=10', as: 'admin', data: PAGED, keys: REDEMPTION_KEYS, status: 'served' },
  { method: 'GET', path: '/api/redemption/{redemption_id}', as: 'admin', data: 'object', keys: REDEMPTION_KEYS, status: 'served' },
  { method: 'POST', path: '/api/redemption/', as: 'admin', body: { name: 'replay', quota: 500000, count: 1 }, data: 'list', status: 'served' },
  { method: 'PUT', path: '/api/redemption/', as: 'admin', body: { id: '{redemption_id}', name: 'replay-renamed', quota: 500000 }, data: 'any', status: 'served' },
  { method: 'PUT', path: '/api/redemption/?status_only=true', as: 'admin', body: { id: '{redemption_id}', status: 1 }, data: 'any', status: 'served' },
  { method: 'DELETE', path: '/api/redemption/{redemption_del}/', as: 'admin', data: 'none', status: 'served' },
  { method: 'DELETE', path: '/api/redemption/invalid', as: 'admin', data: 'number', status: OUT.redemptionInvalid },
  // Settings (components/settings, pages/Setting)
  { method: 'GET', path: '/api/option/', as: 'root', data: 'list', keys: ['key', 'value'], status: 'served' },
  { method: 'PUT', path: '/api/option/', as: 'root', body: { key: 'Notice', value: 'replayed' }, data: 'none', status: 'served' },
  { method: 'POST', path: '/api/option/rest_model_ratio', as: 'root', data: 'none', status: 'served' },
  { method: 'POST', path: '/api/option/migrate_console_setting', as: 'root', data: 'none', status: OUT.migrate },
  { method: 'GET', path: '/api/option/channel_affinity_cache', as: 'root', data: 'object', status: OUT.affinity },
  { method: 'DELETE', path: '/api/option/channel_affinity_cache', as: 'root', data: 'none', status: OUT.affinity },
  { method: 'GET', path: '/api/ratio_sync/channels', as: 'root', data: 'list', status: OUT.ratioSync },
  { method: 'POST', path: '/api/ratio_sync/fetch', as: 'root', body: { channel_ids: [] }, data: 'object', status: OUT.ratioSync },
  { method: 'GET', path: '/api/performance/stats', as: 'root', data: 'object', status: OUT.performance },
  { method: 'DELETE', path: '/api/performance/disk_cache', as: 'root', data: 'none', status: OUT.performance },
  { method: 'POST', path: '/api/performance/reset_stats', as: 'root', data: 'none', status: OUT.performance },
  { method: 'POST', path: '/api/performance/gc', as: 'root', data: 'none', status: OUT.performance },
  { method: 'GET', path: '/api/performance/logs', as: 'root', data: 'object', status: OUT.performance },
  { method: 'DELETE', path: '/api/performance/logs?mode=days&value=7', as: 'root', data: 'object', status: OUT.performance },
  { method: 'GET', path: '/api/custom-oauth-provider/', as: 'root', data: 'list', status: OUT.customOAuth },
  { method: 'POST', path: '/api/custom-oauth-provider/', as: 'root', body: { name: 'x' }, data: 'object', status: OUT.customOAuth },
  { method: 'PUT', path: '/api/custom-oauth-provider/1', as: 'root', body: { name: 'x' }, data: 'object', status: OUT.customOAuth },
  { method: 'DELETE', path: '/api/custom-oauth-provider/1', as: 'root', data: 'none', status: OUT.customOAuth },
  { method: 'POST', path: '/api/custom-oauth-provider/discovery', as: 'root', body: { well_known_url: 'https://id.example.com' }, data: 'object', status: OUT.customOAuth },
  // Model catalogue (hooks/models, components/table/models)
  { method: 'GET', path: '/api/models/?p=1&page_size=10', as: 'admin', data: PAGED, collides: true, status: OUT.catalogue },
  { method: 'GET', path: '/api/models/search?keyword=&vendor=&p=1&page_size=10', as: 'admin', data: PAGED, status: OUT.catalogue },
  { method: 'GET', path: '/api/models/1', as: 'admin', data: 'object', status: OUT.catalogue },
  { method: 'POST', path: '/api/models/', as: 'admin', body: { model_name: 'x' }, data: 'object', status: OUT.catalogue },
  { method: 'PUT', path: '/api/models/', as: 'admin', body: { id: 1, model_name: 'x' }, data: 'object', status: OUT.catalogue },
  { method: 'DELETE', path: '/api/models/1', as: 'admin', data: 'none', status: OUT.catalogue },
  { method: 'GET', path: '/api/models/missing', as: 'admin', data: 'list', status: OUT.catalogue },
  { method: 'POST', path: '/api/models/sync_upstream', as: 'admin', body: {}, data: 'object', status: OUT.catalogue },
  { method: 'GET', path: '/api/models/sync_upstream/preview', as: 'admin', data: 'object', status: OUT.catalogue },
  { method: 'GET', path: '/api/vendors/?page_size=1000', as: 'admin', data: PAGED, status: OUT.catalogue },
  { method: 'GET', path: '/api/vendors/1', as: 'admin', data: 'object', status: OUT.catalogue },
  { method: 'POST', path: '/api/vendors/', as: 'admin', body: { name: 'x' }, data: 'object', status: OUT.catalogue },
  { method: 'PUT', path: '/api/vendors/', as: 'admin', body: { id: 1, name: 'x' }, data: 'object', status: OUT.catalogue },
  { method: 'DELETE', path: '/api/vendors/1', as: 'admin', data: 'none', status: OUT.catalogue },
  // Model deployment (hooks/model-deployments, components/table/model-deployments)
  { method: 'GET', path: '/api/deployments/settings', as: 'admin', data: 'object', status: OUT.deployments },
  { method: 'POST', path: '/api/deployments/settings/test-connection', as: 'admin', body: {}, data: 'object', status: OUT.deployments },
  { method: 'GET', path: '/api/deployments/?p=1&page_size=10', as: 'admin', data: PAGED, status: OUT.deployments },
  { method: 'GET', path: '/api/deployments/search?keyword=x', as: 'admin', data: PAGED, status: OUT.deployments },
  { method: 'GET', path: '/api/deployments/hardware-types', as: 'admin', data: 'list', status: OUT.deployments },
  { method: 'GET', path: '/api/deployments/available-replicas?hardware_id=1&gpu_count=1', as: 'admin', data: 'object', status: OUT.deployments },
  { method: 'POST', path: '/api/deployments/price-estimation', as: 'admin', body: {}, data: 'object', status: OUT.deployments },
  { method: 'GET', path: '/api/deployments/check-name?name=x', as: 'admin', data: 'object', status: OUT.deployments },
  { method: 'POST', path: '/api/deployments', as: 'admin', body: {}, data: 'object', status: OUT.deployments },
  { method: 'GET', path: '/api/deployments/1', as: 'admin', data: 'object', status: OUT.deployments },
  { method: 'GET', path: '/api/deployments/1/logs?container_id=x', as: 'admin', data: 'object', status: OUT.deployments },
  { method: 'GET', path: '/api/deployments/1/containers', as: 'admin', data: 'list', status: OUT.deployments },
  { method: 'GET', path: '/api/deployments/1/containers/x', as: 'admin', data: 'object', status: OUT.deployments },
  { method: 'PUT', path: '/api/deployments/1', as: 'admin', body: {}, data: 'object', status: OUT.deployments },
  { method: 'PUT', path: '/api/deployments/1/name', as: 'admin', body: { name: 'x' }, data: 'object', status: OUT.deployments },
  { method: 'POST', path: '/api/deployments/1/extend', as: 'admin', body: { duration_hours: 1 }, data: 'object', status: OUT.deployments },
  { method: 'DELETE', path: '/api/deployments/1', as: 'admin', data: 'none', status: OUT.deployments },
];
