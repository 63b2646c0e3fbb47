/** Redemption request schemas: defined once in libs/shared (schemas/redemption.ts), used here by the routes. */
import type {
  createRedemptionSchema,
  redeemSchema,
  redemptionIdsSchema,
  redemptionNameQuerySchema,
  redemptionSearchSchema,
  updateRedemptionSchema,
} from '@gw/shared';
import type { z } from 'zod';

export {
  createRedemptionSchema,
  redeemSchema,
  redemptionIdsSchema,
  redemptionNameQuerySchema,
  redemptionSearchSchema,
  updateRedemptionSchema,
} from '@gw/shared';

export type CreateRedemptionDto = z.infer<typeof createRedemptionSchema>;
export type UpdateRedemptionDto = z.infer<typeof updateRedemptionSchema>;
export type RedemptionSearchQuery = z.infer<typeof redemptionSearchSchema>;
export type RedemptionNameQuery = z.infer<typeof redemptionNameQuerySchema>;
export type RedemptionIdsDto = z.infer<typeof redemptionIdsSchema>;
export type RedeemDto = z.infer<typeof redeemSchema>;
