import type {} from '@fastify/websocket';
import type { Settings } from '@gw/shared';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { WebSocket } from 'ws';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { APP_CONFIG, type AppConfig } from '../../../config/env';
import { pickLocale, type Locale } from '../../../common/i18n/i18n';
import { AdaptorRegistry } from '../../../providers/adaptor-registry';
import { realtimeCall, REALTIME_CHANNEL_TYPES } from '../../../providers/shared/realtime-call';
import { supports } from '../../../providers/registry';
import { OptionService } from '../../option/option.service';
import { RelayDirectory } from '../cache/relay-directory.service';
import { clientFacing, RelayError, relayErrorOf } from '../http/relay-error';
import { sendRelayError } from '../http/relay-reply';
import { assignRequestId } from '../http/request-id';
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
        assignRequestId(reply);
        this.refuse(
          reply,
          new RelayError({ key: 'relay.realtime_upgrade_required', status: 426, code: 'upgrade_required' }),
          pickLocale(req.headers['accept-language']),
        );
      },
      wsHandler: (socket: WebSocket, req: FastifyRequest) => this.attach(socket, req),
    });
  }

  private async prepare(req: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (!req.ws) return;
    const locale = pickLocale(req.headers['accept-language']);
    assignRequestId(reply);
    // Counted in the shutdown drain from here; the session leaves it when it ends.
    const abort = new AbortController();
    if (!this.drain.enter(abort)) return this.refuse(reply, shuttingDown(), locale);
    try {
      const caller = await this.auth.authenticate(
        realtimeAuthorization(req.headers.authorization, req.headers['sec-websocket-protocol']),
        req.ip,
      );
      const query = req.query as Record<string, unknown>;
      const model =
        typeof query.model === 'string' ? query.model : typeof query.deployment === 'string' ? query.deployment : '';
      if (!model) throw RelayError.invalidRequest('relay.model_required', 'model_required');
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
      const { channel, upstreamModel, open } = await this.connect(caller, model, beta, settings);
      this.limiter.succeeded(ticket);
      const prepared = { caller, price, settings, channel, upstreamModel, locale, path: REALTIME_PATH, open, abort };
      this.prepared.set(req.raw, prepared);
      // The upgrade did not happen after all (the client went away, maybe while the upstream was
      // being reached): nothing was relayed or reserved.
      const abandon = () => {
        if (this.prepared.get(req.raw) !== prepared) return;
        this.prepared.delete(req.raw);
        open.socket.terminate();
        this.drain.leave(abort);
      };
      if (req.raw.socket.destroyed) abandon();
      else req.raw.socket.once('close', abandon);
    } catch (err) {
      this.drain.leave(abort);
      this.refuse(reply, err, locale);
    }
  }

  /** Channels of the (group, model) that serve Realtime, by priority; a failed connection tries the next. */
  private async connect(caller: RelayCaller, model: string, beta: boolean, settings: Settings) {
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
      try {
        return { channel, upstreamModel, open: await openUpstream(call, this.config.relayConnectTimeoutSec * 1000) };
      } catch (err) {
        last = err;
        // Counted against the channel like a failed HTTP attempt (auto-disable rules).
        const error = relayErrorOf(err);
        const status = typeof error?.params?.status === 'number' ? error.params.status : null;
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

  private refuse(reply: FastifyReply, err: unknown, locale: Locale): void {
    let error = relayErrorOf(err);
    if (!error) {
      this.logger.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
      error = RelayError.internal();
    }
    sendRelayError(reply, clientFacing(error, this.options.settings), locale);
  }
}
