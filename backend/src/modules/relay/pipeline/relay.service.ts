import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { GROUP_NAME_MAX } from '@gw/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { APP_CONFIG, type AppConfig } from '../../../config/env';
import { RequestAbort } from '../../../common/net/request-abort';
import { pickLocale, t, type Locale } from '../../../common/i18n/i18n';
import { LogService } from '../../log/log.service';
import { RelayMetrics, UNROUTED_MODEL } from '../../metrics/relay-metrics.service';
import { OptionService } from '../../option/option.service';
import type { RelayMode } from '../../../providers/provider';
import { clientFacing, RelayError, relayErrorOf } from '../http/relay-error';
import { OPENAI_ERRORS, sendRelayError, type ErrorFormat } from '../http/relay-reply';
import { OPENAI_CLIENT, type ClientFormat } from '../inbound/inbound-dialect';
import { fromBrowserExtension } from '../limits/browser-extension';
import { RelayLimiter } from '../limits/relay-limiter.service';
import { promptText } from '../metering/prompt-parts';
import { admit } from './admission';
import { RelayAuthService } from './relay-auth.service';
import type { Hold } from './quota-hold';
import { RelayBilling } from './relay-billing.service';
import type { RelayCaller } from './relay-caller';
import type { RelayContext, RelayOutcome } from './relay-context';
import { afterResponse, RelayDrain, shuttingDown } from './relay-drain';
import { RelayExecutor } from './relay-executor.service';
import { parseRelayRequest, type RelayRequest } from './relay-request';
import { errorLog } from './usage-log';
import { assignRequestId, requestIdOf } from '../http/request-id';
import { nowSec } from '../../../database/columns';
import { RelayTrace } from '../../tracing/relay-trace';
import { forRequest } from '../../tracing/request-log';

/**
 * The relay pipeline for one request: authenticate → parse → admit (limits, price) → route →
 * reserve → call upstream (with retries) → settle and log. Errors are answered in the client's
 * format (OpenAI, Anthropic or Gemini); a reservation is always either settled or refunded. Each
 * request is counted in RelayDrain from admission until it is answered (the shutdown drain).
 */
@Injectable()
export class RelayService {
  private readonly logger = new Logger(RelayService.name);

  constructor(
    private readonly auth: RelayAuthService,
    private readonly executor: RelayExecutor,
    private readonly billing: RelayBilling,
    private readonly limiter: RelayLimiter,
    private readonly options: OptionService,
    private readonly logs: LogService,
    private readonly drain: RelayDrain,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Optional() private readonly metrics?: RelayMetrics,
  ) {}

  /** An API-key request on an OpenAI-format /v1 endpoint. */
  relay(mode: RelayMode, req: FastifyRequest, reply: FastifyReply): Promise<void> {
    const contentType = String(req.headers['content-type'] ?? '');
    return this.relayAs(OPENAI_CLIENT, () => parseRelayRequest(mode, req.body, contentType), req, reply);
  }

  /**
   * An API-key request in a client format (OpenAI, or a native one: Anthropic /v1/messages, Gemini
   * /v1beta): the key is read and errors are answered the format's way; `parse` validates the body.
   */
  async relayAs(
    client: ClientFormat,
    parse: () => RelayRequest,
    req: FastifyRequest,
    reply: FastifyReply,
  ): Promise<void> {
    const startedAt = performance.now();
    const locale = pickLocale(req.headers['accept-language']);
    const requestId = assignRequestId(reply);
    const trace = RelayTrace.start(req, reply, startedAt, requestId);
    await this.authenticated(client, parse, req, reply, startedAt, locale).finally(() => trace.ended(reply));
  }

  private async authenticated(
    client: ClientFormat,
    parse: () => RelayRequest,
    req: FastifyRequest,
    reply: FastifyReply,
    startedAt: number,
    locale: Locale,
  ): Promise<void> {
    let caller: RelayCaller;
    try {
      // Already checked when the body may be large (relay-key-check.ts).
      caller = req.relayCaller ?? (await this.auth.authenticate(client.authorization(req.headers, req.query), req.ip));
    } catch (err) {
      this.fail(reply, err, locale, client.errors);
      return;
    }
    await this.handle(parse, client.errors, caller, req, reply, startedAt, locale);
  }

  /** The console playground: a session user, billed without a token. */
  async playground(userId: number, req: FastifyRequest, reply: FastifyReply): Promise<void> {
    const startedAt = performance.now();
    const locale = pickLocale(req.headers['accept-language']);
    const requestId = assignRequestId(reply);
    const trace = RelayTrace.start(req, reply, startedAt, requestId);
    await this.playgroundAs(userId, req, reply, startedAt, locale).finally(() => trace.ended(reply));
  }

  private async playgroundAs(
    userId: number,
    req: FastifyRequest,
    reply: FastifyReply,
    startedAt: number,
    locale: Locale,
  ): Promise<void> {
    const body = req.body as { group?: unknown } | undefined;
    const group = typeof body?.group === 'string' ? body.group : undefined;
    let caller: RelayCaller;
    try {
      if (group !== undefined && group.length > GROUP_NAME_MAX) {
        throw RelayError.invalidRequest('relay.group_too_long', 'invalid_request', { max: GROUP_NAME_MAX });
      }
      caller = await this.auth.sessionCaller(userId, group, req.ip);
    } catch (err) {
      this.fail(reply, err, locale, OPENAI_ERRORS);
      return;
    }
    const contentType = String(req.headers['content-type'] ?? '');
    const parse = () => parseRelayRequest('chat', req.body, contentType);
    await this.handle(parse, OPENAI_ERRORS, caller, req, reply, startedAt, locale);
  }

  private async handle(
    parse: () => RelayRequest,
    errors: ErrorFormat,
    caller: RelayCaller,
    req: FastifyRequest,
    reply: FastifyReply,
    startedAt: number,
    locale: Locale,
  ): Promise<void> {
    const settings = this.options.settings;
    const path = req.url.split('?')[0];
    const requestId = requestIdOf(reply);
    const arrivedAt = nowSec();
    let parsed: RelayRequest | null = null;
    let hold: Hold | null = null;
    let settled = false;
    let outcome: RelayOutcome | null = null;
    let routed = false;
    const abort = new RequestAbort();
    let gone = false;
    const onClose = () => {
      if (!reply.raw.writableFinished) {
        gone = true;
        abort.abort(new Error('client closed'));
      }
    };
    reply.raw.on('close', onClose);
    const admitted = this.drain.enter(abort);
    const deadline =
      this.config.relayTimeoutSec > 0
        ? setTimeout(() => abort.abort(new Error('timeout')), this.config.relayTimeoutSec * 1000)
        : undefined;
    try {
      if (!admitted) throw shuttingDown();
      if (settings['global.block_browser_extension_enabled'] && fromBrowserExtension(req.headers.origin))
        throw RelayError.denied('relay.browser_extension_blocked', 'browser_extension_blocked');
      parsed = parse();
      const request = parsed;
      RelayTrace.of(reply)?.request(request.mode, request.model, request.stream);
      const admission = admit(caller, request, settings);
      this.limiter.checkPrompt(() => promptText(request.prompt), settings);
      const route = this.executor.route({ caller, req: request });
      routed = true;
      // A promise only when the limits are counted in Redis: without it the relay path awaits nothing here.
      const counted = this.limiter.admit(caller, settings);
      const ticket = counted instanceof Promise ? await counted : counted;
      hold = await this.billing.reserve({ caller, admission, req: request, path, requestId, arrivedAt });
      const held = hold;
      const ctx: RelayContext = {
        caller,
        req: request,
        admission,
        settings,
        path,
        locale,
        errors,
        startedAt,
        reply,
        signal: abort.signal,
        clientGone: () => gone,
        requestId,
        arrivedAt,
        settle: async (d) => {
          if (settled) return null;
          settled = true;
          RelayTrace.of(reply)?.delivered(d.channel, d.upstreamModel);
          return this.billing.settleUsage(ctx, d, held).then(
            (r) => (RelayTrace.of(reply)?.billed(r.usage, r.charged), r.usage),
            (err) => (this.logger.error(forRequest(requestId, `settlement failed: ${String(err)}`)), null),
          );
        },
      };
      outcome = await this.executor.run(ctx, route);
      if (outcome.kind === 'delivered') {
        this.limiter.succeeded(ticket);
        // Attempts settle before their last bytes; one that wrote nothing (client gone) is booked here.
        await ctx.settle(outcome);
        return;
      }
      throw outcome.error;
    } catch (err) {
      if (hold && !settled) {
        settled = true;
        await this.billing
          .refund(caller, hold)
          .catch((e) => this.logger.error(forRequest(requestId, `refund failed: ${String(e)}`)));
      }
      const error = this.fail(reply, err, locale, errors, settings);
      this.metrics?.relayFailed({
        // Before routing the model name is only client input: not a label (unbounded).
        model: routed && parsed ? parsed.model : UNROUTED_MODEL,
        channelId: outcome?.kind === 'failed' ? (outcome.channel?.id ?? 0) : 0,
        mode: parsed?.mode ?? 'unknown',
        status: error.status,
        totalMs: performance.now() - startedAt,
      });
      if (settings.LogErrorEnabled && parsed)
        this.logFailure(caller, parsed, path, error, outcome, startedAt, requestId);
    } finally {
      clearTimeout(deadline);
      reply.raw.off('close', onClose);
      // In flight until the last bytes left: the shutdown closes the connections after the drain.
      afterResponse(reply.raw, () => this.drain.leave(abort));
    }
  }

  /** The type-6 error log (LogErrorEnabled): what failed, where, after which channels. */
  private logFailure(
    caller: RelayCaller,
    req: RelayRequest,
    path: string,
    error: RelayError,
    outcome: RelayOutcome | null,
    startedAt: number,
    requestId: string,
  ): void {
    this.logs.record(
      errorLog({
        caller,
        model: req.model,
        path,
        stream: req.stream,
        error,
        message: error.upstreamMessage ?? t(error.key, 'en', error.params),
        channel: outcome?.kind === 'failed' ? outcome.channel : null,
        tried: outcome?.tried ?? [],
        requestId,
        elapsedMs: performance.now() - startedAt,
      }),
    );
  }

  /**
   * Answers any error; unexpected ones are logged and become 500 (503 when the database is down).
   * Returns the full error (for the log), whatever the client was shown.
   */
  private fail(
    reply: FastifyReply,
    err: unknown,
    locale: Locale,
    errors: ErrorFormat,
    settings = this.options.settings,
  ): RelayError {
    let error = relayErrorOf(err);
    if (!error) {
      const text = err instanceof Error ? (err.stack ?? err.message) : String(err);
      this.logger.error(forRequest(requestIdOf(reply), text));
      error = RelayError.internal();
    }
    RelayTrace.of(reply)?.failed(reply, error);
    sendRelayError(reply, clientFacing(error, settings), locale, errors);
    return error;
  }
}
