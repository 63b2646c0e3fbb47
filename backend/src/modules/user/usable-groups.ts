/**
 * Whether a user may use `group` for a token or a request: their own group, or one of the groups
 * the administrator offers (UserUsableGroups). An empty group means "the user's own".
 */
export function isGroupUsable(userGroup: string, group: string, userUsableGroups: Readonly<Record<string, unknown>>): boolean {
  return group === '' || group === userGroup || Object.prototype.hasOwnProperty.call(userUsableGroups, group);
}
