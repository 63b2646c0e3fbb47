import { channelIdsSchema, channelTagEditSchema, createChannelSchema, fetchModelsSchema, updateChannelSchema } from './channel';
import { isEmptyOrJsonObject } from './json-text';
import { schemaProblem } from './problem';

const channel = { name: 'main', key: 'sk-1', models: 'gpt-4o', type: 1 };

describe('createChannelSchema', () => {
  it.each<[string, Record<string, unknown>, string | null]>([
    ['valid', {}, null],
    ['name missing', { name: undefined }, 'channel.name_key_required'],
    ['blank name', { name: '  ' }, 'channel.name_key_required'],
    ['blank key', { key: ' ' }, 'channel.name_key_required'],
    ['no models', { models: ' , ' }, 'channel.models_required'],
    ['base URL without a scheme', { base_url: 'up.example' }, 'channel.base_url_invalid'],
    ['base URL with http', { base_url: 'http://up.example/' }, null],
    ['model_mapping not JSON', { model_mapping: '{"a":' }, 'channel.model_mapping_invalid'],
    ['model_mapping an array', { model_mapping: '[1]' }, 'channel.model_mapping_invalid'],
    ['model_mapping null', { model_mapping: null }, null],
    ['status_code_mapping bad', { status_code_mapping: '{400:500}' }, 'channel.status_code_mapping_invalid'],
    ['setting bad', { setting: 'x' }, 'channel.setting_invalid'],
    ['param_override bad', { param_override: '[' }, 'channel.param_override_invalid'],
    ['priority below -999', { priority: -1000 }, 'error.check_input'],
    ['weight fractional', { weight: 1.5 }, 'error.check_input'],
    ['auto_ban 2', { auto_ban: 2 }, 'error.check_input'],
    ['batch mode', { mode: 'batch' }, null],
    ['JSON texts sent as "null"', { model_mapping: 'null', status_code_mapping: 'null', setting: ' null ', param_override: 'null' }, null],
    ['status_code_mapping null', { status_code_mapping: null }, null],
    ['multi_key_mode other than random/polling', { multi_key_mode: 'sticky' }, 'error.check_input'],
  ])('%s', (_n, over, expected) => expect(schemaProblem(createChannelSchema, { ...channel, ...over })).toBe(expected));

  it('reads "null" and null JSON texts as empty', () =>
    expect(createChannelSchema.parse({ ...channel, model_mapping: 'null', status_code_mapping: null, setting: 'null', param_override: '' })).toMatchObject({
      model_mapping: '',
      status_code_mapping: '',
      setting: '',
      param_override: '',
    }));

  it("reads new-api's editor body {mode, multi_key_mode, channel} as the plain body", () => {
    const wrapped = { mode: 'multi_to_single', multi_key_mode: 'polling', channel: { ...channel, settings: '{}', channel_info: {} } };
    expect(createChannelSchema.parse(wrapped)).toEqual(createChannelSchema.parse({ ...channel, mode: 'multi_to_single', multi_key_mode: 'polling' }));
    expect(schemaProblem(createChannelSchema, { mode: 'single', channel: { ...channel, name: '' } })).toBe('channel.name_key_required');
    expect(schemaProblem(createChannelSchema, { mode: 'nope', channel })).toBe('error.check_input');
  });

  it('trims and drops trailing slashes of the base URL', () =>
    expect(createChannelSchema.parse({ ...channel, name: ' a ', base_url: ' https://up.example// ' })).toMatchObject({ name: 'a', base_url: 'https://up.example' }));
});

describe('other channel schemas', () => {
  it.each<[string, Parameters<typeof schemaProblem>[0], unknown, string | null]>([
    ['update needs an id', updateChannelSchema, { name: 'a' }, 'error.check_input'],
    ['update with only an id', updateChannelSchema, { id: 3 }, null],
    ['update keeps an empty name to the service', updateChannelSchema, { id: 3, name: '' }, null],
    ['ids required', channelIdsSchema, { ids: [] }, 'channel.ids_required'],
    ['ids missing', channelIdsSchema, {}, 'channel.ids_required'],
    ['ids', channelIdsSchema, { ids: [1, 2] }, null],
    ['tag edit without tag', channelTagEditSchema, { new_tag: 'x' }, 'channel.tag_required'],
    ['tag edit bad mapping', channelTagEditSchema, { tag: 't', model_mapping: '[]' }, 'channel.model_mapping_invalid'],
    ['fetch models without key', fetchModelsSchema, { type: 1 }, 'channel.key_required'],
    ['fetch models', fetchModelsSchema, { key: 'sk' }, null],
  ])('%s', (_n, schema, value, expected) => expect(schemaProblem(schema, value)).toBe(expected));
});

describe('isEmptyOrJsonObject', () => {
  it.each<[string | null | undefined, boolean]>([
    [undefined, true],
    [null, true],
    ['  ', true],
    ['{}', true],
    ['{"a":{"b":1}}', true],
    ['[]', false],
    ['1', false],
    ['null', false],
    ['{oops', false],
    ['{"a":' + '['.repeat(100) + ']'.repeat(100) + '}', false],
  ])('%p → %p', (text, ok) => expect(isEmptyOrJsonObject(text)).toBe(ok));
});
