import type { UserView } from '@gw/shared';

export type EditForm = Pick<UserView, 'username' | 'display_name' | 'group' | 'quota' | 'remark'> & {
  password?: string;
};

/**
 * The PUT /api/user body of the edit drawer. A changed quota goes with the value the drawer loaded
 * (`original_quota`): the server applies the difference, so spending while the drawer was open is
 * kept. An unchanged quota is not sent.
 */
export function userUpdateBody(id: number, loadedQuota: number, v: EditForm) {
  const quota = Math.trunc(Number(v.quota) || 0);
  return {
    id,
    username: v.username.trim(),
    display_name: v.display_name?.trim() ?? '',
    password: v.password || undefined,
    group: v.group,
    remark: v.remark ?? '',
    ...(quota !== loadedQuota ? { quota, original_quota: loadedQuota } : {}),
  };
}

/** The "add quota" action: a delta the server adds to the live balance, whatever it is now. */
export function addQuotaBody(id: number, delta: number) {
  return { id, quota_delta: Math.trunc(delta) };
}
