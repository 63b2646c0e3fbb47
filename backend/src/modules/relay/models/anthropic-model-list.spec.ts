import { anthropicModel, anthropicModelList, wantsAnthropicModels } from './anthropic-model-list';

const m = (id: string) => ({ id, object: 'model' as const, created: 1626777600, owned_by: 'openai' });

describe('Anthropic model list', () => {
  it('is chosen by anthropic-version', () => {
    expect(wantsAnthropicModels({ 'anthropic-version': '2023-06-01', 'x-api-key': 'k' })).toBe(true);
    expect(wantsAnthropicModels({ 'anthropic-version': '2023-06-01', authorization: 'Bearer k' })).toBe(true);
    expect(wantsAnthropicModels({ authorization: 'Bearer k' })).toBe(false);
  });

  it('shapes models as Anthropic does, created_at in RFC 3339', () => {
    expect(anthropicModel(m('a'))).toEqual({
      type: 'model',
      id: 'a',
      display_name: 'a',
      created_at: '2021-07-20T10:40:00Z',
    });
    expect(anthropicModelList([m('a'), m('b')])).toMatchObject({ first_id: 'a', last_id: 'b', has_more: false });
    expect(anthropicModelList([])).toEqual({ data: [], first_id: null, last_id: null, has_more: false });
  });
});
