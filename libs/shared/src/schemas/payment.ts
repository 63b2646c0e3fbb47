/**
 * Bodies of the wallet's online top-up (docs/payment.md). The amount is in whole currency units
 * (dollars of quota); the server also applies MinTopUp and answers with its own message.
 */
import { z } from 'zod';

/** Largest amount one order may buy (keeps amount × QuotaPerUnit a safe integer). */
export const MAX_TOPUP_AMOUNT = 10_000_000;

/** The payment methods the wallet offers: Alipay (zfb) and WeChat Pay (wx). */
export const PAYMENT_METHODS = ['zfb', 'wx'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** POST /api/user/amount: what `amount` costs. */
export const topUpQuoteSchema = z.object({
  amount: z.coerce.number().int().min(1).max(MAX_TOPUP_AMOUNT),
  top_up_code: z.string().max(64).optional(),
});
export type TopUpQuoteDto = z.infer<typeof topUpQuoteSchema>;

/** POST /api/user/pay: opens an order and returns the form the browser posts to the payment gateway. */
export const topUpPaySchema = topUpQuoteSchema.extend({
  payment_method: z.enum(PAYMENT_METHODS),
});
export type TopUpPayDto = z.infer<typeof topUpPaySchema>;

/** The answer of POST /api/user/pay: post `params` as a form to `url`. */
export const topUpCheckoutSchema = z
  .strictObject({ url: z.string(), params: z.record(z.string(), z.string()) })
  .meta({ id: 'TopUpCheckout' });
export type TopUpCheckout = z.infer<typeof topUpCheckoutSchema>;

/** A row of the user's top-up history (GET /api/user/topup/self). */
export const topUpViewSchema = z
  .strictObject({
    id: z.number().int(),
    trade_no: z.string(),
    amount: z.number(),
    money: z.number(),
    payment_method: z.string(),
    status: z.string().describe('pending, success or expired.'),
    create_time: z.number().int(),
    complete_time: z.number().int(),
  })
  .meta({ id: 'TopUp' });
export type TopUpView = z.infer<typeof topUpViewSchema>;

/** One way to pay in the wallet, as new-api's console lists them (`type` is what POST /api/user/pay takes). */
export const payMethodInfoSchema = z.object({
  name: z.string(),
  type: z.enum(PAYMENT_METHODS),
  color: z.string(),
  /** The smallest amount this method takes, as a decimal string. */
  min_topup: z.string(),
});
export type PayMethodInfo = z.infer<typeof payMethodInfoSchema>;

/**
 * GET /api/user/topup/info: the wallet's configuration in new-api's shape (docs/newapi-compat.md).
 * Only Epay exists here; the other gateways' switches are always false.
 */
export const topUpInfoSchema = z.object({
  enable_online_topup: z.boolean(),
  enable_stripe_topup: z.literal(false),
  enable_creem_topup: z.literal(false),
  enable_waffo_topup: z.literal(false),
  enable_redemption: z.literal(true),
  pay_methods: z.array(payMethodInfoSchema),
  min_topup: z.number().int(),
  price: z.number(),
  amount_options: z.array(z.number().int()),
  discount: z.record(z.string(), z.number()),
  topup_link: z.string(),
});
export type TopUpInfo = z.infer<typeof topUpInfoSchema>;
