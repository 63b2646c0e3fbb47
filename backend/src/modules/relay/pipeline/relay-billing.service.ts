import { Injectable, Logger } from '@nestjs/common';
import { usageQuota } from '@gw/shared';
import { QuotaLedger } from '../../billing/quota-ledger.service';
import { RelayDirectory } from '../cache/relay-directory.service';
import { RelayError } from '../http/relay-error';
import {
  billableUsage,
  needsLocalCount,
  plausibleUsage,
  type Billable,
  requestBounds,
  type LocalUsage,
} from '../metering/billable-usage';
import { characterCount } from '../metering/prompt-parts';
import { TokenizerService } from '../metering/tokenizer.service';
import type { RelayCaller } from './relay-caller';
import type { Delivered, RelayContext } from './relay-context';
import { LOGGED_CONTENT_CHARS } from './upstream-attempt.service';
import { consumeLog, type BilledUsage } from './usage-log';

const localUsage = (promptTokens: number, completionTokens: number): BilledUsage => ({
  promptTokens,
  completionTokens,
  cachedTokens: 0,
  cacheCreationTokens: 0,
  audioInputTokens: 0,
  audioOutputTokens: 0,
});

/** Quota taken before the upstream call. */
export interface Reservation {
  readonly amount: number;
  /** Token whose remain_quota was drawn (null: unlimited token or playground). */
  readonly tokenId: number | null;
}

/** The largest token count recorded (logs store counts as 32-bit integers). */
const MAX_TOKENS = 2_147_483_647;

/** Upstream numbers are not trusted: integers in 0 … 2^31−1 (a charge can never turn into a credit). */
export function cleanCount(n: unknown): number {
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? Math.min(Math.floor(n), MAX_TOKENS) : 0;
}

/**
 * The relay's money: reserve before the upstream call, then settle to the real usage (refund the
 * rest, or take the difference up to what is left) or refund everything on failure. Cached
 * balances move with the database so that the next request sees them.
 */
@Injectable()
export class RelayBilling {
  private readonly logger = new Logger(RelayBilling.name);

  constructor(
    private readonly ledger: QuotaLedger,
    private readonly directory: RelayDirectory,
    private readonly tokenizer: TokenizerService,
  ) {}

  /** `solo`: no other relay request in flight (commit at once instead of sharing a commit). */
  async reserve(caller: RelayCaller, amount: number, solo = false): Promise<Reservation> {
    const tokenId = caller.token && !caller.token.unlimited ? caller.token.id : null;
    if (amount > 0) {
      const ok = await this.ledger.reserve({ tokenId, userId: caller.user.id, amount }, solo);
      if (!ok) {
        const tokenShort = tokenId !== null && (caller.token?.remainQuota ?? 0) < amount;
        throw new RelayError(
          tokenShort ? 'relay.token_exhausted' : 'relay.user_quota_exhausted',
          403,
          'insufficient_quota',
          'insufficient_quota',
        );
      }
      this.moveCached(caller, tokenId, -amount);
    }
    return { amount, tokenId };
  }

  /** Nothing was delivered: the whole reservation goes back; the request does not count. */
  refund(caller: RelayCaller, r: Reservation): void {
    if (r.amount <= 0) return;
    this.ledger.settle({
      tokenId: caller.token?.id ?? 0,
      tokenRefund: r.tokenId !== null ? r.amount : 0,
      userId: caller.user.id,
      userRefund: r.amount,
      charged: 0,
      countRequest: false,
      channelId: 0,
    });
    this.moveCached(caller, r.tokenId, r.amount);
  }

  /** Bills a delivered response; returns the charge. */
  async settle(ctx: RelayContext, out: Delivered, r: Reservation): Promise<number> {
    const { caller, admission, settings: s } = ctx;
    const billed = await this.usageOf(ctx, out);
    const usage = billed.usage;
    const quota = usageQuota(admission.pricing, admission.groupRatio, usage, s.QuotaPerUnit, ctx.req.calls);
    let charged = quota;
    let refund = 0;
    if (quota <= r.amount) refund = r.amount - quota;
    else {
      const extra = await this.ledger.chargeUpTo({
        tokenId: r.tokenId,
        userId: caller.user.id,
        amount: quota - r.amount,
      });
      charged = r.amount + extra;
      this.moveCached(caller, r.tokenId, -extra);
    }
    this.moveCached(caller, r.tokenId, refund);
    const log = s.LogConsumeEnabled
      ? consumeLog({
          caller,
          model: ctx.req.model,
          path: ctx.path,
          stream: ctx.req.stream,
          channel: out.channel,
          upstreamModel: out.upstreamModel,
          tried: out.tried,
          pricing: admission.pricing,
          groupRatio: admission.groupRatio,
          usage,
          usageClamped: billed.clamped,
          quota: charged,
          elapsedMs: performance.now() - ctx.startedAt,
          frtMs: out.frtMs,
          streamEnd: out.streamEnd,
          content: s.LogChatContentEnabled
            ? {
                input: this.inputContent(ctx),
                output: (out.meter?.text ?? out.outputText ?? '').slice(0, LOGGED_CONTENT_CHARS),
              }
            : undefined,
        })
      : undefined;
    this.ledger.settle({
      tokenId: caller.token?.id ?? 0,
      tokenRefund: r.tokenId !== null ? refund : 0,
      userId: caller.user.id,
      userRefund: refund,
      charged,
      countRequest: true,
      channelId: out.channel.id,
      log,
      usage: {
        username: caller.user.username,
        modelName: ctx.req.model,
        tokens: usage.promptTokens + usage.completionTokens,
      },
    });
    return charged;
  }

  /**
   * Upstream usage when plausible; else (none, absurd, or a cut stream's output) local counts of the
   * prompt and of what was delivered (billableUsage).
   */
  private async usageOf(ctx: RelayContext, out: Delivered): Promise<Billable> {
    const cut = out.meter !== null && out.streamEnd !== null && out.streamEnd !== 'complete';
    const bounds = requestBounds(ctx.req, ctx.admission.promptEstimate, cut);
    if (ctx.admission.pricing.kind === 'call') {
      // The price does not depend on tokens: no local counting, the report only informs the log.
      const reported = out.usage ? plausibleUsage(out.usage, bounds) : null;
      return { usage: reported ?? localUsage(ctx.admission.promptEstimate, 0), clamped: false };
    }
    if (!needsLocalCount(out.usage, bounds)) return billableUsage(out.usage, null, bounds);
    return billableUsage(out.usage, await this.localCount(ctx, out), bounds);
  }

  /** Our own counts: the prompt (TTS: its characters) and the output delivered (Whisper: its duration). */
  private async localCount(ctx: RelayContext, out: Delivered): Promise<LocalUsage> {
    const { req } = ctx;
    // Should the tokenizer fail, fall back to the byte estimate rather than leave the request unbilled.
    const outputText = out.outputText ?? '';
    const fallback = (estimate: number) => (err: unknown) => {
      this.logger.warn(`tokenizer unavailable, billing an estimate: ${String(err)}`);
      return estimate;
    };
    const promptTexts = req.prompt.characters
      ? Promise.resolve(characterCount(req.prompt.texts))
      : this.tokenizer
          .count(req.model, req.prompt.texts)
          .catch(fallback(ctx.admission.promptEstimate - req.prompt.fixedTokens));
    const completion =
      req.durationTokens !== undefined
        ? Promise.resolve(req.durationTokens)
        : (out.meter ? out.meter.total() : this.tokenizer.count(req.model, outputText ? [outputText] : [])).catch(
            fallback(Math.ceil(Buffer.byteLength(out.meter?.text ?? outputText) / 3)),
          );
    const [prompt, completionTokens] = await Promise.all([promptTexts, completion]);
    return { promptTokens: req.prompt.fixedTokens + prompt, completionTokens };
  }

  private inputContent(ctx: RelayContext): string {
    const body = ctx.req.body;
    const text =
      body.kind === 'json' ? JSON.stringify(body.json.messages ?? body.json.input ?? body.json.prompt ?? '') : '';
    return text.slice(0, LOGGED_CONTENT_CHARS);
  }

  private moveCached(caller: RelayCaller, tokenId: number | null, delta: number): void {
    if (delta === 0) return;
    if (tokenId !== null && caller.tokenHash)
      this.directory.tokens.update(caller.tokenHash, (t) => ({ ...t, remainQuota: t.remainQuota + delta }));
    this.directory.users.update(caller.user.id, (u) => ({ ...u, quota: u.quota + delta }));
  }
}
