import type { ChannelRecord } from '@gw/shared';
import {
  channelStatusInfo,
  groupByTag,
  listPriority,
  listWeight,
  percent,
  responseTimeLevel,
  type TagRow,
} from './channel-display';

describe('responseTimeLevel (badge)', () => {
  it.each([
    [0, 'untested'],
    [-5, 'untested'],
    [1, 'green'],
    [1000, 'green'],
    [1001, 'lime'],
    [3000, 'lime'],
    [3001, 'yellow'],
    [5000, 'yellow'],
    [5001, 'red'],
    [60000, 'red'],
  ])('%d ms → %s', (ms, level) => expect(responseTimeLevel(ms)).toBe(level));
});

describe('health error rate', () => {
  it.each([
    [0, '0%'],
    [0.5, '50%'],
    [1 / 3, '33.3%'],
    [1, '100%'],
  ])('%d → %s', (rate, text) => expect(percent(rate)).toBe(text));
});

describe('channelStatusInfo', () => {
  it.each([
    [1, null, { key: 'channel.status_enabled', color: 'green' }],
    [2, null, { key: 'channel.status_disabled', color: 'red' }],
    [
      3,
      '{"status_reason":"upstream 401","status_time":1700000000}',
      { key: 'channel.status_auto_disabled', reason: 'upstream 401', time: 1700000000 },
    ],
    [3, 'not json', { key: 'channel.status_auto_disabled', reason: undefined, time: undefined }],
    [3, '', { key: 'channel.status_auto_disabled', reason: undefined }],
    [9, null, { key: 'channel.status_unknown', color: 'gray' }],
  ])('status %d, other_info %j', (status, info, expected) =>
    expect(channelStatusInfo(status, info)).toMatchObject(expected),
  );
});

const ch = (id: number, tag: string, extra: Partial<ChannelRecord> = {}) =>
  ({
    id,
    name: `c${id}`,
    tag,
    group: 'default',
    models: 'a',
    priority: 0,
    weight: 0,
    used_quota: 10,
    status: 1,
    ...extra,
  }) as ChannelRecord;

describe('groupByTag (tag aggregate mode)', () => {
  it('groups tagged channels under a parent, keeps untagged rows, first-appearance order', () => {
    const rows = groupByTag([ch(1, 'x'), ch(2, ''), ch(3, 'x', { group: 'vip', models: 'b', status: 2 }), ch(4, 'y')]);
    expect(rows.map((r) => r.rowKey)).toEqual(['tag:x', '2', 'tag:y']);
    const x = rows[0] as TagRow;
    expect(x.children.map((c) => c.id)).toEqual([1, 3]);
    expect(x).toMatchObject({
      group: 'default,vip',
      models: 'a,b',
      used_quota: 20,
      enabled: 1,
      priority: 0,
      weight: 0,
    });
  });
  it.each([
    [
      'same priority and weight are shown',
      [ch(1, 't', { priority: 5, weight: 2 }), ch(2, 't', { priority: 5, weight: 2 })],
      5,
      2,
    ],
    ['different priorities are blank', [ch(1, 't', { priority: 5 }), ch(2, 't', { priority: 6 })], null, 0],
    ['different weights are blank', [ch(1, 't', { weight: 1 }), ch(2, 't', { weight: 3 })], 0, null],
  ])('%s', (_n, list, priority, weight) => expect(groupByTag(list)[0]).toMatchObject({ priority, weight }));
});

describe('inline list edits', () => {
  it.each([
    ['5', 5],
    [-3, 0],
    ['-1', 0],
    ['abc', 0],
    [7.9, 7],
  ])('weight %p → %d', (v, n) => expect(listWeight(v)).toBe(n));
  it.each([
    ['10', 10],
    [-5, -5],
    [-2000, -999],
    ['x', 0],
  ])('priority %p → %d', (v, n) => expect(listPriority(v)).toBe(n));
});
