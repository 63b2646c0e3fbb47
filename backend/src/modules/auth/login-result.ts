import type { LoginResult } from '@gw/shared';
import type { UserEntity } from '../../database/entities';

/** What every sign-in answers with (password, third-party): the user's public identity and role. */
export function loginResultOf(
  user: Pick<UserEntity, 'id' | 'username' | 'display_name' | 'role' | 'status' | 'group'>,
): LoginResult {
  return {
    id: user.id,
    username: user.username,
    display_name: user.display_name,
    role: user.role,
    status: user.status,
    group: user.group,
  };
}
