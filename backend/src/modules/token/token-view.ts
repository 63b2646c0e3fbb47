import { TokenStatus } from '@gw/shared';
import type { TokenEntity } from '../../database/entities';

/**
 * A token as its owner sees it: the key decrypted, without its `sk-` prefix as new-api answers it (the
 * console adds the prefix; docs/console-api.md#token-keys); never the hash.
 */
export interface TokenView {
  id: number;
  user_id: number;
  key: string;
  name: string;
  status: number;
  created_time: number;
  accessed_time: number;
  expired_time: number;
  remain_quota: number;
  used_quota: number;
  unlimited_quota: boolean;
  model_limits_enabled: boolean;
  model_limits: string;
  allow_ips: string;
  group: string;
  rate_limit_enabled: boolean;
  rate_limit_period: number;
  rate_limit_count: number;
  rate_limit_success: number;
}

/** Status as the owner sees it: an enabled token past its expiry is 3, one without quota left is 4. */
export function effectiveStatus(t: Pick<TokenEntity, 'status' | 'expired_time' | 'unlimited_quota' | 'remain_quota'>, now: number): number {
  if (t.status !== TokenStatus.Enabled) return t.status;
  if (t.expired_time !== -1 && t.expired_time <= now) return TokenStatus.Expired;
  if (!t.unlimited_quota && t.remain_quota <= 0) return TokenStatus.Exhausted;
  return t.status;
}

export function toTokenView(t: TokenEntity, keyBody: string, now = Math.floor(Date.now() / 1000)): TokenView {
  return {
    id: t.id,
    user_id: t.user_id,
    key: keyBody,
    name: t.name,
    status: effectiveStatus(t, now),
    created_time: t.created_time,
    accessed_time: t.accessed_time,
    expired_time: t.expired_time,
    remain_quota: t.remain_quota,
    used_quota: t.used_quota,
    unlimited_quota: t.unlimited_quota,
    model_limits_enabled: t.model_limits_enabled,
    model_limits: t.model_limits ?? '',
    allow_ips: t.allow_ips ?? '',
    group: t.group,
    rate_limit_enabled: t.rate_limit_enabled,
    rate_limit_period: t.rate_limit_period,
    rate_limit_count: t.rate_limit_count,
    rate_limit_success: t.rate_limit_success,
  };
}
