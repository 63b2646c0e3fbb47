import type { UserView } from '@gw/shared';
import type { UserEntity } from '../../database/entities';
import { settingView } from './user-setting';

/**
 * The only way a user leaves the server: no password hash, no access token, no session version, no
 * webhook secret (user-setting.ts).
 */
export function toUserView(u: UserEntity): UserView {
  return {
    id: u.id,
    username: u.username,
    display_name: u.display_name,
    email: u.email,
    role: u.role,
    status: u.status,
    group: u.group,
    quota: u.quota,
    used_quota: u.used_quota,
    request_count: u.request_count,
    aff_code: u.aff_code ?? '',
    aff_count: u.aff_count,
    aff_quota: u.aff_quota,
    aff_history_quota: u.aff_history_quota,
    inviter_id: u.inviter_id,
    github_id: u.github_id ?? '',
    oidc_id: u.oidc_id ?? '',
    wechat_id: u.wechat_id ?? '',
    telegram_id: u.telegram_id ?? '',
    linux_do_id: u.linux_do_id ?? '',
    setting: settingView(u.setting),
    remark: u.remark,
    created_at: u.created_at,
    DeletedAt: u.deleted_at ? new Date(u.deleted_at * 1000).toISOString() : null,
  };
}
