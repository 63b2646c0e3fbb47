import type { TokenEntity } from '../../../database/entities';
import type { RelayUserRecord } from '../../user/user.service';
import { parseAllowList, type IpAllowList } from './ip-allow';
import { acceptsUnpricedModels } from '../../user/user-setting';

/** What the relay keeps in memory per API token. */
export interface CachedToken {
  readonly id: number;
  readonly userId: number;
  readonly name: string;
  readonly status: number;
  /** Epoch seconds; -1 never. */
  readonly expiredTime: number;
  readonly remainQuota: number;
  readonly unlimited: boolean;
  /** Allowed models when model limits are on; null: any. */
  readonly modelLimits: ReadonlySet<string> | null;
  readonly allowIps: IpAllowList;
  /** '' means the user's group. */
  readonly group: string;
  readonly rateLimit: {
    readonly enabled: boolean;
    readonly periodSec: number;
    readonly count: number;
    readonly success: number;
  };
}

/** What the relay keeps in memory per user. */
export interface CachedUser {
  readonly id: number;
  readonly username: string;
  readonly role: number;
  readonly status: number;
  readonly group: string;
  readonly quota: number;
  readonly deleted: boolean;
  /** users.setting accept_unset_model_ratio_model: unpriced models are allowed (free). */
  readonly acceptUnpriced: boolean;
}

export function toCachedToken(t: TokenEntity): CachedToken {
  const limits = (t.model_limits ?? '')
    .split(',')
    .map((m) => m.trim())
    .filter(Boolean);
  return {
    id: t.id,
    userId: t.user_id,
    name: t.name,
    status: t.status,
    expiredTime: t.expired_time,
    remainQuota: t.remain_quota,
    unlimited: t.unlimited_quota,
    modelLimits: t.model_limits_enabled ? new Set(limits) : null,
    allowIps: parseAllowList(t.allow_ips),
    group: t.group ?? '',
    rateLimit: {
      enabled: t.rate_limit_enabled,
      periodSec: t.rate_limit_period,
      count: t.rate_limit_count,
      success: t.rate_limit_success,
    },
  };
}

export function toCachedUser(u: RelayUserRecord): CachedUser {
  return {
    id: u.id,
    username: u.username,
    role: u.role,
    status: u.status,
    group: u.group,
    quota: u.quota,
    deleted: !!u.deleted_at,
    acceptUnpriced: acceptsUnpricedModels(u.setting),
  };
}
