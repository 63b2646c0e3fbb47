import { defaultColumnPrefs, parseColumnPrefs } from './column-prefs';

const defaults = defaultColumnPrefs(['time', 'channel', 'user', 'model'], ['channel']);

describe('parseColumnPrefs', () => {
  it.each([
    ['nothing stored', null, { time: true, channel: false, user: true, model: true }],
    ['empty string', '', { time: true, channel: false, user: true, model: true }],
    ['unparseable JSON', '{time: tru', { time: true, channel: false, user: true, model: true }],
    ['an array', '["time"]', { time: true, channel: false, user: true, model: true }],
    ['a number', '42', { time: true, channel: false, user: true, model: true }],
    ['stored choice', '{"time":false,"channel":true,"user":true,"model":false}', { time: false, channel: true, user: true, model: false }],
    ['a missing key takes its default', '{"time":false}', { time: false, channel: false, user: true, model: true }],
    ['unknown keys and non-booleans are ignored', '{"extra":true,"user":"no"}', { time: true, channel: false, user: true, model: true }],
  ])('%s', (_name, raw, expected) => expect(parseColumnPrefs(raw, defaults)).toEqual(expected));

  it('forced keys stay hidden whatever is stored', () => {
    expect(parseColumnPrefs('{"channel":true,"user":true}', defaults, ['channel', 'user'])).toEqual({ time: true, channel: false, user: false, model: true });
  });
});
