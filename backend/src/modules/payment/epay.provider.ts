import { createHash, timingSafeEqual } from 'node:crypto';
import type { PaymentMethod, Settings, TopUpCheckout } from '@gw/shared';
import type { CallbackUrls, CallbackVerdict, CheckoutOrder, PaymentProvider } from './payment-provider';

/** The wallet's method names and Epay's payment types. */
const EPAY_TYPE: Record<PaymentMethod, string> = { zfb: 'alipay', wx: 'wxpay' };

/**
 * Epay's MD5 signature: the parameters except `sign`, `sign_type` and empty values, sorted by name
 * (byte order), joined as `k=v&k=v`, the merchant key appended, MD5 in lower-case hex.
 */
export function epaySign(params: Readonly<Record<string, string>>, key: string): string {
  const text = Object.keys(params)
    .filter((k) => k !== 'sign' && k !== 'sign_type' && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
  return createHash('md5').update(text + key, 'utf8').digest('hex');
}

function sameHex(a: string, b: string): boolean {
  const x = Buffer.from(a.toLowerCase());
  const y = Buffer.from(b.toLowerCase());
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The Epay (易支付) page-jump protocol: a signed form posted to `<PayAddress>/submit.php` (docs/payment.md). */
export class EpayProvider implements PaymentProvider {
  readonly name = 'epay';
  readonly ack = { accepted: 'success', refused: 'fail' };

  configured(s: Settings): boolean {
    return Boolean(s.PayAddress && s.EpayId && s.EpayKey);
  }

  checkout(order: CheckoutOrder, urls: CallbackUrls, s: Settings): TopUpCheckout {
    const params: Record<string, string> = {
      pid: s.EpayId,
      type: EPAY_TYPE[order.method],
      out_trade_no: order.tradeNo,
      notify_url: urls.notifyUrl,
      return_url: urls.returnUrl,
      name: `TUC${order.amount}`,
      money: order.money.toFixed(2),
    };
    params.sign = epaySign(params, s.EpayKey);
    params.sign_type = 'MD5';
    return { url: `${s.PayAddress.replace(/\/+$/, '')}/submit.php`, params };
  }

  verifyCallback(p: Readonly<Record<string, string>>, s: Settings): CallbackVerdict {
    const tradeNo = p.out_trade_no || undefined;
    if (!this.configured(s)) return { ok: false, reason: 'epay not configured', tradeNo };
    if (!p.sign || !sameHex(p.sign, epaySign(p, s.EpayKey))) return { ok: false, reason: 'bad signature', tradeNo };
    if (p.sign_type && p.sign_type.toUpperCase() !== 'MD5') return { ok: false, reason: 'unknown sign_type', tradeNo };
    if (p.pid !== s.EpayId) return { ok: false, reason: `merchant ${p.pid} is not ours`, tradeNo };
    if (p.trade_status !== 'TRADE_SUCCESS') return { ok: false, reason: `trade_status ${p.trade_status}`, tradeNo };
    if (!tradeNo || !p.money) return { ok: false, reason: 'missing out_trade_no or money', tradeNo };
    return { ok: true, tradeNo, money: p.money, providerTradeNo: p.trade_no ?? '' };
  }
}
