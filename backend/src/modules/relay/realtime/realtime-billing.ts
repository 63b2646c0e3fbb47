import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { reservationQuota, usageQuota, type ModelPricing, type Settings } from '@gw/shared';
import { APP_CONFIG, type AppConfig } from '../../../config/env';
import { QuotaLedger } from '../../billing/quota-ledger.service';
import { RelayMetrics } from '../../metrics/relay-metrics.service';
import { RelayDirectory } from '../cache/relay-directory.service';
import { newRequestId } from '../http/request-id';
import { plausibleUsage } from '../metering/billable-usage';
import type { RelayCaller } from '../pipeline/relay-caller';
import { chargeHold, releaseHold, reservationRefused, type Hold } from '../pipeline/quota-hold';
import { consumeLog, type BilledUsage } from '../pipeline/usage-log';
import type { RelayChannel } from '../routing/relay-channel';
import type { UsageReport } from '../../../providers/provider';
import { nowSec } from '../../../database/columns';
import { realtimeLogOther } from './realtime-usage';

/** What a session is priced at, fixed when it is admitted. */
export interface RealtimePrice {
  readonly model: string;
  readonly pricing: ModelPricing;
  readonly groupRatio: number;
  readonly free: boolean;
}

/** One response of a session: its own request id, reservation row and (at most one) charge. */
export interface ResponseHold extends Hold {
  readonly arrivedAt: number;
  readonly startedAt: number;
  /** The prompt tokens the reservation stands for: billed when the response ends without usage. */
  readonly reservedTokens: number;
}

export interface ResponseEnd {
  readonly caller: RelayCaller;
  readonly price: RealtimePrice;
  readonly settings: Settings;
  readonly hold: ResponseHold;
  readonly channel: RelayChannel;
  readonly upstreamModel: string;
  /** `response.done`'s usage; null when the response ended without one (session cut). */
  readonly report: UsageReport | null;
  readonly frtMs: number | null;
  /** 'complete' for a response.done, else how it ended ('client_closed', 'interrupted'). */
  readonly streamEnd: string;
}

/** Realtime usage is never bounded by the request: the audio and the server-side conversation are opaque. */
const OPAQUE_BOUNDS = { maxCompletionTokens: 0, promptEstimate: 0, promptOpaque: true, streamCut: false };

/**
 * The money of a Realtime session (docs/relay.md#realtime-websocket), on the relay's ledger path
 * (docs/ledger.md): each response reserves (PreConsumedQuota prompt tokens at the session's price)
 * before it is relayed, which is the balance check, and is settled once from its `response.done`
 * usage with the relay's formula and a type-2 log row.
 */
@Injectable()
export class RealtimeBilling {
  private readonly logger = new Logger(RealtimeBilling.name);

  constructor(
    private readonly ledger: QuotaLedger,
    private readonly directory: RelayDirectory,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Optional() private readonly metrics?: RelayMetrics,
  ) {}

  /** Reserves one response; insufficient_quota when the user or the token cannot pay for it. */
  async reserve(caller: RelayCaller, price: RealtimePrice, s: Settings, path: string): Promise<ResponseHold> {
    const tokenDrawn = !!caller.token && !caller.token.unlimited;
    const reservedTokens = s.PreConsumedQuota;
    const amount = reservationQuota(price.pricing, price.groupRatio, {
      promptTokens: 0,
      maxCompletionTokens: 0,
      preConsumedTokens: reservedTokens,
      quotaPerUnit: s.QuotaPerUnit,
    });
    const hold: ResponseHold = {
      requestId: newRequestId(),
      amount,
      tokenId: caller.token?.id ?? 0,
      tokenDrawn,
      arrivedAt: nowSec(),
      startedAt: performance.now(),
      reservedTokens,
    };
    const meta = {
      username: caller.user.username,
      tokenName: caller.token?.name ?? '',
      model: price.model,
      group: caller.group,
      ip: caller.ip,
      path,
      stream: true,
    };
    const ok = await this.ledger.reserve({
      reservation: {
        requestId: hold.requestId,
        userId: caller.user.id,
        tokenId: hold.tokenId,
        tokenDrawn,
        amount,
        promptQuota: amount,
        node: this.config.nodeName,
        createdAt: hold.arrivedAt,
        meta: JSON.stringify(meta),
      },
      requirePositive: !price.free,
    });
    if (!ok) {
      throw reservationRefused(caller, tokenDrawn, amount);
    }
    this.directory.moveQuota(caller, tokenDrawn, -amount);
    return hold;
  }

  /** A reserved response that never started upstream: everything goes back, no log. */
  async refund(caller: RelayCaller, hold: ResponseHold): Promise<void> {
    await releaseHold(this.ledger, this.directory, caller, hold);
  }

  /**
   * Bills one response in full (above its reservation too) from its usage; a response that ended
   * without a plausible usage pays its reservation's prompt tokens (as a request cut by a crash).
   */
  async settle(e: ResponseEnd): Promise<{ usage: BilledUsage; charged: number }> {
    const { caller, price, settings: s, hold } = e;
    const reported = e.report ? plausibleUsage(e.report, OPAQUE_BOUNDS) : null;
    const usage: BilledUsage = reported ?? {
      promptTokens: hold.reservedTokens,
      completionTokens: 0,
      cachedTokens: 0,
      cacheCreationTokens: 0,
      audioInputTokens: 0,
      audioOutputTokens: 0,
    };
    const charged = usageQuota(price.pricing, price.groupRatio, usage, s.QuotaPerUnit);
    const p = price.pricing.kind === 'token' ? price.pricing : null;
    const log = s.LogConsumeEnabled
      ? consumeLog({
          caller,
          model: price.model,
          path: '/v1/realtime',
          stream: true,
          channel: e.channel,
          upstreamModel: e.upstreamModel,
          tried: [e.channel.id],
          pricing: price.pricing,
          groupRatio: price.groupRatio,
          usage,
          usageClamped: !reported && e.report !== null,
          quota: charged,
          reserved: hold.amount,
          requestId: hold.requestId,
          arrivedAt: hold.arrivedAt,
          elapsedMs: performance.now() - hold.startedAt,
          frtMs: e.frtMs,
          streamEnd: e.streamEnd,
          extraOther: realtimeLogOther(usage, p),
        })
      : undefined;
    const committed = await chargeHold(this.ledger, this.directory, caller, hold, {
      charged,
      channelId: e.channel.id,
      log,
      model: price.model,
      tokens: usage.promptTokens + usage.completionTokens,
      at: hold.arrivedAt,
    });
    if (!committed) this.logger.warn(`settlement of ${hold.requestId} queued until the database is back`);
    this.metrics?.relayDelivered({
      model: price.model,
      channelId: e.channel.id,
      mode: 'realtime',
      stream: true,
      totalMs: performance.now() - hold.startedAt,
      upstreamMs: null,
      frtMs: e.frtMs,
      promptTokens: usage.promptTokens,
      completionTokens: usage.completionTokens,
      quota: charged,
    });
    return { usage, charged };
  }
}
