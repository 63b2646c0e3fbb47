import { tagEditPayload, type TagEditForm } from './tag-edit';

const initial: TagEditForm = { new_tag: 'team', model_mapping: '', models: ['a', 'b'], groups: ['default'], priority: 1, weight: 2 };
const f = (over: Partial<TagEditForm>): TagEditForm => ({ ...initial, ...over });

describe('tagEditPayload', () => {
  it.each<[string, Partial<TagEditForm>, unknown]>([
    ['nothing changed', {}, { error: 'channel.no_changes' }],
    ['empty fields leave things unchanged', { models: [], groups: [], priority: '', weight: null }, { error: 'channel.no_changes' }],
    ['rename', { new_tag: 'ops' }, { payload: { tag: 'team', new_tag: 'ops' } }],
    ['an empty new tag dissolves the tag', { new_tag: '' }, { payload: { tag: 'team', new_tag: '' } }],
    ['invalid model mapping', { model_mapping: '{"a"' }, { error: 'channel.model_mapping_invalid' }],
    ['model mapping', { model_mapping: '{"a":"b"}' }, { payload: { tag: 'team', model_mapping: '{"a":"b"}' } }],
    ['models and groups joined', { models: ['c'], groups: ['default', 'vip'] }, { payload: { tag: 'team', models: 'c', groups: 'default,vip' } }],
    ['priority must be an integer', { priority: '1.5' }, { error: 'channel.tag_priority_int' }],
    ['negative priority is fine', { priority: '-3' }, { payload: { tag: 'team', priority: -3 } }],
    ['weight must be a non-negative integer', { weight: '-1' }, { error: 'channel.tag_weight_int' }],
    ['weight text', { weight: 'x' }, { error: 'channel.tag_weight_int' }],
    ['weight', { weight: '5' }, { payload: { tag: 'team', weight: 5 } }],
  ])('%s', (_n, over, expected) => expect(tagEditPayload('team', initial, f(over))).toEqual(expected));
});
