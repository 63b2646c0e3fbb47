import { buildRequest, DEFAULT_SETTINGS, parseKept, parseMaxTokens, pickModel, snapTemperature, withError, type ChatMessage } from './playground-helpers';

const q: ChatMessage = { id: '1', role: 'user', content: 'hi' };

describe('playground helpers', () => {
  it('preselects the kept model, else gpt-4o-mini, else the first', () => {
    expect(pickModel(['a', 'gpt-4o-mini'], '')).toBe('gpt-4o-mini');
    expect(pickModel(['a', 'gpt-4o-mini'], 'a')).toBe('a');
    expect(pickModel(['a', 'b'], 'gone')).toBe('a');
    expect(pickModel([], 'x')).toBe('x');
  });

  it.each([
    ['', 0],
    ['abc', 0],
    ['12', 12],
    ['12.7', 12],
    [-5, 0],
    [300, 300],
    [undefined, 0],
  ])('max tokens %j → %d', (input, n) => expect(parseMaxTokens(input as string)).toBe(n));

  it('snaps the temperature to 0.1 steps within 0.1–1, keeping the default 0', () => {
    expect(snapTemperature(0)).toBe(0);
    expect(snapTemperature(0.04)).toBe(0.1);
    expect(snapTemperature(0.349)).toBe(0.3);
    expect(snapTemperature(3)).toBe(1);
    expect(snapTemperature(NaN)).toBe(0);
  });

  it('sends the system prompt only when non-empty and max_tokens only above 0', () => {
    const base = { ...DEFAULT_SETTINGS, model: 'gpt-4o-mini', group: 'vip' };
    expect(buildRequest(base, [q])).toEqual({
      messages: [{ role: 'user', content: 'hi' }],
      stream: true,
      model: 'gpt-4o-mini',
      group: 'vip',
      temperature: 0,
    });
    expect(buildRequest({ ...base, systemPrompt: '   ' }, [q]).messages).toHaveLength(1);
    const full = buildRequest({ ...base, systemPrompt: 'be brief', maxTokens: 64, temperature: 0.7 }, [q]);
    expect(full.messages[0]).toEqual({ role: 'system', content: 'be brief' });
    expect(full.max_tokens).toBe(64);
    expect(full.temperature).toBe(0.7);
  });

  it('leaves failed and empty replies out of the context, keeps stopped partial ones', () => {
    const history: ChatMessage[] = [
      q,
      { id: '2', role: 'assistant', content: 'oops', status: 'error' },
      { id: '3', role: 'assistant', content: 'half', status: 'incomplete' },
      { id: '4', role: 'assistant', content: '', status: 'loading' },
    ];
    expect(buildRequest({ ...DEFAULT_SETTINGS, model: 'm' }, history).messages).toEqual([
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: 'half' },
    ]);
  });

  it('appends an error to the text received so far', () => {
    expect(withError('', 'boom')).toBe('boom');
    expect(withError('part', 'boom')).toBe('part\n\nboom');
  });

  it('reads a kept conversation back, falling back on anything unreadable', () => {
    expect(parseKept(null)).toEqual({ settings: DEFAULT_SETTINGS, messages: [] });
    expect(parseKept('{bad')).toEqual({ settings: DEFAULT_SETTINGS, messages: [] });
    const kept = parseKept(
      JSON.stringify({
        settings: { model: 'm', group: 'g', temperature: 0.55, maxTokens: '9', systemPrompt: 's' },
        messages: [q, { id: '2', role: 'assistant', content: 'x', status: 'loading' }, { role: 'tool', content: 'no' }, 5],
      }),
    );
    expect(kept.settings).toEqual({ model: 'm', group: 'g', temperature: 0.6, maxTokens: 9, systemPrompt: 's' });
    expect(kept.messages).toEqual([q, { id: '2', role: 'assistant', content: 'x', status: 'incomplete' }]);
  });
});
