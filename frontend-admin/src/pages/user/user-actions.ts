import { Role, UserStatus, type UserManageAction } from '@gw/shared';

export interface RowState {
  role: number;
  status: number;
  DeletedAt: string | null;
}

export type RowActions = Record<UserManageAction | 'edit', boolean>;

const NONE: RowActions = { promote: false, demote: false, enable: false, disable: false, delete: false, edit: false };

/**
 * Which actions a row offers to the signed-in admin (docs/console.md#users-admin): none for a deactivated
 * user; enable is refused for status 3; the super admin is never disabled, deleted or demoted; only the
 * super admin promotes; users at or above one's own level are out of reach (except for root).
 */
export function rowActions(row: RowState, myRole: number): RowActions {
  if (row.DeletedAt) return NONE;
  const isRoot = myRole >= Role.Root;
  const reachable = isRoot || row.role < myRole;
  if (!reachable) return NONE;
  const targetRoot = row.role >= Role.Root;
  return {
    promote: isRoot && row.role < Role.Admin,
    demote: isRoot && row.role >= Role.Admin && !targetRoot,
    enable: !targetRoot && row.status !== UserStatus.Enabled && row.status !== UserStatus.Locked,
    disable: !targetRoot && row.status === UserStatus.Enabled,
    delete: !targetRoot,
    edit: true,
  };
}

/** The row after a manage call: the server's role and status, and deletion. */
export function applyManageResult<T extends RowState>(row: T, action: UserManageAction, result: { role: number; status: number }): T {
  return { ...row, role: result.role, status: result.status, DeletedAt: action === 'delete' ? new Date().toISOString() : row.DeletedAt };
}
