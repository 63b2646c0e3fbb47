import { abilityRows, checkJsonObject, groupUnits, normalizeOther, splitList } from './channel-fields';

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
});
