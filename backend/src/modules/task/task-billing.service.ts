import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { callQuota, LogType, type Settings } from '@gw/shared';
import { APP_CONFIG, type AppConfig } from '../../config/env';
import { nowSec } from '../../database/columns';
import { QuotaLedger } from '../billing/quota-ledger.service';
import { RelayMetrics } from '../metrics/relay-metrics.service';
import { chargeHold, releaseHold, reservationRefused, type Hold } from '../relay/pipeline/quota-hold';
import { RelayDirectory } from '../relay/cache/relay-directory.service';
import { RelayError } from '../relay/http/relay-error';
import { admitModel } from '../relay/pipeline/admission';
import type { RelayCaller } from '../relay/pipeline/relay-caller';
import type { RelayChannel } from '../relay/routing/relay-channel';
import { TokenService } from '../token/token.service';
import type { TaskBillingInfo } from './task-status';

/** The price of one task action: ModelPrice × QuotaPerUnit × group ratio. */
export interface TaskPrice {
  readonly model: string;
  readonly modelPrice: number;
  readonly groupRatio: number;
  readonly quota: number;
  readonly free: boolean;
}

/** Quota held for one submission (its `reservations` row). */
/** A task's reservation: the relay's hold. */
export type TaskHold = Hold;

/**
 * Per-action billing of asynchronous tasks (docs/tasks.md): the price is reserved at submission
 * through the relay's ledger, released when the upstream refuses, booked with one consumption row
 * when it accepts; a task that later fails gets the whole charge back through a second ledger
 * movement (a negative consumption row), so credits − charges = balance still holds.
 */
@Injectable()
export class TaskBilling {
  private readonly logger = new Logger(TaskBilling.name);

  constructor(
    private readonly ledger: QuotaLedger,
    private readonly directory: RelayDirectory,
    private readonly tokens: TokenService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Optional() private readonly metrics?: RelayMetrics,
  ) {}

  /** Token model limits, the group, the price; 403 when the model has no price or the user no balance. */
  price(caller: RelayCaller, model: string, s: Settings): TaskPrice {
    const { pricing, groupRatio } = admitModel(caller, model, s);
    const modelPrice = pricing.kind === 'call' ? pricing.modelPrice : 0;
    const quota =
      pricing.kind === 'call' ? callQuota(modelPrice, groupRatio, s.QuotaPerUnit) : Math.round(s.QuotaPerUnit * 0.1);
    const free = quota === 0;
    if (!free && caller.user.quota <= 0) throw RelayError.quotaExhausted('relay.user_quota_exhausted');
    return { model, modelPrice, groupRatio, quota, free };
  }

  async reserve(caller: RelayCaller, price: TaskPrice, requestId: string, path: string): Promise<TaskHold> {
    const tokenDrawn = !!caller.token && !caller.token.unlimited;
    const hold: TaskHold = { requestId, amount: price.quota, tokenId: caller.token?.id ?? 0, tokenDrawn };
    const ok = await this.ledger.reserve({
      reservation: {
        requestId,
        userId: caller.user.id,
        tokenId: hold.tokenId,
        tokenDrawn,
        amount: price.quota,
        promptQuota: price.quota,
        node: this.config.nodeName,
        createdAt: nowSec(),
        meta: JSON.stringify({
          username: caller.user.username,
          tokenName: caller.token?.name ?? '',
          model: price.model,
          group: caller.group,
          ip: caller.ip,
          path,
          stream: false,
        }),
      },
      requirePositive: !price.free,
    });
    if (!ok) {
      throw reservationRefused(caller, tokenDrawn, price.quota);
    }
    this.directory.moveQuota(caller, tokenDrawn, -price.quota);
    return hold;
  }

  /** The upstream refused: the whole reservation goes back, no row. */
  async release(caller: RelayCaller, hold: TaskHold): Promise<void> {
    await releaseHold(this.ledger, this.directory, caller, hold);
  }

  /** The upstream accepted: the reservation becomes the charge, with the task's one consumption row. */
  async charge(
    caller: RelayCaller,
    hold: TaskHold,
    price: TaskPrice,
    at: { channel: RelayChannel; taskId: string; path: string; arrivedAt: number; elapsedMs: number },
  ): Promise<void> {
    await chargeHold(this.ledger, this.directory, caller, hold, {
      charged: hold.amount,
      channelId: at.channel.id,
      log: {
        type: LogType.Consume,
        created_at: at.arrivedAt,
        request_id: hold.requestId,
        user_id: caller.user.id,
        username: caller.user.username,
        token_id: hold.tokenId,
        token_name: caller.token?.name ?? '',
        model_name: price.model,
        quota: hold.amount,
        prompt_tokens: 0,
        completion_tokens: 0,
        use_time: Math.max(0, Math.round(at.elapsedMs / 1000)),
        is_stream: false,
        channel_id: at.channel.id,
        channel_name: at.channel.name,
        group: caller.group,
        ip: caller.ip,
        content: '',
        other: JSON.stringify({
          task_id: at.taskId,
          model_price: price.modelPrice,
          group_ratio: price.groupRatio,
          request_path: at.path,
          admin_info: { use_channel: [at.channel.id] },
        }),
      },
      model: price.model,
      tokens: 0,
      at: at.arrivedAt,
    });
    this.metrics?.relayDelivered({
      model: price.model,
      channelId: at.channel.id,
      mode: 'task',
      stream: false,
      totalMs: at.elapsedMs,
      upstreamMs: null,
      frtMs: null,
      promptTokens: 0,
      completionTokens: 0,
      quota: hold.amount,
    });
  }

  /**
   * Gives a failed task its charge back. Call it only after winning the task's terminal status
   * change, which makes it happen once; the ledger's reservation key makes a repeated commit harmless.
   */
  async refund(
    b: TaskBillingInfo,
    task: { userId: number; channelId: number; taskId: string; reason: string },
  ): Promise<void> {
    if (b.quota <= 0) return;
    const requestId = `${b.request_id}r`;
    const ok = await this.ledger.reserve({
      reservation: {
        requestId,
        userId: task.userId,
        tokenId: b.token_id,
        tokenDrawn: b.token_drawn,
        amount: 0,
        promptQuota: 0,
        node: this.config.nodeName,
        createdAt: nowSec(),
        meta: JSON.stringify({
          username: b.username,
          tokenName: b.token_name,
          model: b.model,
          group: b.group,
          ip: '',
          path: '',
          stream: false,
        }),
      },
      requirePositive: false,
    });
    if (!ok) this.logger.warn(`refund of task ${task.taskId}: reservation refused`);
    await this.ledger.settle({
      requestId,
      userId: task.userId,
      tokenId: b.token_id,
      tokenDrawn: b.token_drawn,
      reserved: 0,
      charged: -b.quota,
      countRequest: false,
      channelId: 0,
      log: {
        type: LogType.Consume,
        created_at: nowSec(),
        request_id: requestId,
        user_id: task.userId,
        username: b.username,
        token_id: b.token_id,
        token_name: b.token_name,
        model_name: b.model,
        quota: -b.quota,
        prompt_tokens: 0,
        completion_tokens: 0,
        use_time: 0,
        is_stream: false,
        channel_id: task.channelId,
        channel_name: '',
        group: b.group,
        ip: '',
        content: '',
        other: JSON.stringify({ task_id: task.taskId, refund: true, reason: task.reason.slice(0, 500) }),
      },
    });
    this.directory.users.update(task.userId, (u) => ({ ...u, quota: u.quota + b.quota }));
    // The cached token is keyed by its key hash: read afresh on its next use.
    const hash = b.token_drawn ? await this.tokens.keyHashOfOwn(task.userId, b.token_id).catch(() => null) : null;
    if (hash) this.directory.tokens.invalidate(hash);
  }
}
