import type { RedeemResult, RedemptionRecord } from '@gw/shared';
import type { RedemptionEntity } from '../../database/entities';

/** A code as the admin API answers it (libs/shared RedemptionRecord). */
export type RedemptionView = RedemptionRecord;

export function toRedemptionView(r: RedemptionEntity): RedemptionView {
  return {
    id: r.id,
    user_id: r.user_id,
    key: r.key,
    status: r.status,
    name: r.name,
    quota: Number(r.quota),
    created_time: Number(r.created_time),
    redeemed_time: Number(r.redeemed_time),
    used_user_id: r.used_user_id,
    is_gift: Boolean(r.is_gift),
    max_uses: r.max_uses,
    used_count: r.used_count,
    valid_from: Number(r.valid_from),
    valid_until: Number(r.valid_until),
  };
}

export type { RedeemResult };
