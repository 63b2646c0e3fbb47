import type { PaymentMethod, Settings, TopUpCheckout } from '@gw/shared';

/** An order as a provider needs it to build the checkout (docs/payment.md). */
export interface CheckoutOrder {
  tradeNo: string;
  /** Whole currency units of quota bought. */
  amount: number;
  /** What the user pays, rounded to cents. */
  money: number;
  method: PaymentMethod;
}

/** Where the provider sends the server-to-server notification and the user's browser afterwards. */
export interface CallbackUrls {
  notifyUrl: string;
  returnUrl: string;
}

/**
 * What a provider makes of a callback. `paid` callbacks carry the order's trade number and the paid
 * amount exactly as sent (a decimal string); the service compares it with the order's own amount.
 */
export type CallbackVerdict =
  | { ok: true; tradeNo: string; money: string; providerTradeNo: string }
  | { ok: false; reason: string; tradeNo?: string };

/**
 * One payment gateway. The service owns orders and credits; a provider only knows its protocol:
 * whether it is configured, the checkout form, and whether a callback is authentic and paid. A new
 * gateway (Stripe) is one more implementation registered in PaymentModule.
 */
export interface PaymentProvider {
  /** Stable name used in routes and logs ('epay'). */
  readonly name: string;
  /** The body the gateway expects back when a callback was accepted, and when it was refused. */
  readonly ack: { accepted: string; refused: string };
  configured(s: Settings): boolean;
  /** Builds the form the browser posts to the gateway. Pure: no I/O. */
  checkout(order: CheckoutOrder, urls: CallbackUrls, s: Settings): TopUpCheckout;
  /** Checks signature, merchant and trade status of a callback's parameters. Pure: no I/O. */
  verifyCallback(params: Readonly<Record<string, string>>, s: Settings): CallbackVerdict;
}

export const PAYMENT_PROVIDERS = Symbol('PAYMENT_PROVIDERS');
