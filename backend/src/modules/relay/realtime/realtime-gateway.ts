import type {} from '@fastify/websocket';
import type { Settings } from '@gw/shared';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { IncomingMessage } from 'node:http';
import type { WebSocket } from 'ws';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { APP_CONFIG, type AppConfig } from '../../../config/env';
import { pickLocale } from '../../../common/i18n/i18n';
import { AdaptorRegistry } from '../../../providers/adaptor-registry';
import { realtimeCall, REALTIME_CHANNEL_TYPES } from '../../../providers/shared/realtime-call';
import { supports } from '../../../providers/registry';
import { OptionService } from '../../option/option.service';
import { RelayDirectory } from '../cache/relay-directory.service';
import { clientFacing, RelayError, relayErrorOf } from '../http/relay-error';
import { sendRelayRefusal } from '../http/relay-refusal';
import { assignRequestId, REQUEST_ID_HEADER } from '../http/request-id';
import { RelayTrace } from '../../tracing/relay-trace';
import { fromBrowserExtension } from '../limits/browser-extension';
import { RelayLimiter } from '../limits/relay-limiter.service';
import { admitModel } from '../pipeline/admission';
import { RelayAuthService } from '../pipeline/relay-auth.service';
import type { RelayCaller } from '../pipeline/relay-caller';
import { RelayDrain, shuttingDown } from '../pipeline/relay-drain';
import { ChannelDirectory } from '../routing/channel-directory.service';
import { ChannelKeyPicker } from '../routing/channel-key-picker.service';
import { ChannelHealth } from '../routing/channel-health.service';
import { adaptorTarget, upstreamModelOf, type RelayChannel } from '../routing/relay-channel';
import { pickChannel } from '../routing/routing-table';
import { RealtimeBilling, type RealtimePrice } from './realtime-billing';
import { chooseProtocol, realtimeAuthorization, wantsBeta } from './realtime-protocol';
import { RealtimeSession, type SessionInit } from './realtime-session';
import { openUpstream } from './realtime-upstream';

export const REALTIME_PATH = '/v1/realtime';

/** What the checks before the upgrade established, for the session. */
type Prepared = Omit<SessionInit, 'client' | 'upstream' | 'early' | 'abort'> & {
  readonly abort: AbortController;
  readonly open: Awaited<ReturnType<typeof openUpstream>>;
  readonly requestId: string;
  readonly relayTrace: RelayTrace;
};

/**
 * `GET /v1/realtime?model=…` (docs/relay.md#realtime-websocket): a WebSocket route of @fastify/websocket, so
 * the global hooks (rate limits, client IP, request bounds) run as for any route. Before the
 * upgrade: the key (header or subprotocol), the token and admission rules, rate limits, a channel of a type that
 * serves Realtime and the upstream connection; a failure is an HTTP status with the OpenAI error
 * body. After it, RealtimeSession relays and bills.
 */
@Injectable()
export class RealtimeGateway {
  private readonly logger = new Logger('RealtimeRelay');
  private readonly prepared = new WeakMap<FastifyRequest['raw'], Prepared>();

  constructor(
    private readonly auth: RelayAuthService,
    private readonly options: OptionService,
    private readonly channels: ChannelDirectory,
    private readonly registry: AdaptorRegistry,
    private readonly billing: RealtimeBilling,
    private readonly directory: RelayDirectory,
    private readonly keys: ChannelKeyPicker,
    private readonly drain: RelayDrain,
    private readonly limiter: RelayLimiter,
    private readonly health: ChannelHealth,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * The options of the WebSocket server: the subprotocol answered never echoes the key; a client
   * frame is bounded like a request body (MAX_REQUEST_BODY_MB).
   */
  serverOptions() {
    return {
      handleProtocols: (offered: Set<string>) => chooseProtocol(offered),
      maxPayload: this.config.maxRequestBodyBytes,
    };
  }

  register(fastify: FastifyInstance): void {
    fastify.route({
      method: 'GET',
      url: REALTIME_PATH,
      preHandler: (req, reply) => this.prepare(req, reply),
      handler: (req, reply) => {
        this.refuse(
          req,
          reply,
          new RelayError({ key: 'relay.realtime_upgrade_required', status: 426, code: 'upgrade_required' }),
        );
      },
      wsHandler: (socket: WebSocket, req: FastifyRequest) => this.attach(socket, req),
    });
    // The 101 carries the session's request id and Server-Timing (gateway time, and the upstream's
    // opening as `upstream`), as every relay answer does; ws lets the head be extended here.
    fastify.websocketServer.on('headers', (headers: string[], raw: IncomingMessage) => {
      const prepared = this.prepared.get(raw);
      if (!prepared) return;
      headers.push(
        `${REQUEST_ID_HEADER}: ${prepared.requestId}`,
        `Server-Timing: ${prepared.relayTrace.serverTiming()}`,
      );
    });
  }

  private async prepare(req: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (!req.ws) return;
    const startedAt = performance.now();
    const locale = pickLocale(req.headers['accept-language']);
    const requestId = assignRequestId(reply);
    // The session's span, from here to its close (docs/observability.md#traces-and-logs).
    const trace = RelayTrace.ensure(req, reply, startedAt);
    trace.operation('realtime');
    // Counted in the shutdown drain from here; the session leaves it when it ends.
    const abort = new AbortController();
    if (!this.drain.enter(abort)) return this.refuse(req, reply, shuttingDown());
    try {
      const caller = await this.auth.authenticate(
        realtimeAuthorization(req.headers.authorization, req.headers['sec-websocket-protocol']),
        req.ip,
      );
      const query = req.query as Record<string, unknown>;
      const model =
        typeof query.model === 'string' ? query.model : typeof query.deployment === 'string' ? query.deployment : '';
      if (!model) throw RelayError.invalidRequest('relay.model_required', 'model_required');
      trace.operation('realtime', model);
      const settings = this.options.settings;
      if (settings['global.block_browser_extension_enabled'] && fromBrowserExtension(req.headers.origin))
        throw RelayError.denied('relay.browser_extension_blocked', 'browser_extension_blocked');
      const { pricing, groupRatio } = admitModel(caller, model, settings);
      const free = groupRatio === 0 || (pricing.kind === 'call' ? pricing.modelPrice === 0 : pricing.modelRatio === 0);
      if (!free && caller.user.quota <= 0) throw RelayError.quotaExhausted('relay.user_quota_exhausted');
      const price: RealtimePrice = { model, pricing, groupRatio, free };
      const beta = wantsBeta(req.headers['openai-beta'], req.headers['sec-websocket-protocol']);
      // A session counts as one request for the token's and the model's rate limits.
      const ticket = await this.limiter.admit(caller, settings);
      const { channel, upstreamModel, open, connection } = await this.connect(caller, model, beta, settings, trace);
      this.limiter.succeeded(ticket);
      trace.delivered(channel, upstreamModel);
      const prepared: Prepared = {
        ...{ caller, price, settings, channel, upstreamModel, locale, path: REALTIME_PATH, open, abort },
        requestId,
        relayTrace: trace,
        trace: trace.session(connection),
      };
      this.prepared.set(req.raw, prepared);
      // The upgrade did not happen after all (the client went away, maybe while the upstream was
      // being reached): nothing was relayed or reserved.
      const abandon = () => {
        if (this.prepared.get(req.raw) !== prepared) return;
        this.prepared.delete(req.raw);
        open.socket.terminate();
        this.drain.leave(abort);
        prepared.trace.closed();
      };
      if (req.raw.socket.destroyed) abandon();
      else req.raw.socket.once('close', abandon);
    } catch (err) {
      this.drain.leave(abort);
      this.refuse(req, reply, err);
    }
  }

  /** Channels of the (group, model) that serve Realtime, by priority; a failed connection tries the next. */
  private async connect(caller: RelayCaller, model: string, beta: boolean, settings: Settings, trace: RelayTrace) {
    const retries = settings.RetryTimes;
    const table = this.channels.table;
    const serves = (c: RelayChannel) => REALTIME_CHANNEL_TYPES.has(c.type) && supports(c.type, 'realtime');
    let pinned: RelayChannel | undefined;
    if (caller.pinnedChannelId !== null) {
      pinned = table.channel(caller.pinnedChannelId);
      if (!pinned || pinned.status !== 1)
        throw RelayError.denied('relay.pinned_channel_unavailable', 'channel_unavailable');
      if (!serves(pinned))
        throw RelayError.invalidRequest('relay.realtime_unsupported', 'realtime_not_supported', { model });
    }
    const tiers = table.tiers(caller.group, model);
    if (!pinned && tiers.length === 0) throw RelayError.noChannel(caller.group, model);
    if (!pinned && !tiers.some((t) => t.channels.some(serves)))
      throw RelayError.invalidRequest('relay.realtime_unsupported', 'realtime_not_supported', { model });
    const tried = new Set<number>();
    let below: number | null = null;
    let last: unknown = null;
    for (let i = 0; i <= (pinned ? 0 : retries); i++) {
      const channel: RelayChannel | null =
        pinned ?? pickChannel(tiers, { exclude: tried, belowPriority: below, accept: serves, random: Math.random });
      if (!channel) break;
      tried.add(channel.id);
      below = channel.priority;
      const entry = this.registry.get(channel.type);
      const key = this.keys.pick(channel)?.key ?? '';
      const target = adaptorTarget(channel, key, entry?.defaultBaseUrl ?? '');
      const upstreamModel = upstreamModelOf(channel, model);
      const call = realtimeCall({
        channelType: channel.type,
        baseUrl: target.baseUrl,
        key,
        model: upstreamModel,
        other: target.other,
        beta,
      });
      if (!call || !key || !target.baseUrl) {
        last = RelayError.badGateway('relay.upstream_unreachable', 'channel_misconfigured');
        continue;
      }
      // A client span per connection attempt; the one that opens lasts as long as the session.
      const { origin, pathname } = new URL(call.url);
      const traced = trace.attempt(channel, { origin, path: pathname, method: 'GET', headers: call.headers });
      try {
        const open = await openUpstream(
          { ...call, headers: traced.headers },
          this.config.relayConnectTimeoutSec * 1000,
        );
        traced.attempt.count();
        return { channel, upstreamModel, open, connection: traced.attempt };
      } catch (err) {
        last = err;
        // Counted against the channel like a failed HTTP attempt (auto-disable rules).
        const error = relayErrorOf(err);
        const status = typeof error?.params?.status === 'number' ? error.params.status : null;
        traced.attempt.end(status, error?.code ?? 'upstream_unreachable');
        this.health.observeFailure(channel, status, error?.upstreamMessage ?? String(err), settings);
        this.logger.warn(
          `realtime upstream of channel ${channel.id} failed: ${relayErrorOf(err)?.upstreamMessage ?? String(err)}`,
        );
      }
    }
    throw last ?? RelayError.noChannel(caller.group, model);
  }

  private attach(client: WebSocket, req: FastifyRequest): void {
    const prepared = this.prepared.get(req.raw);
    this.prepared.delete(req.raw);
    if (!prepared) {
      client.close(1011, 'not prepared');
      return;
    }
    const { open, ...init } = prepared;
    open.stopBuffering();
    new RealtimeSession(
      { ...init, client, upstream: open.socket, early: open.early },
      { billing: this.billing, directory: this.directory, drain: this.drain, logger: this.logger },
    ).start();
  }

  /** An HTTP refusal before the upgrade, timed and traced (relay-refusal.ts). */
  private refuse(req: FastifyRequest, reply: FastifyReply, err: unknown): void {
    let error = relayErrorOf(err);
    if (!error) {
      this.logger.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
      error = RelayError.internal();
    }
    sendRelayRefusal(req, reply, clientFacing(error, this.options.settings));
  }
}
