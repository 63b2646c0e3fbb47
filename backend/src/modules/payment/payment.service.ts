import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  LogType,
  PAYMENT_METHODS,
  type Paged,
  type Settings,
  type TopUpCheckout,
  type TopUpInfo,
  type TopUpPayDto,
  type TopUpView,
} from '@gw/shared';
import { t, type Locale } from '../../common/i18n/i18n';
import { AppError } from '../../common/http/app-error';
import { paged, type PageRequest } from '../../common/http/paging';
import { nowSec } from '../../database/columns';
import { isUniqueViolation } from '../../database/db-errors';
import type { TopUpEntity } from '../../database/entities';
import type { AuthUser } from '../auth/auth-user';
import { randomAlphanumeric } from '../auth/secrets';
import { OptionService } from '../option/option.service';
import { UserService } from '../user/user.service';
import { PAYMENT_PROVIDERS, type CallbackVerdict, type PaymentProvider } from './payment-provider';
import { TopUpRepository } from './top-up.repository';

/** Callbacks with more parameters, or longer values, are not from a gateway. */
const MAX_CALLBACK_PARAMS = 32;
const MAX_CALLBACK_VALUE = 1024;

/** The colours new-api's console gives these methods. */
const METHOD_COLOR = { zfb: 'rgba(var(--semi-blue-5), 1)', wx: 'rgba(var(--semi-green-5), 1)' } as const;

const cents = (money: number) => Math.round(money * 100);
/** A decimal amount as sent by a gateway ("10", "10.5", "10.50"), in cents; null if it is not one. */
function centsOf(text: string): number | null {
  return /^\d{1,12}(\.\d{1,2})?$/.test(text) ? cents(Number(text)) : null;
}

/**
 * Online top-up (docs/payment.md): prices an amount, opens orders, and credits a paid order exactly
 * once whatever the callbacks do. The order's completion, the balance credit with its type-1 row and
 * the inviter's rebate are one transaction, guarded by the order's status.
 */
@Injectable()
export class PaymentService {
  private readonly logger = new Logger(PaymentService.name);

  constructor(
    private readonly repo: TopUpRepository,
    private readonly users: UserService,
    private readonly options: OptionService,
    @Inject(PAYMENT_PROVIDERS) private readonly providers: readonly PaymentProvider[],
  ) {}

  provider(name: string): PaymentProvider {
    const p = this.providers.find((x) => x.name === name);
    if (!p) throw AppError.notFound();
    return p;
  }

  /**
   * GET /api/user/topup/info: the wallet's configuration as new-api's console reads it
   * (docs/newapi-compat.md). Methods are offered only while Epay is configured; their `type` is what
   * POST /api/user/pay takes. No preset amounts or discounts exist here, and no other gateway.
   */
  topUpInfo(locale: Locale): TopUpInfo {
    const s = this.options.settings;
    const enabled = this.provider('epay').configured(s);
    const min = Math.max(1, s.MinTopUp);
    return {
      enable_online_topup: enabled,
      enable_stripe_topup: false,
      enable_creem_topup: false,
      enable_waffo_topup: false,
      enable_redemption: true,
      pay_methods: enabled
        ? PAYMENT_METHODS.map((type) => ({ name: t(`payment.method.${type}`, locale), type, color: METHOD_COLOR[type], min_topup: String(min) }))
        : [],
      min_topup: min,
      price: s.Price,
      amount_options: [],
      discount: {},
      topup_link: s.TopUpLink,
    };
  }

  /** What `amount` units cost the user: amount × Price × TopupGroupRatio[group] (1 when unset or 0), in cents. */
  quote(caller: AuthUser, amount: number): number {
    const s = this.options.settings;
    const ratio = Number((s.TopupGroupRatio as Record<string, number>)[caller.group]) || 1;
    return cents(amount * s.Price * ratio) / 100;
  }

  /** The quote, after the same checks as an order (enabled, minimum). */
  checkedQuote(caller: AuthUser, amount: number): number {
    this.checkAmount(this.options.settings, amount);
    const money = this.quote(caller, amount);
    if (money < 0.01) throw AppError.badRequest('payment.amount_too_small');
    return money;
  }

  /** Opens a pending order and returns the gateway's form. */
  async pay(caller: AuthUser, dto: TopUpPayDto, providerName = 'epay'): Promise<TopUpCheckout> {
    const s = this.options.settings;
    const provider = this.provider(providerName);
    if (!provider.configured(s)) throw AppError.badRequest('payment.disabled');
    const money = this.checkedQuote(caller, dto.amount);
    const urls = callbackUrls(s, provider.name);
    if (!urls || !/^https?:\/\//i.test(s.PayAddress)) throw AppError.badRequest('payment.not_configured');
    const tradeNo = `USR${caller.id}NO${randomAlphanumeric(20)}`;
    try {
      await this.repo.insertPending({
        user_id: caller.id,
        amount: dto.amount,
        money,
        trade_no: tradeNo,
        payment_method: dto.payment_method,
        create_time: nowSec(),
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw AppError.badRequest('payment.order_failed');
      throw err;
    }
    return provider.checkout({ tradeNo, amount: dto.amount, money, method: dto.payment_method }, urls, s);
  }

  async history(caller: AuthUser, page: PageRequest): Promise<Paged<TopUpView>> {
    const [rows, total] = await this.repo.pageOwned(caller.id, page.page * page.pageSize, page.pageSize);
    return paged(rows.map(toView), total, page);
  }

  /**
   * Handles a gateway callback (notify or return). True when the order is paid and credited, by
   * this call or an earlier one; false when the callback is refused (logged with the reason).
   * Nothing slow runs inside the transaction.
   */
  async handleCallback(providerName: string, raw: Readonly<Record<string, unknown>>): Promise<boolean> {
    const provider = this.provider(providerName);
    const params = callbackParams(raw);
    const verdict: CallbackVerdict = params
      ? provider.verifyCallback(params, this.options.settings)
      : { ok: false, reason: 'malformed parameters' };
    if (!verdict.ok) return this.refuse(provider, verdict.reason, verdict.tradeNo);
    const order = await this.repo.findByTradeNo(verdict.tradeNo);
    if (!order) return this.refuse(provider, 'unknown order', verdict.tradeNo);
    const paid = centsOf(verdict.money);
    if (paid === null || paid !== cents(Number(order.money)))
      return this.refuse(provider, `paid ${verdict.money}, order is ${Number(order.money).toFixed(2)}`, order.trade_no);
    try {
      await this.complete(order, verdict.providerTradeNo);
      return true;
    } catch (err) {
      this.logger.error(`${provider.name} order ${order.trade_no}: crediting failed: ${String(err)}`);
      return false;
    }
  }

  /** The order's completion, credit and rebate in one transaction; a no-op for an order already paid. */
  private async complete(order: TopUpEntity, providerTradeNo: string): Promise<void> {
    const s = this.options.settings;
    const quota = Math.floor(Number(order.amount) * s.QuotaPerUnit + 1e-6);
    const payer = await this.users.findById(order.user_id);
    const rebate = rebateOf(s, quota, payer.inviter_id);
    const credited = await this.repo.transaction(async (tx) => {
      if (!(await this.repo.completeIfPending(tx, order.trade_no, nowSec()))) return false;
      await this.users.credit(tx, {
        userId: order.user_id,
        quota,
        type: LogType.TopUp,
        content: `online top-up ${Number(order.amount)}, paid ${Number(order.money).toFixed(2)}`,
        other: { trade_no: order.trade_no, provider_trade_no: providerTradeNo, money: Number(order.money) },
      });
      if (rebate) await this.users.creditInviteEarnings(tx, rebate.inviterId, rebate.quota);
      return true;
    });
    // The relay caches balances: it must see the credit now, not when its cache expires.
    if (credited) this.users.changes.next(order.user_id);
  }

  private checkAmount(s: Settings, amount: number): void {
    if (!Number.isInteger(amount) || amount < Math.max(1, s.MinTopUp))
      throw AppError.badRequest('payment.amount_below_min', { min: Math.max(1, s.MinTopUp) });
  }

  private refuse(provider: PaymentProvider, reason: string, tradeNo?: string): false {
    this.logger.warn(`${provider.name} callback refused (${reason})${tradeNo ? ` for order ${tradeNo.slice(0, 64)}` : ''}`);
    return false;
  }
}

/** The inviter's share of a paid top-up: RebatePercentage % of the credit, rounded down. */
function rebateOf(s: Settings, quota: number, inviterId: number): { inviterId: number; quota: number } | null {
  if (!s.RebateEnabled || !(s.RebatePercentage > 0) || !(inviterId > 0)) return null;
  const share = Math.floor((quota * Math.round(s.RebatePercentage * 10)) / 1000);
  return share > 0 ? { inviterId, quota: share } : null;
}

/** Notify goes to CustomCallbackAddress (else ServerAddress), the browser returns to ServerAddress. */
function callbackUrls(s: Settings, provider: string): { notifyUrl: string; returnUrl: string } | null {
  const base = (u: string) => (/^https?:\/\/[^\s]+$/i.test(u.trim()) ? u.trim().replace(/\/+$/, '') : null);
  const notifyBase = base(s.CustomCallbackAddress) ?? base(s.ServerAddress);
  const returnBase = base(s.ServerAddress);
  if (!notifyBase || !returnBase) return null;
  return { notifyUrl: `${notifyBase}/api/user/${provider}/notify`, returnUrl: `${returnBase}/api/user/${provider}/return` };
}

/** Flat string parameters, or null (repeated or nested keys, too many or too long values). */
function callbackParams(raw: Readonly<Record<string, unknown>>): Record<string, string> | null {
  const entries = Object.entries(raw ?? {});
  if (entries.length > MAX_CALLBACK_PARAMS) return null;
  const out: Record<string, string> = {};
  for (const [k, v] of entries) {
    if (typeof v !== 'string' || v.length > MAX_CALLBACK_VALUE) return null;
    out[k] = v;
  }
  return out;
}

function toView(r: TopUpEntity): TopUpView {
  return {
    id: r.id,
    trade_no: r.trade_no,
    amount: Number(r.amount),
    money: Number(r.money),
    payment_method: r.payment_method,
    status: r.status,
    create_time: Number(r.create_time),
    complete_time: Number(r.complete_time),
  };
}
