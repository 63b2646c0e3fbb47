import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { usageQuota } from '@gw/shared';
import { APP_CONFIG, type AppConfig } from '../../../config/env';
import type { ReservationMeta } from '../../billing/ledger-types';
import { QuotaLedger } from '../../billing/quota-ledger.service';
import { RelayMetrics } from '../../metrics/relay-metrics.service';
import { RelayDirectory } from '../cache/relay-directory.service';
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
import { chargeHold, releaseHold, reservationRefused, type Hold } from './quota-hold';
import type { RelayCaller } from './relay-caller';
import type { Delivered, RelayContext } from './relay-context';
import { LOGGED_CONTENT_CHARS } from './upstream-attempt.service';
import { consumeLog, type BilledUsage } from './usage-log';
import { forRequest } from '../../tracing/request-log';

const localUsage = (promptTokens: number, completionTokens: number): BilledUsage => ({
  promptTokens,
  completionTokens,
  cachedTokens: 0,
  cacheCreationTokens: 0,
  audioInputTokens: 0,
  audioOutputTokens: 0,
});

/** Quota held for one request (its `reservations` row). */
/**
 * The relay's money (docs/ledger.md): reserve before the upstream call (a durable reservation row),
 * then settle to the real usage in full, the overage too, or refund everything on failure. Each
 * step resolves once committed; cached balances move with the database so that the next request
 * sees them.
 */
@Injectable()
export class RelayBilling {
  private readonly logger = new Logger(RelayBilling.name);

  constructor(
    private readonly ledger: QuotaLedger,
    private readonly directory: RelayDirectory,
    private readonly tokenizer: TokenizerService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Optional() private readonly metrics?: RelayMetrics,
  ) {}

  /** Holds the admission's reservation; 403 when the token or the user cannot pay for it. */
  async reserve(
    ctx: Pick<RelayContext, 'caller' | 'admission' | 'req' | 'path' | 'requestId' | 'arrivedAt'>,
  ): Promise<Hold> {
    const { caller, admission } = ctx;
    const tokenDrawn = !!caller.token && !caller.token.unlimited;
    const hold: Hold = {
      requestId: ctx.requestId,
      amount: admission.reserve,
      tokenId: caller.token?.id ?? 0,
      tokenDrawn,
    };
    const meta: ReservationMeta = {
      username: caller.user.username,
      tokenName: caller.token?.name ?? '',
      model: ctx.req.model,
      group: caller.group,
      ip: caller.ip,
      path: ctx.path,
      stream: ctx.req.stream,
    };
    const ok = await this.ledger.reserve({
      reservation: {
        requestId: ctx.requestId,
        userId: caller.user.id,
        tokenId: hold.tokenId,
        tokenDrawn,
        amount: hold.amount,
        promptQuota: admission.promptQuota,
        node: this.config.nodeName,
        createdAt: ctx.arrivedAt,
        meta: JSON.stringify(meta),
      },
      requirePositive: !admission.free,
    });
    if (!ok) {
      throw reservationRefused(caller, tokenDrawn, hold.amount);
    }
    this.directory.moveQuota(caller, tokenDrawn, -hold.amount);
    return hold;
  }

  /** Nothing was delivered: the whole reservation goes back; the request does not count. */
  async refund(caller: RelayCaller, hold: Hold): Promise<void> {
    await releaseHold(this.ledger, this.directory, caller, hold);
  }

  /** Bills a delivered response in full (usage above the reservation too); returns the charge. */
  async settle(ctx: RelayContext, out: Delivered, hold: Hold): Promise<number> {
    return (await this.settleUsage(ctx, out, hold)).charged;
  }

  /** settle, also returning the usage billed (what an embeddings answer reports to the client). */
  async settleUsage(ctx: RelayContext, out: Delivered, hold: Hold): Promise<{ charged: number; usage: BilledUsage }> {
    const { caller, admission, settings: s } = ctx;
    const billed = await this.usageOf(ctx, out);
    const usage = billed.usage;
    const charged = usageQuota(admission.pricing, admission.groupRatio, usage, s.QuotaPerUnit, ctx.req.calls);
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
          reserved: hold.amount,
          requestId: ctx.requestId,
          arrivedAt: ctx.arrivedAt,
          elapsedMs: performance.now() - ctx.startedAt,
          frtMs: out.frtMs,
          streamEnd: out.streamEnd,
          streamError: out.streamError,
          content: s.LogChatContentEnabled
            ? {
                input: this.inputContent(ctx),
                output: (out.meter?.text ?? out.outputText ?? '').slice(0, LOGGED_CONTENT_CHARS),
              }
            : undefined,
        })
      : undefined;
    const committed = await chargeHold(this.ledger, this.directory, caller, hold, {
      charged,
      channelId: out.channel.id,
      log,
      model: ctx.req.model,
      tokens: usage.promptTokens + usage.completionTokens,
      at: ctx.arrivedAt,
    });
    if (!committed) this.logger.warn(`settlement of ${hold.requestId} queued until the database is back`);
    this.metrics?.relayDelivered({
      model: ctx.req.model,
      channelId: out.channel.id,
      mode: ctx.req.mode,
      stream: ctx.req.stream,
      totalMs: performance.now() - ctx.startedAt,
      upstreamMs: out.upstreamMs ?? null,
      frtMs: out.frtMs,
      promptTokens: usage.promptTokens,
      completionTokens: usage.completionTokens,
      quota: charged,
    });
    return { charged, usage };
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
      this.logger.warn(forRequest(ctx.requestId, `tokenizer unavailable, billing an estimate: ${String(err)}`));
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
}
