import type { Logger } from '@nestjs/common';
import type { Settings } from '@gw/shared';
import WebSocket, { type RawData } from 'ws';
import { t, type Locale } from '../../../common/i18n/i18n';
import type { RelayDirectory } from '../cache/relay-directory.service';
import { RelayError, relayErrorOf } from '../http/relay-error';
import type { RelayCaller } from '../pipeline/relay-caller';
import { shuttingDown, type RelayDrain } from '../pipeline/relay-drain';
import type { RelayChannel } from '../routing/relay-channel';
import type { SessionTrace } from '../../tracing/relay-trace';
import type { RealtimeBilling, RealtimePrice, ResponseHold } from './realtime-billing';
import { closeReason, errorEvent, relayedCloseCode, responseIdOf, sniffEvent } from './realtime-protocol';
import { realtimeUsageReport } from './realtime-usage';

/** Above this many bytes waiting for the other side, the sending side is no longer read. */
const HIGH_WATER_BYTES = 4 * 1024 * 1024;
/** Client frames waiting behind a reservation before the client is no longer read. */
const MAX_QUEUED_FRAMES = 64;
/** When the client leaves (or the server shuts down), how long responses under way may still report usage. */
const DONE_GRACE_MS = 3_000;

export interface Frame {
  readonly data: RawData;
  readonly isBinary: boolean;
}

export interface SessionInit {
  readonly caller: RelayCaller;
  readonly price: RealtimePrice;
  readonly settings: Settings;
  readonly channel: RelayChannel;
  readonly upstreamModel: string;
  readonly locale: Locale;
  readonly path: string;
  readonly client: WebSocket;
  readonly upstream: WebSocket;
  /** Upstream frames received before the client's upgrade completed (session.created). */
  readonly early: readonly Frame[];
  /** Entered in the shutdown drain before the upgrade; aborted when the drain cuts the session. */
  readonly abort: AbortController;
  /** The session's span: each settled response's usage, and its close. */
  readonly trace: SessionTrace;
}

export interface SessionDeps {
  readonly billing: RealtimeBilling;
  readonly directory: RelayDirectory;
  readonly drain: RelayDrain;
  readonly logger: Logger;
}

interface Active {
  readonly hold: ResponseHold;
  readonly frtMs: number;
}

const asBuffer = (d: RawData): Buffer =>
  Buffer.isBuffer(d) ? d : Array.isArray(d) ? Buffer.concat(d) : Buffer.from(d as ArrayBuffer);

/**
 * One Realtime session (docs/relay.md#realtime-websocket): frames relayed in order both ways (text stays text,
 * binary stays binary), pings passed on, backpressure by pausing the side whose peer is behind, and
 * the money of each response: reserved when the client sends `response.create` (or, for a response
 * the server starts by itself, when `response.created` arrives, before any of it is relayed), settled
 * from its `response.done` before that event is relayed. When the balance cannot pay for a response,
 * or runs out after one, the client gets an `error` event (insufficient_quota) and a 1008 close.
 */
export class RealtimeSession {
  /** Reserved by a client `response.create`, waiting for the upstream's `response.created`. */
  private readonly pending: ResponseHold[] = [];
  private readonly active = new Map<string, Active>();
  private toUpstream: Promise<void> = Promise.resolve();
  private toClient: Promise<void> = Promise.resolve();
  private queuedFromClient = 0;
  private ending = false;

  constructor(
    private readonly s: SessionInit,
    private readonly deps: SessionDeps,
  ) {}

  start(): void {
    const { client, upstream } = this.s;
    client.on('error', () => undefined);
    upstream.on('error', () => undefined);
    this.s.abort.signal.addEventListener('abort', () => this.refuse(shuttingDown(), 1001), { once: true });
    client.on('message', (data, isBinary) => this.fromClient({ data, isBinary }));
    upstream.on('message', (data, isBinary) => this.fromUpstream({ data, isBinary }));
    client.on('ping', (data) => upstream.readyState === WebSocket.OPEN && upstream.ping(data));
    upstream.on('ping', (data) => client.readyState === WebSocket.OPEN && client.ping(data));
    client.on('close', (code, reason) => void this.end(relayedCloseCode(code), reason.toString(), 'client_closed'));
    upstream.on('close', (code, reason) => void this.end(relayedCloseCode(code), reason.toString(), 'interrupted'));
    for (const frame of this.s.early) this.fromUpstream(frame);
    // The upstream may have gone between its opening and the client's upgrade.
    if (upstream.readyState !== WebSocket.OPEN) void this.end(1011, 'upstream closed', 'interrupted');
    else upstream.resume();
  }

  private fromClient(frame: Frame): void {
    this.queuedFromClient++;
    this.balance();
    this.toUpstream = this.toUpstream
      .then(() => this.clientFrame(frame))
      .catch((err: unknown) => this.failed(err))
      .finally(() => {
        this.queuedFromClient--;
        this.balance();
      });
  }

  private fromUpstream(frame: Frame): void {
    this.toClient = this.toClient.then(() => this.upstreamFrame(frame)).catch((err: unknown) => this.failed(err));
  }

  private async clientFrame({ data, isBinary }: Frame): Promise<void> {
    if (this.ending) return;
    if (!isBinary && sniffEvent(asBuffer(data), ['response.create'])) {
      try {
        this.pending.push(await this.reserve());
      } catch (err) {
        return this.refuse(err, 1008);
      }
    }
    this.send(this.s.upstream, data, isBinary);
  }

  private async upstreamFrame({ data, isBinary }: Frame): Promise<void> {
    const sniffed = isBinary ? null : sniffEvent(asBuffer(data), ['response.created', 'response.done']);
    if (sniffed?.type === 'response.created' && !this.ending) {
      const id = responseIdOf(sniffed.event) ?? '';
      let hold = this.pending.shift();
      if (!hold) {
        // Started by the server (voice activity): checked here, before any of it is relayed.
        try {
          hold = await this.reserve();
        } catch (err) {
          return this.refuse(err, 1008);
        }
      }
      this.active.set(id, { hold, frtMs: Math.round(performance.now() - hold.startedAt) });
    } else if (sniffed?.type === 'response.done') {
      const id = responseIdOf(sniffed.event) ?? '';
      const entry = this.active.get(id);
      this.active.delete(id);
      if (entry) await this.settle(entry, realtimeUsageReport(sniffed.event), 'complete');
      else this.deps.logger.warn(`realtime response ${id} ended without having started; not billed`);
      this.send(this.s.client, data, isBinary);
      const gone = this.balanceGone();
      if (gone) this.refuse(gone, 1008);
      return;
    }
    this.send(this.s.client, data, isBinary);
  }

  private reserve(): Promise<ResponseHold> {
    return this.deps.billing.reserve(this.s.caller, this.s.price, this.s.settings, this.s.path);
  }

  private async settle(
    entry: Active,
    report: ReturnType<typeof realtimeUsageReport>,
    streamEnd: string,
  ): Promise<void> {
    await this.deps.billing
      .settle({
        caller: this.s.caller,
        price: this.s.price,
        settings: this.s.settings,
        hold: entry.hold,
        channel: this.s.channel,
        upstreamModel: this.s.upstreamModel,
        report,
        frtMs: entry.frtMs,
        streamEnd,
      })
      .then(
        (r) => this.s.trace.responded(r.usage, r.charged),
        (err: unknown) => this.deps.logger.error(`realtime settlement failed: ${String(err)}`),
      );
  }

  /** After a charge: why the session cannot go on when the user (or the limited token) has nothing left. */
  private balanceGone(): RelayError | null {
    if (this.s.price.free) return null;
    const { caller } = this.s;
    const user = this.deps.directory.users.peek(caller.user.id);
    const token = caller.tokenHash ? this.deps.directory.tokens.peek(caller.tokenHash) : undefined;
    if (token && !token.unlimited && token.remainQuota <= 0) return RelayError.quotaExhausted('relay.token_exhausted');
    if ((user?.quota ?? caller.user.quota) <= 0) return RelayError.quotaExhausted('relay.user_quota_exhausted');
    return null;
  }

  /** Sends a frame on; the sending side stops being read while the peer is behind. */
  private send(target: WebSocket, data: RawData, isBinary: boolean): void {
    if (target.readyState !== WebSocket.OPEN) return;
    target.send(data, { binary: isBinary }, () => this.balance());
    this.balance();
  }

  /** Pauses or resumes each side: a side is read only while its peer keeps up. */
  private balance(): void {
    const { client, upstream } = this.s;
    const clientBlocked = upstream.bufferedAmount > HIGH_WATER_BYTES || this.queuedFromClient > MAX_QUEUED_FRAMES;
    const upstreamBlocked = client.bufferedAmount > HIGH_WATER_BYTES;
    if (clientBlocked !== client.isPaused && client.readyState === WebSocket.OPEN) {
      if (clientBlocked) client.pause();
      else client.resume();
    }
    if (upstreamBlocked !== upstream.isPaused && upstream.readyState === WebSocket.OPEN) {
      if (upstreamBlocked) upstream.pause();
      else upstream.resume();
    }
  }

  /** Tells the client why with an `error` event, then ends the session. */
  private refuse(err: unknown, code: number): void {
    if (this.ending) return;
    const error = relayErrorOf(err);
    if (!error) return this.failed(err);
    const message = error.upstreamMessage ?? t(error.key, this.s.locale, error.params);
    if (this.s.client.readyState === WebSocket.OPEN)
      this.s.client.send(errorEvent({ type: error.type, code: error.code, message }));
    void this.end(code, message, 'interrupted');
  }

  private failed(err: unknown): void {
    this.deps.logger.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
    void this.end(1011, 'internal error', 'interrupted');
  }

  /**
   * Ends both sides once: the client at once; the upstream after the responses under way were
   * cancelled and reported their usage (at most DONE_GRACE_MS). Responses still open are billed their reservation's prompt,
   * reservations that never started are refunded; then the session leaves the shutdown drain.
   */
  private async end(code: number, reason: string, how: string): Promise<void> {
    if (this.ending) return;
    this.ending = true;
    const { client, upstream } = this.s;
    if (client.readyState === WebSocket.OPEN || client.readyState === WebSocket.CONNECTING)
      client.close(code, closeReason(reason));
    if (this.active.size > 0 && upstream.readyState === WebSocket.OPEN) {
      // Stop generating what nobody receives; the cancelled response's response.done reports its usage.
      for (const id of this.active.keys()) upstream.send(JSON.stringify({ type: 'response.cancel', response_id: id }));
      upstream.resume();
      await this.until(() => this.active.size === 0 || upstream.readyState !== WebSocket.OPEN, DONE_GRACE_MS);
    }
    if (upstream.readyState === WebSocket.OPEN || upstream.readyState === WebSocket.CONNECTING)
      upstream.close(code, closeReason(reason));
    await this.toClient.catch(() => undefined);
    for (const [id, entry] of [...this.active]) {
      this.active.delete(id);
      await this.settle(entry, null, how);
    }
    await this.toUpstream.catch(() => undefined);
    for (const hold of this.pending.splice(0)) {
      await this.deps.billing
        .refund(this.s.caller, hold)
        .catch((err: unknown) => this.deps.logger.error(`realtime refund failed: ${String(err)}`));
    }
    this.deps.drain.leave(this.s.abort);
    this.s.trace.closed();
  }

  private until(done: () => boolean, ms: number): Promise<void> {
    return new Promise((resolve) => {
      const deadline = Date.now() + ms;
      const check = () => (done() || Date.now() >= deadline ? resolve() : setTimeout(check, 25));
      check();
    });
  }
}
