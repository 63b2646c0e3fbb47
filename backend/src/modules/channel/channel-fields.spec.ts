import { abilityChanges, abilityRows, appendedKeys, checkJsonObject, groupUnits, keysToCreate, normalizeOther, splitList } from './channel-fields';

describe('channel fields', () => {
  it('splits lists (keys: libs/shared channel-keys.spec.ts)', () => {
    expect(splitList(' a, b,,a ')).toEqual(['a', 'b']);
  });
  it('builds one ability per (group, model)', () => {
    const rows = abilityRows({ id: 3, group: 'default,vip', models: 'm1,m2', status: 1, priority: 5, weight: 2, tag: '' });
    expect(rows).toHaveLength(4);
    expect(rows[0]).toEqual({ group: 'default', model: 'm1', channel_id: 3, enabled: true, priority: 5, weight: 2, tag: '' });
    expect(abilityRows({ id: 1, group: 'default', models: 'm', status: 3, priority: 0, weight: 0, tag: '' })[0].enabled).toBe(false);
  });
  describe('abilityChanges: only what differs is written', () => {
    type More = Partial<{ status: number; priority: number; weight: number; tag: string }>;
    const rows = (groups: string, models: string, more: More = {}) =>
      abilityRows({ id: 9, group: groups, models, status: 1, priority: 0, weight: 0, tag: '', ...more });
    const pairs = (list: { group: string; model: string }[]) => list.map((r) => `${r.group}/${r.model}`);
    const shared = (enabled: boolean, priority: number) => ({ enabled, priority, weight: 0, tag: '' });
    it.each([
      ['nothing stored (a new channel)', rows('', ''), rows('default', 'a,b'), [], ['default/a', 'default/b'], null],
      ['rows already right (a fix)', rows('default,vip', 'a,b'), rows('default,vip', 'a,b'), [], [], null],
      ['a model added, one removed', rows('default', 'a,b'), rows('default', 'b,c'), ['default/a'], ['default/c'], null],
      ['a group removed', rows('default,vip', 'a'), rows('default', 'a'), ['vip/a'], [], null],
      ['priority changed', rows('default', 'a,b'), rows('default', 'a,b', { priority: 5 }), [], [], shared(true, 5)],
      ['disabled', rows('default', 'a'), rows('default', 'a', { status: 2 }), [], [], shared(false, 0)],
      ['every model removed', rows('default', 'a'), rows('default', ''), ['default/a'], [], null],
    ])('%s', (_label, have, want, stale, missing, fields) => {
      const changes = abilityChanges(have, want);
      expect(pairs(changes.stale)).toEqual(stale);
      expect(pairs(changes.missing)).toEqual(missing);
      expect(changes.fields).toEqual(fields);
    });
  });
  it('checks JSON objects', () => {
    expect(checkJsonObject('')).toBe(true);
    expect(checkJsonObject('{"a":"b"}')).toBe(true);
    expect(checkJsonObject('[1]')).toBe(false);
    expect(checkJsonObject('{')).toBe(false);
  });
  it('applies the type special cases to other', () => {
    expect(normalizeOther(18, '')).toBe('v2.1');
    expect(normalizeOther(18, 'v3.5')).toBe('v3.5');
    expect(normalizeOther(41, 'us-central1')).toBe('us-central1');
    expect(normalizeOther(41, '{"default":"us-east1"}')).toBe('{"default":"us-east1"}');
    expect(normalizeOther(41, '{bad')).toBeNull();
    expect(normalizeOther(1, null)).toBe('');
  });
  it('groups tag-mode units at the first appearance of each tag', () => {
    const rows = [{ id: 1, tag: 'a' }, { id: 2, tag: '' }, { id: 3, tag: 'a' }, { id: 4, tag: 'b' }];
    expect(groupUnits(rows).map((u) => u.map((r) => r.id))).toEqual([[1, 3], [2], [4]]);
  });

  it('turns a create into the key of each channel', () => {
    const sa = (n: number) => ({ type: 'service_account', project_id: `p${n}` });
    expect(keysToCreate(1, 'a\nb', 'batch')).toEqual(['a', 'b']);
    expect(keysToCreate(1, 'a\nb', 'multi_to_single')).toEqual(['a\nb']);
    expect(keysToCreate(1, 'a\nb', undefined)).toEqual(['a\nb']);
    expect(keysToCreate(41, JSON.stringify([sa(1), JSON.stringify(sa(2))]), 'batch')).toEqual([JSON.stringify(sa(1)), JSON.stringify(sa(2))]);
    expect(keysToCreate(41, JSON.stringify(sa(1)), 'batch')).toEqual([JSON.stringify(sa(1))]);
    expect(keysToCreate(41, '[1]', 'batch')).toBe('channel.whole_key_batch_invalid');
    expect(keysToCreate(41, '[', 'batch')).toBe('channel.whole_key_batch_invalid');
    expect(keysToCreate(41, '[]', 'batch')).toBe('channel.whole_key_batch_invalid');
    expect(keysToCreate(41, JSON.stringify([sa(1)]), 'multi_to_single')).toBe('channel.whole_key_single');
  });
  it('appends keys without repeats; a whole-key type takes none', () => {
    expect(appendedKeys(1, 'a\nb', 'c\na')).toBe('a\nb\nc');
    expect(appendedKeys(1, 'a,b', 'c')).toBe('a\nb\nc');
    expect(appendedKeys(41, '{}', '{}')).toBeNull();
  });
});
