import { ChannelType } from '@gw/shared';
import {
  baseUrlNeedsConfirm,
  batchCreateCount,
  CHANNEL_DEFAULTS,
  changedFields,
  channelToForm,
  checkChannel,
  createPayloads,
  fetchModelsBody,
  normaliseChannel,
  parseFetchedModels,
  showMultiKeyView,
  type ChannelForm,
} from './channel-form';

const form = (over: Partial<ChannelForm> = {}): ChannelForm => ({ ...CHANNEL_DEFAULTS, name: 'main', key: 'sk-1', models: ['gpt-4o'], ...over });

describe('channel defaults', () => {
  it('type 1, auto_ban on, groups default, priority 0, weight 0', () =>
    expect(CHANNEL_DEFAULTS).toMatchObject({ type: 1, auto_ban: true, groups: ['default'], priority: 0, weight: 0 }));
});

describe('checkChannel', () => {
  it.each<[string, Partial<ChannelForm>, boolean, string | null]>([
    ['valid new channel', {}, true, null],
    ['new without name', { name: ' ' }, true, 'channel.name_key_required'],
    ['new without key', { key: '' }, true, 'channel.name_key_required'],
    ['edit keeps the stored key', { key: '' }, false, null],
    ['no models', { models: [] }, true, 'channel.models_required'],
    ['bad model_mapping', { model_mapping: '{"a":' }, true, 'channel.model_mapping_invalid'],
    ['good model_mapping', { model_mapping: '{"a":"b"}' }, true, null],
    ['bad status_code_mapping', { status_code_mapping: '{400:500}' }, true, 'channel.status_code_mapping_invalid'],
    ['bad setting', { setting: 'x' }, true, 'channel.setting_invalid'],
    ['bad param_override', { param_override: '[' }, true, 'channel.param_override_invalid'],
    ['type 41 other starting with { must parse', { type: 41, other: '{"default": ' }, true, 'channel.other_invalid'],
    ['type 41 plain-text other is fine', { type: 41, other: 'us-central1' }, true, null],
    ['type 41 region naming another host', { type: 41, other: '127.0.0.1:4491/steal#' }, true, 'channel.region_invalid'],
    ['type 41 region map with a bad region', { type: 41, other: '{"default":"us-central1","m":"a.b/c"}' }, true, 'channel.region_invalid'],
    ['type 33 key region naming another host', { type: 33, key: 'AK|SK|evil.example#' }, true, 'channel.region_invalid'],
    ['type 33 key with a region', { type: 33, key: 'AK|SK|us-east-1' }, true, null],
    ['type 1 other is not checked', { type: 1, other: '{oops' }, true, null],
    ['priority below -999', { priority: -1000 }, true, 'channel.priority_min'],
    ['priority -999', { priority: '-999' }, true, null],
    ['edit without a name', { name: ' ' }, false, 'channel.name_key_required'],
    ['base URL without a scheme (the server rule)', { base_url: 'up.example' }, true, 'channel.base_url_invalid'],
    ['model_mapping must be an object (the server rule)', { model_mapping: '[1]' }, true, 'channel.model_mapping_invalid'],
  ])('%s', (_n, over, isNew, expected) => expect(checkChannel(form(over), isNew)).toBe(expected));
});

describe('normaliseChannel', () => {
  it.each<[string, Partial<ChannelForm>, Record<string, unknown>]>([
    ['removes the trailing slash', { base_url: ' https://up.example/ ' }, { base_url: 'https://up.example' }],
    ['removes several trailing slashes', { base_url: 'https://up.example//' }, { base_url: 'https://up.example' }],
    ['type 18 empty other → v2.1', { type: 18, other: '' }, { other: 'v2.1' }],
    ['type 18 keeps a version', { type: 18, other: 'v3.5' }, { other: 'v3.5' }],
    ['other types keep an empty other', { type: 1, other: '' }, { other: '' }],
    ['priority and weight as integers', { priority: '12.7', weight: '3' }, { priority: 12, weight: 3 }],
    ['non-numbers become 0', { priority: 'x', weight: '' }, { priority: 0, weight: 0 }],
    ['negative weight → 0', { weight: -4 }, { weight: 0 }],
    ['models deduplicated and joined', { models: ['a', ' b ', 'a', ''] }, { models: 'a,b' }],
    ['groups joined, empty → default', { groups: [] }, { group: 'default' }],
    ['groups joined', { groups: ['default', 'vip'] }, { group: 'default,vip' }],
    ['auto_ban as 0/1', { auto_ban: false }, { auto_ban: 0 }],
    ['comma-separated keys one per line', { key: 'k1, k2' }, { key: 'k1\nk2' }],
    ['key lines trimmed, empties and duplicates dropped', { key: ' k1 \n\nk2\nk1' }, { key: 'k1\nk2' }],
    ['on several lines commas do not separate (as on the server)', { key: 'k1,k2\nk3' }, { key: 'k1,k2\nk3' }],
  ])('%s', (_n, over, expected) => expect(normaliseChannel(form(over))).toMatchObject(expected));
});

/** A Vertex AI service-account key as downloaded: pretty-printed JSON, seven lines. */
const VERTEX_KEY = JSON.stringify(
  { type: 'service_account', project_id: 'p', private_key_id: 'k', private_key: '-----BEGIN PRIVATE KEY-----\nMIIE\n-----END PRIVATE KEY-----\n', client_email: 'sa@p.iam.gserviceaccount.com' },
  null,
  2,
);

describe('keys (split as the server does: libs/shared splitChannelKeys)', () => {
  it.each<[string, number, string, number, boolean]>([
    ['one key', ChannelType.OpenAI, 'a', 0, false],
    ['comma separated', ChannelType.OpenAI, 'a,b', 2, true],
    ['newline separated', ChannelType.OpenAI, 'a\nb\nc', 3, true],
    ['duplicates count once', ChannelType.OpenAI, 'a\nb\na', 2, true],
    ['Bedrock AK|SK|region lines', ChannelType.Bedrock, 'AK1|SK1|us-east-1\nAK2|SK2|us-west-2', 2, true],
    ['type 41 JSON with commas is one key', ChannelType.VertexAI, '{"a":1,"b":2}', 0, false],
    ['type 41 pretty-printed JSON is one key', ChannelType.VertexAI, VERTEX_KEY, 0, false],
  ])('%s', (_n, type, key, batch, multi) => {
    expect(batchCreateCount(key, type)).toBe(batch);
    expect(showMultiKeyView(key, type)).toBe(multi);
  });

  it('a pretty-printed type 41 key is saved whole and batch-creates one channel', () => {
    const p = normaliseChannel(form({ type: ChannelType.VertexAI, key: `${VERTEX_KEY}\n` }));
    expect(p.key).toBe(VERTEX_KEY);
    expect(createPayloads(p, true).map((c) => c.key)).toEqual([VERTEX_KEY]);
  });

  it('fetch models sends the whole type 41 JSON, not its first line', () => {
    const body = fetchModelsBody(form({ type: ChannelType.VertexAI, key: VERTEX_KEY, other: 'us-central1', base_url: 'https://up.example/' }));
    expect(body).toEqual({ base_url: 'https://up.example', type: ChannelType.VertexAI, key: VERTEX_KEY, other: 'us-central1', openai_organization: '' });
    expect(JSON.parse(body.key)).toMatchObject({ type: 'service_account' });
  });

  it('fetch models sends the first of several keys', () => {
    expect(fetchModelsBody(form({ key: ' k1 \nk2' })).key).toBe('k1');
    expect(fetchModelsBody(form({ key: 'k1,k2' })).key).toBe('k1');
  });

  it('batch creation makes one channel per key', () => {
    const p = normaliseChannel(form({ key: 'k1\nk2' }));
    expect(createPayloads(p, true).map((c) => c.key)).toEqual(['k1', 'k2']);
    expect(createPayloads(p, false).map((c) => c.key)).toEqual(['k1\nk2']);
  });
});

describe('base URL /v1 warning', () => {
  it.each([
    ['https://api.example.com/v1', true],
    ['https://api.example.com/v1/', true],
    ['https://api.example.com', false],
    ['https://api.example.com/v1beta', false],
  ])('%s → %s', (url, warn) => expect(baseUrlNeedsConfirm(url)).toBe(warn));
});

describe('changedFields (update sends id plus changed fields)', () => {
  const original = normaliseChannel(channelToForm({ id: 1, name: 'a', type: 1, key: '', models: 'x', group: 'default', priority: 0, weight: 0, auto_ban: 1 } as never));
  it('only what changed; an empty key is not sent', () => {
    const next = normaliseChannel({ ...channelToForm({ id: 1, name: 'b', type: 1, models: 'x,y', group: 'default', priority: 0, weight: 0, auto_ban: 1 } as never), key: '' });
    expect(changedFields(original, next)).toEqual({ name: 'b', models: 'x,y' });
  });
  it('nothing changed → empty', () => expect(changedFields(original, original)).toEqual({}));
});

describe('parseFetchedModels', () => {
  it.each<[string, unknown, string[] | null]>([
    ['a list of names', ['a', 'b', 'a'], ['a', 'b']],
    ['a nested data list of ids', { data: [{ id: 'gpt-4o' }, { id: 'gpt-4o-mini' }] }, ['gpt-4o', 'gpt-4o-mini']],
    ['not a list', { foo: 1 }, null],
    ['null', null, null],
  ])('%s', (_n, data, expected) => expect(parseFetchedModels(data)).toEqual(expected));
});
