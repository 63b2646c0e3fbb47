import { applyManageResult, rowActions } from './user-actions';

const row = (role: number, status: number, DeletedAt: string | null = null) => ({ role, status, DeletedAt });
const on = (a: Record<string, boolean>) => Object.keys(a).filter((k) => a[k]).sort();

describe('rowActions', () => {
  it.each([
    ['root on an active user', row(1, 1), 100, ['delete', 'disable', 'edit', 'promote']],
    ['root on a banned user', row(1, 2), 100, ['delete', 'edit', 'enable', 'promote']],
    ['root on status 3 (enable refused)', row(1, 3), 100, ['delete', 'edit', 'promote']],
    ['root on an admin', row(10, 1), 100, ['delete', 'demote', 'disable', 'edit']],
    ['root on root', row(100, 1), 100, ['edit']],
    ['admin on a user (cannot promote)', row(1, 1), 10, ['delete', 'disable', 'edit']],
    ['admin on an admin', row(10, 1), 10, []],
    ['admin on root', row(100, 1), 10, []],
    ['a deactivated user', row(1, 1, '2026-01-01T00:00:00Z'), 100, []],
  ])('%s', (_n, r, me, expected) => expect(on(rowActions(r, me))).toEqual(expected));
});

describe('applyManageResult', () => {
  it('takes the role and status from the server', () => {
    expect(applyManageResult({ id: 1, ...row(1, 1) }, 'disable', { role: 1, status: 2 })).toEqual({ id: 1, role: 1, status: 2, DeletedAt: null });
  });
  it('marks a deleted user deactivated', () => {
    expect(applyManageResult(row(1, 1), 'delete', { role: 1, status: 1 }).DeletedAt).toEqual(expect.any(String));
  });
});
