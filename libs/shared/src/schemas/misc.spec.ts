import { loginSchema, registerSchema, setupSchema } from './auth';
import { logDeleteSchema, logListSchema } from './log';
import { optionUpdateSchema } from './option';
import { schemaProblem } from './problem';

describe('auth, setup, option and log schemas', () => {
  it.each<[string, Parameters<typeof schemaProblem>[0], unknown, string | null]>([
    ['login: empty body (the service answers login.required)', loginSchema, {}, null],
    ['login: long password', loginSchema, { username: 'a', password: 'p'.repeat(129) }, 'error.check_input'],
    ['register: long aff code', registerSchema, { aff_code: 'a'.repeat(33) }, 'error.check_input'],
    ['setup: defaults', setupSchema, {}, null],
    ['setup: username of 65', setupSchema, { username: 'u'.repeat(65) }, 'error.check_input'],
    ['option: value a boolean', optionUpdateSchema, { key: 'RetryTimes', value: true }, null],
    ['option: no key', optionUpdateSchema, { key: '', value: '1' }, 'error.check_input'],
    ['option: object value', optionUpdateSchema, { key: 'A', value: {} }, 'error.check_input'],
    ['log list: page size 101 (clamped)', logListSchema, { page_size: '101' }, null],
    ['log list: type past Error', logListSchema, { type: '9' }, 'error.check_input'],
    ['log delete: missing timestamp', logDeleteSchema, {}, 'log.target_timestamp_required'],
    ['log delete: zero', logDeleteSchema, { target_timestamp: '0' }, 'log.target_timestamp_required'],
    ['log delete', logDeleteSchema, { target_timestamp: '1700000000' }, null],
  ])('%s', (_n, schema, value, expected) => expect(schemaProblem(schema, value)).toBe(expected));

  it('options keep values as strings; log queries coerce and default', () => {
    expect(optionUpdateSchema.parse({ key: 'RetryTimes', value: 3 })).toEqual({ key: 'RetryTimes', value: '3' });
    expect(logListSchema.parse({ p: '2' })).toMatchObject({ p: 2, page_size: 10, type: 0, channel: 0, username: '' });
  });
});
