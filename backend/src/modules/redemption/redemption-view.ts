import type { RedemptionEntity } from '../../database/entities';

/** A redemption code as the admin console sees it (the code itself included: admins hand it out). */
export interface RedemptionView {
  id: number;
  user_id: number;
  key: string;
  status: number;
  name: string;
  quota: number;
  created_time: number;
  redeemed_time: number;
  used_user_id: number;
  is_gift: boolean;
  max_uses: number;
  used_count: number;
  valid_from: number;
  valid_until: number;
}

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

/** What the redeem call answers: the credited quota and whether the code was a gift code. */
export interface RedeemResult {
  quota: number;
  is_gift: boolean;
}
