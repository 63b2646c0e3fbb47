import { OPTION_DEFS } from '@gw/shared';
import { applyChanges, catalogueField, changedOptions, fieldKindOf, fieldName, initialValues, optionValueProblem, saveOutcome, splitForSave, toFormValue, toOptionString, type FieldDef } from './option-save';
import { MODEL_SECTIONS, OPERATION_SECTIONS, PERSONALISATION_FIELDS, PRICING_JSON_SECTION, RATE_LIMIT_SECTION, SYSTEM_SECTIONS } from './sections';

const fields: FieldDef[] = [
  { key: 'LogConsumeEnabled', kind: 'switch' },
  { key: 'RetryTimes', kind: 'number' },
  { key: 'ServerAddress', kind: 'url' },
  { key: 'SMTPToken', kind: 'secret' },
  { key: 'GroupRatio', kind: 'json' },
  { key: 'oidc.client_id', kind: 'text' },
];
const stored = { LogConsumeEnabled: 'true', RetryTimes: '2', ServerAddress: 'https://gw.example', GroupRatio: '{"default":1}', 'oidc.client_id': 'abc' };

describe('form values ↔ option strings', () => {
  it.each([
    ['switch', 'true', true],
    ['switch', 'false', false],
    ['number', '5', 5],
    ['number', '', undefined],
    ['secret', 'whatever', ''],
    ['json', '{}', '{}'],
  ] as const)('toFormValue(%s, %j) = %j', (kind, raw, value) => expect(toFormValue(kind, raw)).toEqual(value));

  it.each([
    ['switch', true, 'true'],
    ['switch', false, 'false'],
    ['number', 0.5, '0.5'],
    ['number', undefined, ''],
    ['url', ' https://a.example/ ', 'https://a.example'],
    ['text', undefined, ''],
  ] as const)('toOptionString(%s, %j) = %j', (kind, value, out) => expect(toOptionString(kind, value)).toBe(out));

  it('escapes dotted keys for Arco forms', () => {
    expect(fieldName('oidc.client_id')).toBe('oidc__client_id');
    expect(initialValues(fields, stored)).toMatchObject({ oidc__client_id: 'abc', LogConsumeEnabled: true, SMTPToken: '' });
  });
});

describe('changedOptions (only changed keys; secrets only when typed; URLs without trailing slash)', () => {
  const base = initialValues(fields, stored);
  it.each([
    ['nothing changed', {}, []],
    ['a switch turned off', { LogConsumeEnabled: false }, [{ key: 'LogConsumeEnabled', value: 'false' }]],
    ['a number', { RetryTimes: 3 }, [{ key: 'RetryTimes', value: '3' }]],
    ['an emptied number is no change', { RetryTimes: undefined }, []],
    ['only a trailing slash added', { ServerAddress: 'https://gw.example/' }, []],
    ['a new URL', { ServerAddress: 'https://new.example/' }, [{ key: 'ServerAddress', value: 'https://new.example' }]],
    ['a typed secret', { SMTPToken: 's3cret' }, [{ key: 'SMTPToken', value: 's3cret' }]],
    ['a dotted key', { oidc__client_id: 'xyz' }, [{ key: 'oidc.client_id', value: 'xyz' }]],
  ])('%s', (_n, edit, expected) => expect(changedOptions(fields, stored, { ...base, ...edit })).toEqual(expected));

  it('compares against the default when the key was never stored', () => {
    const f: FieldDef[] = [{ key: 'QuotaForNewUser', kind: 'number' }];
    expect(changedOptions(f, {}, { QuotaForNewUser: Number(OPTION_DEFS.QuotaForNewUser.default) })).toEqual([]);
    expect(changedOptions(f, {}, { QuotaForNewUser: 100 })).toEqual([{ key: 'QuotaForNewUser', value: '100' }]);
  });
});

describe('save order and outcome', () => {
  it('puts enabled flags first', () => {
    const changes = [
      { key: 'RetryTimes', value: '1' },
      { key: 'LogConsumeEnabled', value: 'false' },
      { key: 'ServerAddress', value: 'https://x' },
    ] as const;
    expect(splitForSave([...changes])).toEqual({ flags: [changes[1]], others: [changes[0], changes[2]] });
  });
  it.each([
    [3, 0, 'saved'],
    [2, 1, 'partial'],
    [0, 2, 'failed'],
  ] as const)('%s ok, %s failed → %s', (ok, failed, outcome) => expect(saveOutcome(ok, failed)).toBe(outcome));
});

describe('section rules', () => {
  const payment = SYSTEM_SECTIONS.find((s) => s.key === 'payment')!;
  it.each([
    ['no server address', { ServerAddress: '', TopupGroupRatio: '{}' }, 'setting.server_address_required'],
    ['bad TopupGroupRatio', { ServerAddress: 'https://gw', TopupGroupRatio: '{oops' }, 'setting.topup_group_ratio_invalid'],
    ['fine', { ServerAddress: 'https://gw', TopupGroupRatio: '{"vip":0.9}' }, null],
  ])('payment: %s', (_n, next, key) => expect(payment.validate!(next)).toBe(key));

  it('rebate percentage is checked 0..100', () => {
    const rebate = OPERATION_SECTIONS.find((s) => s.key === 'rebate')!.fields.find((f) => f.key === 'RebatePercentage')!;
    expect(rebate.rule!(50.5)).toBeNull();
    expect(rebate.rule!(100.1)).toBe('setting.rebate_range');
    expect(rebate.rule!(-1)).toBe('setting.rebate_range');
  });

  it('every panel field is a known option and appears once', () => {
    const all = [...OPERATION_SECTIONS, PRICING_JSON_SECTION, RATE_LIMIT_SECTION, ...MODEL_SECTIONS, ...SYSTEM_SECTIONS].flatMap((s) => s.fields).concat(PERSONALISATION_FIELDS);
    const keys = all.map((f) => f.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const k of keys) expect(OPTION_DEFS).toHaveProperty([k]);
    // Every option of the catalogue has a panel.
    expect(Object.keys(OPTION_DEFS).filter((k) => !keys.includes(k as never))).toEqual([]);
    // Secrets are edited as secrets.
    for (const f of all) expect(f.kind === 'secret').toBe(!!(OPTION_DEFS[f.key] as { secret?: boolean }).secret);
  });

  it('applyChanges overlays the changes', () => {
    expect(applyChanges({ A: '1', B: '2' }, [{ key: 'RetryTimes', value: '3' }])).toEqual({ A: '1', B: '2', RetryTimes: '3' });
  });
});

describe('the server\'s value rules, checked in the form', () => {
  const json = (key: FieldDef['key']): FieldDef => ({ key, kind: 'json' });
  const url = (key: FieldDef['key']): FieldDef => ({ key, kind: 'url' });
  it.each([
    ['negative model ratio', json('ModelRatio'), '{"gpt-4o": -1}', { key: 'setting.option_error.bad_ratio_value', entry: 'gpt-4o' }],
    ['string group ratio', json('GroupRatio'), '{"vip": "abc"}', { key: 'setting.option_error.bad_ratio_value', entry: 'vip' }],
    ['padded model name', json('ModelPrice'), '{" m": 1}', { key: 'setting.option_error.bad_ratio_key', entry: ' m' }],
    ['private worker URL', url('WorkerUrl'), 'http://127.1/', { key: 'setting.option_error.url_not_public', entry: '' }],
    ['worker URL with credentials', url('WorkerUrl'), 'https://u:p@worker.example', { key: 'setting.option_error.url_invalid', entry: '' }],
    ['fine ratios', json('ModelRatio'), '{"gpt-4o": 1.25}', null],
    ['bad JSON is the JSON rule\'s', json('ModelRatio'), '{oops', null],
    ['a local server address is allowed (not called for users)', url('ServerAddress'), 'http://localhost:3000', null],
    ['empty', url('WorkerUrl'), '', null],
  ])('%s', (_n, field, value, expected) => expect(optionValueProblem(field, value)).toEqual(expected));
});

describe('fields derive from the catalogue', () => {
  it.each([
    ['LogConsumeEnabled', 'switch'],
    ['RetryTimes', 'number'],
    ['QuotaPerUnit', 'number'],
    ['ModelRatio', 'json'],
    ['Chats', 'json'],
    ['SMTPToken', 'secret'],
    ['DataExportDefaultTime', 'select'],
    ['WorkerUrl', 'url'],
    ['ServerAddress', 'url'],
    ['SensitiveWords', 'textarea'],
    ['EmailDomainWhitelist', 'domains'],
    ['SystemName', 'text'],
  ] as const)('%s is a %s field', (key, kind) => expect(fieldKindOf(OPTION_DEFS[key])).toBe(kind));

  it('bounds and precision come from the entry; ints keep no decimals', () => {
    expect(catalogueField('RetryTimes')).toEqual({ key: 'RetryTimes', kind: 'number', min: 0, max: 10, precision: 0, step: undefined });
    expect(catalogueField('RebatePercentage')).toMatchObject({ min: 0, max: 100, step: 0.1, precision: 1 });
    expect(catalogueField('SMTPPort')).toMatchObject({ min: 1, max: 65535, precision: 0 });
  });

  it('choices of an enumerated option, labelled under the given prefix', () =>
    expect(catalogueField('DataExportDefaultTime', { choiceLabels: 'setting.granularity' }).options).toEqual([
      { value: 'hour', labelKey: 'setting.granularity.hour' },
      { value: 'day', labelKey: 'setting.granularity.day' },
      { value: 'week', labelKey: 'setting.granularity.week' },
    ]));

  it('a panel field keeps its layout extras', () =>
    expect(catalogueField('PasswordLoginEnabled', { confirmOffKey: 'k' })).toEqual({ key: 'PasswordLoginEnabled', kind: 'switch', confirmOffKey: 'k' }));
});
