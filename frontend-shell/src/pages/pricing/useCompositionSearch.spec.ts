import { searchReducer, type SearchEvent, type SearchState } from './useCompositionSearch';

const run = (events: SearchEvent[]): SearchState =>
  events.reduce(searchReducer, { text: '', query: '', composing: false });

describe('searchReducer', () => {
  it('plain typing filters at once', () => {
    expect(run([{ type: 'change', value: 'g' }, { type: 'change', value: 'gp' }])).toEqual({ text: 'gp', query: 'gp', composing: false });
  });

  it('mid-composition the text shows but does not filter; the committed text filters', () => {
    const composing = run([
      { type: 'change', value: 'gpt ' },
      { type: 'compositionstart' },
      { type: 'change', value: 'gpt m' },
      { type: 'change', value: 'gpt mo' },
    ]);
    expect(composing).toEqual({ text: 'gpt mo', query: 'gpt ', composing: true });
    expect(searchReducer(composing, { type: 'compositionend', value: 'gpt 模型' })).toEqual({
      text: 'gpt 模型',
      query: 'gpt 模型',
      composing: false,
    });
  });

  it('typing after a composition filters again', () => {
    const s = run([{ type: 'compositionstart' }, { type: 'compositionend', value: '模' }, { type: 'change', value: '模x' }]);
    expect(s.query).toBe('模x');
  });
});
