import { Injectable, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../../common/http/app-error';
import { nowSec } from '../../../database/columns';
import { OptionService } from '../../option/option.service';
import { RelayError } from '../../relay/http/relay-error';
import { assignRequestId } from '../../relay/http/request-id';
import { RelayAuthService } from '../../relay/pipeline/relay-auth.service';
import type { RelayCaller } from '../../relay/pipeline/relay-caller';
import type { RelayTrace } from '../../tracing/relay-trace';
import { TaskChannels } from '../task-channels.service';
import { CreativeTaskRepository } from '../creative-task.repository';
import { TaskBilling } from '../task-billing.service';
import { sendTaskError } from '../task-reply';
import { answered, traced, tracedCall } from '../task-trace';
import { TaskStatus, type TaskBillingInfo } from '../task-status';
import { refusalMessage, SUNO_ACTIONS, SUNO_PLATFORM, submittedTaskId, sunoTaskDto } from './suno-wire';
import { forRequest } from '../../tracing/request-log';

const SUBMIT_TIMEOUT_MS = 60_000;
const MAX_FETCH_IDS = 100;
export const SUNO_CHANNEL_TYPE = 36;

/**
 * The Suno relay (docs/tasks.md): submissions are priced per action, reserved, forwarded to a Suno
 * channel and booked when the upstream accepts; fetches answer the caller's own tasks from the
 * table the poller keeps up to date.
 */
@Injectable()
export class SunoRelay {
  private readonly logger = new Logger(SunoRelay.name);

  constructor(
    private readonly auth: RelayAuthService,
    private readonly options: OptionService,
    private readonly channels: TaskChannels,
    private readonly billing: TaskBilling,
    private readonly tasks: CreativeTaskRepository,
  ) {}

  async submit(kind: string, req: FastifyRequest, reply: FastifyReply): Promise<void> {
    const startedAt = performance.now();
    const requestId = assignRequestId(reply);
    await traced(req, reply, 'suno.submit', (trace) =>
      this.submitTraced(kind, req, reply, trace, startedAt, requestId),
    );
  }

  private async submitTraced(
    kind: string,
    req: FastifyRequest,
    reply: FastifyReply,
    trace: RelayTrace,
    startedAt: number,
    requestId: string,
  ): Promise<void> {
    try {
      const caller = await this.caller(req);
      const spec = Object.prototype.hasOwnProperty.call(SUNO_ACTIONS, kind) ? SUNO_ACTIONS[kind] : undefined;
      if (!spec) throw AppError.badRequest('task.bad_action');
      trace.operation(`suno.${spec.action.toLowerCase()}`, spec.model);
      const body = req.body;
      if (!body || typeof body !== 'object' || Array.isArray(body)) throw AppError.badRequest('task.bad_body');
      const path = req.url.split('?')[0];
      const price = this.billing.price(caller, spec.model, this.options.settings);
      const channel = this.channels.pick(caller.group, spec.model, [SUNO_CHANNEL_TYPE]);
      trace.channel(channel);
      const hold = await this.billing.reserve(caller, price, requestId, path);
      let taskId: string | null = null;
      let reason = '';
      try {
        const answer = await tracedCall(trace, channel, `${channel.baseUrl}/suno/submit/${kind}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${this.channels.keyOf(channel)}` },
          body,
          timeoutMs: SUBMIT_TIMEOUT_MS,
        });
        taskId = answer.status < 300 ? submittedTaskId(answer.body) : null;
        if (!taskId) reason = refusalMessage(answer.body) || `upstream status ${answer.status}`;
      } catch (err) {
        reason = String(err).slice(0, 200);
      }
      if (!taskId) {
        await this.billing.release(caller, hold);
        this.logger.warn(forRequest(requestId, `suno submit refused by channel #${channel.id}: ${reason}`));
        throw RelayError.badGateway('task.upstream_failed', 'fail_to_submit');
      }
      const now = nowSec();
      const billingInfo: TaskBillingInfo = {
        request_id: requestId,
        token_id: hold.tokenId,
        token_drawn: hold.tokenDrawn,
        token_name: caller.token?.name ?? '',
        username: caller.user.username,
        group: caller.group,
        model: spec.model,
        quota: hold.amount,
      };
      await this.tasks.insert({
        created_at: now,
        updated_at: now,
        task_id: taskId,
        platform: SUNO_PLATFORM,
        user_id: caller.user.id,
        channel_id: channel.id,
        quota: hold.amount,
        action: spec.action,
        status: TaskStatus.Submitted,
        fail_reason: null,
        submit_time: now,
        start_time: 0,
        finish_time: 0,
        progress: '0%',
        properties: JSON.stringify({ billing: billingInfo }),
        data: null,
      });
      await this.billing.charge(caller, hold, price, {
        channel,
        taskId,
        path,
        arrivedAt: now,
        elapsedMs: performance.now() - startedAt,
      });
      answered(reply, 200);
      void reply.status(200).send({ code: 'success', message: '', data: taskId });
    } catch (err) {
      sendTaskError(req, reply, err);
    }
  }

  /** POST /suno/fetch `{ids: [...]}`: the caller's tasks among the ids. */
  fetchMany(req: FastifyRequest, reply: FastifyReply): Promise<void> {
    return traced(req, reply, 'suno.fetch', () => this.fetchManyTraced(req, reply));
  }

  private async fetchManyTraced(req: FastifyRequest, reply: FastifyReply): Promise<void> {
    try {
      const caller = await this.caller(req);
      const ids = (req.body as { ids?: unknown } | null)?.ids;
      if (!Array.isArray(ids) || ids.length > MAX_FETCH_IDS || ids.some((i) => typeof i !== 'string'))
        throw AppError.badRequest('task.bad_body');
      const rows = await this.tasks.ownByIds(caller.user.id, ids as string[]);
      answered(reply, 200);
      void reply.status(200).send({ code: 'success', message: '', data: rows.map(sunoTaskDto) });
    } catch (err) {
      sendTaskError(req, reply, err);
    }
  }

  /** GET /suno/fetch/{id}: one of the caller's tasks; 404 for anyone else's. */
  fetchOne(id: string, req: FastifyRequest, reply: FastifyReply): Promise<void> {
    return traced(req, reply, 'suno.fetch', () => this.fetchOneTraced(id, req, reply));
  }

  private async fetchOneTraced(id: string, req: FastifyRequest, reply: FastifyReply): Promise<void> {
    try {
      const caller = await this.caller(req);
      const row = id.length <= 191 ? await this.tasks.own(caller.user.id, id) : null;
      if (!row) throw new RelayError({ key: 'task.not_found', status: 404, code: 'task_not_exist' });
      answered(reply, 200);
      void reply.send({ code: 'success', message: '', data: sunoTaskDto(row) });
    } catch (err) {
      sendTaskError(req, reply, err);
    }
  }

  private caller(req: FastifyRequest): Promise<RelayCaller> {
    return req.relayCaller
      ? Promise.resolve(req.relayCaller)
      : this.auth.authenticate(req.headers.authorization, req.ip);
  }
}
