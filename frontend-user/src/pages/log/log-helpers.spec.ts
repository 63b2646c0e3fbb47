import type { LogRecord } from '@gw/shared';
import { parseColumnPrefs } from '../../../../libs/web/src/table/column-prefs';
import { en, zh } from '../../locale';
import {
  billingLines,
  contentText,
  buildLogQuery,
  defaultRange,
  detailLines,
  firstTokenTone,
  forcedHidden,
  logColumnDefaults,
  parseLogOther,
  retryText,
  showsUsage,
  usd,
  requestTimeTone,
  type Line,
  type LogFilters,
} from './log-helpers';

/** Renders a line with a dictionary the way i18next does ({{name}} placeholders). */
const render = (dict: { log: Record<string, unknown> }, l: Line) =>
  String(dict.log[l.key.replace('log.', '')]).replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(l.params?.[k] ?? ''));

describe('duration colours', () => {
  it.each([
    [0, 'green'],
    [100, 'green'],
    [101, 'orange'],
    [299, 'orange'],
    [300, 'red'],
    [1000, 'red'],
  ])('request time %d s → %s', (s, tone) => expect(requestTimeTone(s)).toBe(tone));
  it.each([
    [0, 'green'],
    [2999, 'green'],
    [3000, 'orange'],
    [9999, 'orange'],
    [10000, 'red'],
  ])('first token %d ms → %s', (ms, tone) => expect(firstTokenTone(ms)).toBe(tone));
});

describe('log column preferences (localStorage logs-table-columns)', () => {
  const read = (raw: string | null, admin: boolean) => parseColumnPrefs(raw, logColumnDefaults(admin), forcedHidden(admin));
  it.each<[string, string | null, boolean, Record<string, boolean>]>([
    ['admin defaults: everything', null, true, { channel: true, user: true, retry: true, time: true }],
    ['user defaults: channel, user and retry hidden', null, false, { channel: false, user: false, retry: false, time: true, cost: true }],
    ['unparseable JSON falls back', '{oops', false, { channel: false, model: true }],
    ['stored choices apply', '{"model":false,"details":false}', true, { model: false, details: false, time: true }],
    ['a user cannot show admin columns', '{"channel":true,"user":true,"retry":true}', false, { channel: false, user: false, retry: false }],
  ])('%s', (_n, raw, admin, expected) => expect(read(raw, admin)).toMatchObject(expected));
});

describe('filters', () => {
  it('default range: start of today to one hour from now', () => {
    const now = new Date(2026, 2, 10, 15, 20, 5).getTime();
    expect(defaultRange(now)).toEqual({ start: new Date(2026, 2, 10, 0, 0, 0).getTime(), end: now + 3600_000 });
  });
  const f: LogFilters = { start: 1700000000500, end: 1700003600000, token_name: ' t1 ', model_name: 'gpt-4o', group: '', username: 'bob', channel: '7' };
  it.each<[string, boolean, Record<string, unknown>]>([
    ['admin: username and channel', true, { type: 2, token_name: 't1', model_name: 'gpt-4o', group: undefined, start_timestamp: 1700000000, end_timestamp: 1700003600, username: 'bob', channel: 7 }],
    ['user: no username or channel', false, { type: 2, token_name: 't1', model_name: 'gpt-4o', group: undefined, start_timestamp: 1700000000, end_timestamp: 1700003600 }],
  ])('%s', (_n, admin, expected) => expect(buildLogQuery(f, 2, admin)).toEqual(expected));
  it('a non-numeric channel is left out', () => expect(buildLogQuery({ ...f, channel: 'x' }, 0, true).channel).toBeUndefined());
});

const row = (over: Partial<LogRecord> = {}): LogRecord => ({
  id: 1, created_at: 1700000000, type: 2, content: '', user_id: 2, username: 'alice', token_name: 't', model_name: 'gpt-4o', quota: 113,
  prompt_tokens: 10, completion_tokens: 20, use_time: 1, is_stream: false, channel: 1, channel_name: 'c', group: 'default', other: '', ...over,
});

describe('billing explanation (cost formula)', () => {
  it.each<[string, Partial<LogRecord>, string, string[]]>([
    [
      'per token',
      {},
      '{"model_ratio":1.25,"completion_ratio":4,"group_ratio":1,"model_price":-1}',
      [
        '模型倍率 1.25，补全倍率 4，分组倍率 1',
        '提示价格：$2.5 × 1 = $2.5 / 1M tokens',
        '补全价格：$10 × 1 = $10 / 1M tokens',
        // 112.5 quota, charged as 113 (rounded like the charge)
        '计费：1 × 1.25 × (10 + 20 × 4) / 500000 = $0.000226',
        '仅供参考，以实际扣费为准',
      ],
    ],
    [
      'per token with a group ratio',
      { prompt_tokens: 1000, completion_tokens: 500 },
      '{"model_ratio":0.075,"completion_ratio":4,"group_ratio":2}',
      [
        '模型倍率 0.075，补全倍率 4，分组倍率 2',
        '提示价格：$0.15 × 2 = $0.3 / 1M tokens',
        '补全价格：$0.6 × 2 = $1.2 / 1M tokens',
        '计费：2 × 0.075 × (1000 + 500 × 4) / 500000 = $0.0009',
        '仅供参考，以实际扣费为准',
      ],
    ],
    [
      'with cached prompt tokens',
      { prompt_tokens: 100, completion_tokens: 0 },
      '{"model_ratio":1,"completion_ratio":1,"group_ratio":1,"cache_tokens":40,"cache_ratio":0.5}',
      [
        '模型倍率 1，补全倍率 1，分组倍率 1',
        '提示价格：$2 × 1 = $2 / 1M tokens',
        '补全价格：$2 × 1 = $2 / 1M tokens',
        '缓存 Tokens 40，缓存倍率 0.5',
        '计费：1 × 1 × (60 + 40 × 0.5 + 0 × 1) / 500000 = $0.00016',
        '仅供参考，以实际扣费为准',
      ],
    ],
    ['per call', {}, '{"model_price":0.04,"group_ratio":1.5}', ['模型价格 $0.04 × 分组倍率 1.5 = $0.06', '仅供参考，以实际扣费为准']],
  ])('%s', (_n, over, other, expected) => {
    const r = row({ ...over, other });
    expect(billingLines(r, parseLogOther(other)).map((l) => render(zh, l))).toEqual(expected);
  });

  it.each<[string, Partial<LogRecord>, string, number, string]>([
    // 0.8 × (6 + 2) = 6.4 quota: charged 6 = $0.000012, never the unrounded $0.000013.
    ['rounds down like the charge', { prompt_tokens: 6, completion_tokens: 2 }, '{"model_ratio":0.8,"completion_ratio":1,"group_ratio":1}', 500000, '$0.000012'],
    ['rounds up like the charge', { prompt_tokens: 6, completion_tokens: 2 }, '{"model_ratio":0.85,"completion_ratio":1,"group_ratio":1}', 500000, '$0.000014'],
    ['a used priced model costs at least 1', { prompt_tokens: 10, completion_tokens: 0 }, '{"model_ratio":0.01,"completion_ratio":1,"group_ratio":1}', 500000, '$0.000002'],
    ['a free group costs nothing', { prompt_tokens: 10, completion_tokens: 0 }, '{"model_ratio":1,"completion_ratio":1,"group_ratio":0}', 500000, '$0'],
    ['cached tokens weighted before rounding', { prompt_tokens: 3, completion_tokens: 0 }, '{"model_ratio":1,"completion_ratio":1,"group_ratio":1,"cache_tokens":1,"cache_ratio":0.25}', 500000, '$0.000004'],
    ['another QuotaPerUnit', { prompt_tokens: 6, completion_tokens: 2 }, '{"model_ratio":0.8,"completion_ratio":1,"group_ratio":1}', 1000, '$0.006'],
    ['per call at another QuotaPerUnit', {}, '{"model_price":0.0000013,"group_ratio":1}', 500000, '$0.000002'],
  ])('total: %s', (_n, over, other, perUnit, total) => {
    const lines = billingLines(row(over), parseLogOther(other), perUnit).map((l) => render(zh, l));
    const shown = lines.find((l) => l.startsWith('计费') || l.startsWith('模型价格'));
    expect(shown?.endsWith(`= ${total}`)).toBe(true);
  });

  it('the cost column and the explanation agree: the total is the row quota as the charge computed it', () => {
    const r = row({ prompt_tokens: 6, completion_tokens: 2, quota: 6 });
    const lines = billingLines(r, parseLogOther('{"model_ratio":0.8,"completion_ratio":1,"group_ratio":1}'));
    expect(lines.find((l) => l.key === 'log.bill_formula')?.params?.total).toBe(usd(r.quota / 500000));
  });

  it('English texts render too', () => {
    const lines = billingLines(row(), parseLogOther('{"model_price":0.04,"group_ratio":1}')).map((l) => render(en, l));
    expect(lines[0]).toBe('Model price $0.04 × group ratio 1 = $0.04');
  });

  it.each([
    [0.000225, '0.000225'],
    [2.5, '2.5'],
    [10, '10'],
    [0, '0'],
  ])('usd(%p) → %s', (n, s) => expect(usd(n)).toBe(s));
});

describe('detail lines', () => {
  it('error rows: type, code and status', () => {
    const o = parseLogOther('{"error_type":"upstream_error","error_code":"bad_response","status_code":502}');
    expect(detailLines(row({ type: 6 }), o, false).map((l) => render(zh, l))).toEqual(['错误类型：upstream_error', '错误代码：bad_response', '状态码：502']);
  });
  it('model mapping and, for admins, the channels tried', () => {
    const o = parseLogOther('{"model_price":0.1,"group_ratio":1,"is_model_mapped":true,"upstream_model_name":"gpt-4o-2024","admin_info":{"use_channel":[3,5]}}');
    const lines = detailLines(row(), o, true).map((l) => render(zh, l));
    expect(lines).toContain('模型映射：gpt-4o → gpt-4o-2024');
    expect(lines).toContain('渠道：3 → 5');
    expect(detailLines(row(), o, false).map((l) => l.key)).not.toContain('log.retry_path');
  });
  it.each([
    ['', {}],
    ['not json', {}],
    ['[1,2]', {}],
    ['{"frt":120}', { frt: 120 }],
  ])('parseLogOther(%p)', (raw, parsed) => expect(parseLogOther(raw)).toEqual(parsed));
  it('retry text', () => {
    expect(retryText({ admin_info: { use_channel: [1] } })).toBe('1');
    expect(retryText({})).toBeNull();
  });
  it.each([
    [0, true],
    [1, false],
    [2, true],
    [3, false],
    [4, false],
    [5, false],
    [6, true],
  ])('type %d shows token/model/channel info: %s', (type, shows) => expect(showsUsage(type)).toBe(shows));
});

describe('row text in the viewer language (management rows)', () => {
  const lookup = (dict: { log: Record<string, unknown> }, key: string) =>
    key.split('.').slice(1).reduce<unknown>((node, k) => (node as Record<string, unknown> | undefined)?.[k], dict.log);
  const translator = (dict: { log: Record<string, unknown> }) => ({
    t: (key: string, params?: Record<string, string | number>) =>
      String(lookup(dict, key)).replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(params?.[k] ?? '')),
    exists: (key: string) => typeof lookup(dict, key) === 'string',
  });
  const dollars = { displayInCurrency: true, quotaPerUnit: 500000 };
  const stored = 'admin root (#1) changed quota from 0 to 2500000 (+2500000)';
  const other = '{"msg":"quota_changed","msg_params":{"admin":"root","admin_id":1,"from_quota":0,"to_quota":2500000,"delta_quota":2500000}}';
  const text = (dict: typeof zh, o: string, display = dollars, content = stored) => {
    const { t, exists } = translator(dict);
    return contentText({ content }, parseLogOther(o), display, t, exists);
  };

  it.each([
    ['zh', zh, '管理员 root（#1）将额度从 $0.000000 调整为 $5.000000（+$5.000000）'],
    ['en', en, 'Admin root (#1) changed the quota from $0.000000 to $5.000000 (+$5.000000)'],
  ])('quota change in %s', (_l, dict, expected) => expect(text(dict, other)).toBe(expected));

  it('a decrease carries its sign; quota shown as numbers when the display is not currency', () => {
    const down = '{"msg":"quota_changed","msg_params":{"admin":"a","admin_id":2,"from_quota":30000,"to_quota":10000,"delta_quota":-20000}}';
    expect(text(en, down, { displayInCurrency: false, quotaPerUnit: 500000 })).toBe('Admin a (#2) changed the quota from 30k to 10k (-20k)');
  });

  it('channel key reveal', () => {
    const o = '{"msg":"channel_key_revealed","msg_params":{"admin":"root","admin_id":1,"channel_id":7}}';
    expect(text(zh, o)).toBe('root（#1）查看了渠道 #7 的密钥');
    expect(text(en, o)).toBe('root (#1) revealed the key of channel #7');
  });

  it.each([
    ['an old row without a message', ''],
    ['a message the dictionaries do not know', '{"msg":"something_new","msg_params":{}}'],
    ['a malformed message', '{"msg":{"x":1}}'],
  ])('falls back to the stored content: %s', (_n, o) => expect(text(zh, o)).toBe(stored));
});
