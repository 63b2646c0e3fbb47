import { Inject, Injectable, Logger } from '@nestjs/common';
import { checkOutboundUrl, isPublicAddress, type Settings } from '@gw/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { APP_CONFIG, type AppConfig } from '../../../config/env';
import { AppError } from '../../../common/http/app-error';
import { pickLocale, t } from '../../../common/i18n/i18n';
import { nowSec } from '../../../database/columns';
import type { DrawingTaskEntity } from '../../../database/entities';
import { OptionService } from '../../option/option.service';
import { RelayError } from '../../relay/http/relay-error';
import { assignRequestId } from '../../relay/http/request-id';
import { RelayAuthService } from '../../relay/pipeline/relay-auth.service';
import type { RelayCaller } from '../../relay/pipeline/relay-caller';
import type { RelayChannel } from '../../relay/routing/relay-channel';
import { DrawingTaskRepository } from '../drawing-task.repository';
import { TaskBilling } from '../task-billing.service';
import { TaskChannels } from '../task-channels.service';
import { TaskStatus, type TaskBillingInfo } from '../task-status';
import { answered, traced, tracedCall } from '../task-trace';
import type { RelayTrace } from '../../tracing/relay-trace';
import { MJ_CLIENT } from './mj-client';
import {
  buttonAction,
  changeAction,
  clearMode,
  MJ_ACCEPTED,
  MJ_PATH_ACTIONS,
  mjTaskDto,
  simpleChange,
  submitAnswer,
  type MjAction,
} from './mj-wire';
import { forRequest } from '../../tracing/request-log';

/** Channel types of the Midjourney proxy (2) and proxy plus (5). */
export const MJ_CHANNEL_TYPES = [2, 5];
const TIMEOUT_MS = 60_000;
const MAX_IDS = 100;

/** A refusal in the proxy's format: `{code, description, result: null}` with an HTTP status. */
class MjFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    readonly description: string,
  ) {
    super(description);
  }
}

/**
 * The Midjourney relay (docs/tasks.md): submissions priced per action and forwarded to a
 * midjourney-proxy channel (an action on a task goes to that task's channel), fetches answered from
 * the `midjourneys` table the poller keeps current, images forwarded from the task's own channel.
 */
@Injectable()
export class MjRelay {
  private readonly logger = new Logger(MjRelay.name);

  constructor(
    private readonly auth: RelayAuthService,
    private readonly options: OptionService,
    private readonly channels: TaskChannels,
    private readonly billing: TaskBilling,
    private readonly tasks: DrawingTaskRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async submit(kind: string, req: FastifyRequest, reply: FastifyReply): Promise<void> {
    const startedAt = performance.now();
    const requestId = assignRequestId(reply);
    await this.answer(req, reply, 'midjourney.submit', async (caller, trace) => {
      const s = this.options.settings;
      const body = req.body;
      if (!body || typeof body !== 'object' || Array.isArray(body)) throw AppError.badRequest('task.bad_body');
      const input = { ...(body as Record<string, unknown>) };
      const { action, originId } = this.actionOf(kind, input);
      trace.operation(`midjourney.${action.action.toLowerCase()}`, action.model);
      const origin = originId !== null ? await this.origin(caller, originId, s) : null;
      this.adjust(input, s);
      const price = this.billing.price(caller, action.model, s);
      const channel = origin
        ? this.channels.byId(origin.channel_id)
        : this.channels.pick(caller.group, action.model, MJ_CHANNEL_TYPES);
      if (!channel) throw RelayError.noChannel(caller.group, action.model);
      trace.channel(channel);
      const path = req.url.split('?')[0];
      const hold = await this.billing.reserve(caller, price, requestId, path);
      let status = 502;
      let answer: ReturnType<typeof submitAnswer> = null;
      try {
        const res = await tracedCall(trace, channel, `${channel.baseUrl}/mj/submit/${kind}`, {
          method: 'POST',
          headers: { 'mj-api-secret': this.channels.keyOf(channel) },
          body: input,
          timeoutMs: TIMEOUT_MS,
        });
        status = res.status;
        answer = submitAnswer(res.body);
      } catch (err) {
        this.logger.warn(forRequest(requestId, `mj submit to channel #${channel.id} failed: ${String(err)}`));
      }
      if (!answer || status >= 300 || !MJ_ACCEPTED.has(answer.code)) {
        await this.billing.release(caller, hold);
        if (answer) return { status: status >= 300 ? status : 200, body: { ...answer, result: answer.result ?? null } };
        throw RelayError.badGateway('task.upstream_failed', 'fail_to_submit');
      }
      const mjId = typeof answer.result === 'string' ? answer.result.slice(0, 64) : '';
      if (mjId && action.action !== 'UPLOAD')
        await this.record(caller, hold.amount, requestId, action, input, channel, mjId, answer.code);
      await this.billing.charge(caller, hold, price, {
        channel,
        taskId: mjId,
        path,
        arrivedAt: nowSec(),
        elapsedMs: performance.now() - startedAt,
      });
      return { status: 200, body: answer };
    });
  }

  /** GET /mj/task/{id}/fetch: one of the caller's tasks. */
  fetchOne(id: string, req: FastifyRequest, reply: FastifyReply): Promise<void> {
    return this.answer(req, reply, 'midjourney.fetch', async (caller) => {
      const row = id.length <= 64 ? await this.tasks.own(caller.user.id, id) : null;
      if (!row) throw new MjFailure(404, 3, 'task_no_found');
      return { status: 200, body: mjTaskDto(row, this.forwardBase()) };
    });
  }

  /** POST /mj/task/list-by-condition `{ids}`: the caller's tasks among them. */
  list(req: FastifyRequest, reply: FastifyReply): Promise<void> {
    return this.answer(req, reply, 'midjourney.list', async (caller) => {
      const ids = (req.body as { ids?: unknown } | null)?.ids;
      if (!Array.isArray(ids) || ids.length > MAX_IDS || ids.some((i) => typeof i !== 'string'))
        throw AppError.badRequest('task.bad_body');
      const rows = await this.tasks.ownByIds(caller.user.id, ids as string[]);
      const base = this.forwardBase();
      return { status: 200, body: rows.map((r) => mjTaskDto(r, base)) };
    });
  }

  /** GET /mj/task/{id}/image-seed: asked of the task's own channel. */
  imageSeed(id: string, req: FastifyRequest, reply: FastifyReply): Promise<void> {
    return this.answer(req, reply, 'midjourney.image_seed', async (caller, trace) => {
      const row = id.length <= 64 ? await this.tasks.own(caller.user.id, id) : null;
      const channel = row ? this.channels.byId(row.channel_id) : undefined;
      if (!row || !channel) throw new MjFailure(404, 3, 'task_no_found');
      trace.channel(channel);
      const res = await tracedCall(
        trace,
        channel,
        `${channel.baseUrl}/mj/task/${encodeURIComponent(row.mj_id)}/image-seed`,
        {
          method: 'GET',
          headers: { 'mj-api-secret': this.channels.keyOf(channel) },
          timeoutMs: TIMEOUT_MS,
        },
      ).catch(() => null);
      const seed = res ? submitAnswer(res.body) : null;
      if (!seed) throw RelayError.badGateway('task.upstream_failed', 'fail_to_fetch');
      return { status: 200, body: seed };
    });
  }

  /**
   * GET /mj/image/{id} (MjForwardUrlEnabled): the task's image, fetched only from its own channel's
   * origin, so the route cannot be used to reach anything else.
   */
  async image(id: string, reply: FastifyReply): Promise<void> {
    const row = this.options.settings.MjForwardUrlEnabled && id.length <= 64 ? await this.tasks.byMjId(id) : null;
    const channel = row?.image_url ? this.channels.byId(row.channel_id) : undefined;
    if (!row?.image_url || !channel || !sameOrigin(row.image_url, channel.baseUrl)) {
      void reply.status(404).send({ code: 3, description: 'image_not_found', result: null });
      return;
    }
    try {
      const res = await fetch(row.image_url, { signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'error' });
      const type = res.headers.get('content-type') ?? '';
      if (!res.ok || !/^image\//.test(type)) throw new Error(`status ${res.status} ${type}`);
      void reply
        .header('content-type', type)
        .header('cache-control', 'private, max-age=86400')
        .send(Buffer.from(await res.arrayBuffer()));
    } catch (err) {
      this.logger.warn(`mj image ${id}: ${String(err)}`);
      void reply.status(502).send({ code: 9, description: 'image_fetch_failed', result: null });
    }
  }

  private actionOf(kind: string, input: Record<string, unknown>): { action: MjAction; originId: string | null } {
    const origin = (v: unknown) => (typeof v === 'string' && v ? v : null);
    if (kind === 'change') {
      const action = changeAction(input.action);
      if (!action || !origin(input.taskId)) throw AppError.badRequest('task.bad_action');
      return { action, originId: origin(input.taskId) };
    }
    if (kind === 'simple-change') {
      const c = simpleChange(input.content);
      if (!c) throw AppError.badRequest('task.bad_action');
      return { action: c.action, originId: c.taskId };
    }
    if (kind === 'action') {
      const action = buttonAction(input.customId);
      if (!action || !origin(input.taskId)) throw AppError.badRequest('task.bad_action');
      return { action, originId: origin(input.taskId) };
    }
    const action = Object.prototype.hasOwnProperty.call(MJ_PATH_ACTIONS, kind) ? MJ_PATH_ACTIONS[kind] : undefined;
    if (!action) throw AppError.badRequest('task.bad_action');
    if (kind === 'modal' && !origin(input.taskId)) throw AppError.badRequest('task.bad_body');
    return { action, originId: kind === 'modal' ? origin(input.taskId) : null };
  }

  /** The task an action works on: the caller's own, and (MjActionCheckSuccessEnabled) finished. */
  private async origin(caller: RelayCaller, id: string, s: Settings): Promise<DrawingTaskEntity> {
    const row = id.length <= 64 ? await this.tasks.own(caller.user.id, id) : null;
    if (!row) throw new MjFailure(404, 3, 'task_no_found');
    if (s.MjActionCheckSuccessEnabled && row.status !== TaskStatus.Success)
      throw new MjFailure(400, 4, 'task_status_not_success');
    return row;
  }

  /** The options' edits of the body: mode flags, account filter, notify hook. */
  private adjust(input: Record<string, unknown>, s: Settings): void {
    if (s.MjModeClearEnabled && typeof input.prompt === 'string') input.prompt = clearMode(input.prompt);
    if (!s.MjAccountFilterEnabled) delete input.accountFilter;
    if (!s.MjNotifyEnabled || input.notifyHook === '' || input.notifyHook === undefined) {
      delete input.notifyHook;
      return;
    }
    const hook = input.notifyHook;
    if (typeof hook !== 'string' || checkOutboundUrl(hook, isPublicAddress))
      throw new MjFailure(400, 4, 'invalid_notify_hook');
  }

  private async record(
    caller: RelayCaller,
    quota: number,
    requestId: string,
    action: MjAction,
    input: Record<string, unknown>,
    channel: RelayChannel,
    mjId: string,
    code: number,
  ): Promise<void> {
    const billing: TaskBillingInfo = {
      request_id: requestId,
      token_id: caller.token?.id ?? 0,
      token_drawn: !!caller.token && !caller.token.unlimited,
      token_name: caller.token?.name ?? '',
      username: caller.user.username,
      group: caller.group,
      model: action.model,
      quota,
    };
    const now = Date.now();
    await this.tasks.insert({
      code,
      user_id: caller.user.id,
      action: action.action,
      mj_id: mjId,
      prompt: typeof input.prompt === 'string' ? input.prompt.slice(0, 8000) : null,
      prompt_en: null,
      description: null,
      state: typeof input.state === 'string' ? input.state.slice(0, 64) : '',
      submit_time: now,
      start_time: 0,
      finish_time: 0,
      image_url: null,
      status: TaskStatus.Submitted,
      progress: '0%',
      fail_reason: null,
      channel_id: channel.id,
      quota,
      buttons: null,
      properties: JSON.stringify({ billing }),
      created_at: Math.floor(now / 1000),
    });
  }

  private forwardBase(): string | null {
    const s = this.options.settings;
    return s.MjForwardUrlEnabled ? s.ServerAddress.replace(/\/+$/, '') : null;
  }

  /** Serves one request under its relay span named `operation` (task-trace.ts), answered in the proxy's format. */
  private answer(
    req: FastifyRequest,
    reply: FastifyReply,
    operation: string,
    fn: (caller: RelayCaller, trace: RelayTrace) => Promise<{ status: number; body: unknown }>,
  ): Promise<void> {
    return traced(req, reply, operation, async (trace) => {
      try {
        const caller =
          req.relayCaller ?? (await this.auth.authenticate(MJ_CLIENT.authorization(req.headers, req.query), req.ip));
        const out = await fn(caller, trace);
        answered(reply, out.status, (out.body as { code?: number } | null)?.code ?? null);
        void reply.status(out.status).send(out.body);
      } catch (err) {
        if (err instanceof MjFailure) {
          answered(reply, err.status, err.description);
          void reply.status(err.status).send({ code: err.code, description: err.description, result: null });
          return;
        }
        if (!(err instanceof AppError)) throw err;
        const locale = pickLocale(req.headers['accept-language']);
        const description = t(err.key, locale, err.params);
        answered(reply, err.status, err instanceof RelayError ? (err.code ?? err.type) : err.key);
        void reply
          .status(err.status)
          .send({ code: err.status === 400 ? 4 : err.status === 404 ? 3 : 9, description, result: null });
      }
    });
  }
}

function sameOrigin(url: string, base: string): boolean {
  try {
    return new URL(url).origin === new URL(base).origin;
  } catch {
    return false;
  }
}
