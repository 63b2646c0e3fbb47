import { autoDisableReason } from './auto-disable';

describe('autoDisableReason', () => {
  const on = { enabled: true, keywords: 'Your credit balance is too low\nPermission denied' };
  it.each([
    [on, true, 401, 'bad key', true],
    [on, true, 403, 'forbidden', true],
    [on, true, 400, 'Your credit balance is too low to access', true],
    [on, true, 429, 'Rate limit; Permission denied', false],
    [on, true, 500, 'internal error', false],
    [on, true, null, 'ECONNRESET', false],
    [on, false, 401, 'bad key', false],
    [{ ...on, enabled: false }, true, 401, 'bad key', false],
  ])('%#', (policy, autoBan, status, message, disables) => {
    expect(autoDisableReason(policy, autoBan, status, message) !== null).toBe(disables);
  });
});
