import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Dispatcher } from 'undici';
import { APP_CONFIG, type AppConfig } from '../../../config/env';
import type { AdaptorTarget, ProtocolAdaptor, UpstreamCall } from '../../../providers/provider';
import { AdaptorRegistry } from '../../../providers/adaptor-registry';
import { RelayError } from '../http/relay-error';
import { callSecrets, redact, redactBody } from '../../upstream/secrets';
import { plausibleUsage, requestBounds } from '../metering/billable-usage';
import { withBilledEmbeddingUsage } from '../metering/embedding-usage';
import { OutputMeter } from '../metering/output-meter';
import { TokenizerService } from '../metering/tokenizer.service';
import { streamScreen } from '../limits/output-screen';
import { RelayLimiter } from '../limits/relay-limiter.service';
import { ChannelKeyPicker } from '../routing/channel-key-picker.service';
import { adaptorTarget, upstreamModelOf, type RelayChannel } from '../routing/relay-channel';
import { isStreamType, streamParser } from '../stream/framing';
import { streamCutError, streamEndError, upstreamStreamError } from '../stream/stream-error';
import { pingIntervalMs, pipeStream, type StreamResult } from '../stream/stream-pipe';
import { classifyUpstreamError } from '../../upstream/upstream-errors';
import { readBody, UpstreamClient } from '../../upstream/upstream-client.service';
import { sendWhole } from '../http/relay-reply';
import { adaptorFor } from '../inbound/inbound-adaptor';
import { ImageFetcher } from '../images/image-fetcher.service';
import { badAnswer, failure, upstreamFailure, type AttemptFailure } from './attempt-failure';
import type { Delivered, RelayContext } from './relay-context';
import { cutByShutdown, shuttingDown } from './relay-drain';
import { RelayTrace, type UpstreamAttemptTrace } from '../../tracing/relay-trace';
import { forRequest } from '../../tracing/request-log';

/** The request plus the channels tried so far. */
type AttemptContext = RelayContext & { readonly tried: readonly number[]; sentAt?: number };

const MAX_RESPONSE_BODY = 64 * 1024 * 1024;
/** Kept of the output for the log when LogChatContentEnabled. */
export const LOGGED_CONTENT_CHARS = 16 * 1024;

/** One upstream call on one channel, up to the point where the response reached the client. */
@Injectable()
export class UpstreamAttempt {
  private readonly logger = new Logger(UpstreamAttempt.name);

  constructor(
    private readonly registry: AdaptorRegistry,
    private readonly upstream: UpstreamClient,
    private readonly tokenizer: TokenizerService,
    private readonly limiter: RelayLimiter,
    private readonly keys: ChannelKeyPicker,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly images: ImageFetcher,
  ) {}

  /**
   * `tried`: the channels tried so far, this one included (for the log); `avoidKeys`: positions of this
   * channel's keys the request already failed with.
   */
  async run(
    ctx: RelayContext,
    channel: RelayChannel,
    tried: readonly number[],
    avoidKeys?: ReadonlySet<number>,
  ): Promise<Delivered | AttemptFailure> {
    const attempt = { ...ctx, tried: [...tried] };
    const picked = this.keys.pick(channel, avoidKeys, ctx.settings);
    const result = await this.attempt(attempt, channel, picked?.key);
    return { ...result, keyIndex: picked?.index ?? null };
  }

  private async attempt(
    ctx: AttemptContext,
    channel: RelayChannel,
    key: string | undefined,
  ): Promise<Delivered | AttemptFailure> {
    const entry = this.registry.get(channel.type)!;
    const adaptor = adaptorFor(ctx.req, entry.adaptor);
    let target = adaptorTarget(channel, key ?? '', entry.defaultBaseUrl);
    if (!key || (!target.baseUrl && !entry.endpointFromKey))
      return failure(
        RelayError.badGateway('relay.upstream_unreachable', 'channel_misconfigured'),
        null,
        'channel has no key or base URL',
      );
    const upstreamModel = upstreamModelOf(channel, ctx.req.model);
    if (entry.adaptor.prepare) {
      try {
        target = await entry.adaptor.prepare(target, ctx.signal.standard());
      } catch (err) {
        if (ctx.signal.aborted) return this.aborted(ctx);
        return failure(
          RelayError.badGateway('relay.upstream_unreachable', 'channel_misconfigured'),
          null,
          `channel credentials: ${redact(String((err as Error)?.message ?? err), this.secretsOf(channel, target))}`,
        );
      }
    }
    let body = ctx.req.body;
    // Images inline for upstreams that need them (not on pass-through: the client's own body goes).
    const passThrough = !!ctx.req.inbound && entry.adaptor.dialect === ctx.req.inbound.dialect.name;
    if (entry.adaptor.inlineImages && ctx.req.mode === 'chat' && !passThrough) {
      try {
        body = await this.images.inline(ctx.req, body, ctx.settings, ctx.signal.standard());
      } catch (err) {
        if (ctx.signal.aborted) return this.aborted(ctx);
        if (err instanceof RelayError) return failure(err, null, `image: ${err.code}`, false);
        throw err;
      }
    }
    let call: UpstreamCall;
    try {
      call = adaptor.buildCall({
        mode: ctx.req.mode,
        body,
        upstreamModel,
        stream: ctx.req.stream,
        target,
        settings: ctx.settings,
      });
    } catch {
      return failure(
        RelayError.badGateway('relay.upstream_unreachable', 'channel_misconfigured'),
        null,
        'invalid channel base URL or key',
      );
    }
    // The attempt's span; traceparent is added here, at the send step (adaptors stay pure).
    const traced = RelayTrace.of(ctx.reply)?.attempt(channel, call);
    if (traced) call = { ...call, headers: traced.headers };
    const span = traced?.attempt;
    let res: Dispatcher.ResponseData;
    ctx.sentAt = performance.now();
    try {
      res = await this.upstream.send(call, {
        signal: ctx.signal,
        headersTimeoutMs: this.config.relayFirstByteTimeoutSec * 1000,
        bodyTimeoutMs: this.config.streamingTimeoutSec * 1000,
      });
    } catch (err) {
      span?.end(null, classifyUpstreamError(err));
      return this.networkFailure(ctx, channel, upstreamModel, err);
    }
    if (res.statusCode >= 300) {
      span?.end(res.statusCode);
      return upstreamFailure(channel, adaptor, res, this.secretsOf(channel, target));
    }
    const contentType = String(res.headers['content-type'] ?? 'application/json');
    if (ctx.req.stream && isStreamType(adaptor, contentType)) {
      // A stream's head goes out at the first byte: the upstream's share is its time to the head.
      span?.count();
      const streamed = await this.stream(ctx, channel, adaptor, upstreamModel, res, target);
      span?.end(res.statusCode, streamed.kind === 'failure' ? streamed.message : undefined);
      return streamed;
    }
    const whole = await this.whole(ctx, channel, adaptor, upstreamModel, res, contentType, target, span);
    span?.end(res.statusCode, whole.kind === 'failure' ? whole.message : undefined);
    return whole;
  }

  /** A complete (non-stream) response: read, meter, forward unchanged. */
  private async whole(
    ctx: AttemptContext,
    channel: RelayChannel,
    adaptor: ProtocolAdaptor,
    upstreamModel: string,
    res: Dispatcher.ResponseData,
    contentType: string,
    target: AdaptorTarget,
    span?: UpstreamAttemptTrace,
  ) {
    let data: Buffer;
    try {
      const read = await readBody(res, MAX_RESPONSE_BODY);
      span?.count();
      if (read.truncated)
        return failure(
          RelayError.badGateway('relay.upstream_error', 'response_too_large', { status: res.statusCode }),
          res.statusCode,
          'response too large',
        );
      data = read.data;
    } catch (err) {
      return this.networkFailure(ctx, channel, upstreamModel, err);
    }
    const answer = { mode: ctx.req.mode, contentType, model: upstreamModel, request: ctx.req.body };
    const read = (wantText: boolean) => adaptor.readResponse({ ...answer, body: data, wantText });
    let result = read(ctx.settings.LogChatContentEnabled);
    if (result.error) {
      // Read again from a scrubbed copy: the reader cuts long messages, and a key across the cut
      // would keep its first characters past a scrub of the cut text.
      const secrets = this.secretsOf(channel, target);
      const scrubbed = redactBody(data, secrets);
      const error =
        scrubbed === data
          ? result.error
          : (adaptor.readResponse({ ...answer, body: scrubbed, wantText: false }).error ?? {
              ...result.error,
              message: '[redacted]',
            });
      return badAnswer(res.statusCode, error, secrets);
    }
    // CheckSensitiveOnCompletionEnabled: an answer with a sensitive word is refused, nothing delivered, refunded.
    const matcher = this.limiter.outputMatcher(ctx.settings);
    if (matcher && matcher.find(result.outputText ?? read(true).outputText ?? '') !== null)
      return failure(streamCutError('sensitive_words_detected'), null, 'sensitive words in the output', false);
    // Usage that will not be believed: the output is counted locally, so its text is needed.
    if (
      result.usage &&
      result.outputText === null &&
      !plausibleUsage(result.usage, requestBounds(ctx.req, ctx.admission.promptEstimate))
    )
      result = read(true);
    const delivered = this.delivered(ctx, channel, upstreamModel, {
      usage: result.usage,
      outputText: result.outputText ?? '',
      meter: null,
      frtMs: null,
      streamEnd: null,
    });
    const billed = await ctx.settle(delivered);
    const body =
      ctx.req.mode === 'embeddings' && billed
        ? withBilledEmbeddingUsage(result.body, billed.promptTokens)
        : result.body;
    if (!ctx.clientGone()) {
      RelayTrace.of(ctx.reply)?.stampServerTiming(ctx.reply);
      sendWhole(ctx.reply, res.statusCode, result.contentType, body);
    }
    return delivered;
  }

  /** A stream: passed through event by event; from the first byte on there is no going back. */
  private async stream(
    ctx: AttemptContext,
    channel: RelayChannel,
    adaptor: ProtocolAdaptor,
    upstreamModel: string,
    res: Dispatcher.ResponseData,
    target: AdaptorTarget,
  ) {
    const keep = ctx.settings.LogChatContentEnabled ? LOGGED_CONTENT_CHARS : 0;
    const meter = new OutputMeter(this.tokenizer, ctx.req.model, keep);
    const raw = ctx.reply.raw;
    if (!ctx.reply.sent) ctx.reply.hijack();
    const converter = adaptor.streamConverter(ctx.req.mode, ctx.req.clientWantsUsage, upstreamModel);
    const deliveredBy = (r: StreamResult) =>
      this.delivered(ctx, channel, upstreamModel, {
        usage: r.usage,
        outputText: null,
        meter,
        frtMs: r.frtMs,
        streamEnd: r.end,
        ...(r.upstreamError ? { streamError: { type: r.upstreamError.type, code: r.upstreamError.code } } : {}),
        ...(r.cut ? { streamError: { type: 'gateway', code: r.cut } } : {}),
      });
    const result = await pipeStream({
      body: res.body as AsyncIterable<Buffer>,
      raw,
      open: () => (
        RelayTrace.of(ctx.reply)?.stampServerTiming(ctx.reply),
        raw.writeHead(200, {
          'content-type': converter.contentType ?? 'text/event-stream; charset=utf-8',
          'cache-control': 'no-cache',
          'x-accel-buffering': 'no',
        })
      ),
      converter,
      parser: streamParser(adaptor),
      meter,
      signal: ctx.signal,
      startedAt: ctx.startedAt,
      clientGone: ctx.clientGone,
      pingMs: pingIntervalMs(ctx.settings),
      errorEvent: (r) =>
        ctx.errors.streamEvent(
          streamEndError(r, ctx.settings, cutByShutdown(ctx.signal), this.secretsOf(channel, target)),
          ctx.locale,
        ),
      screen: this.outputScreen(ctx),
      queueLimit: ctx.settings.StreamCacheQueueLength,
      settle: async (r) => void (await ctx.settle(deliveredBy(r))),
    });
    if (result.end === 'interrupted' && !result.opened) {
      if (cutByShutdown(ctx.signal)) return this.aborted(ctx);
      // Nothing reached the client: refunded. A sensitive output is not tried elsewhere.
      if (result.cut) return failure(streamCutError(result.cut), null, result.cut, false);
      // Upstream broke (or reported an error) before anything reached the client: still retryable.
      if (result.upstreamError) {
        const error = upstreamStreamError(result.upstreamError, this.secretsOf(channel, target));
        return failure(error, error.status, error.upstreamMessage ?? 'upstream error in stream');
      }
      return failure(
        RelayError.badGateway('relay.stream_interrupted', 'stream_interrupted'),
        null,
        result.reason ?? 'stream interrupted',
      );
    }
    return deliveredBy(result);
  }

  /**
   * CheckSensitiveOnCompletionEnabled on a stream: with StopOnSensitiveEnabled a word cuts the stream;
   * without, it is only logged (once per request).
   */
  private outputScreen(ctx: AttemptContext): ((text: string) => boolean) | undefined {
    const matcher = this.limiter.outputMatcher(ctx.settings);
    if (!matcher) return undefined;
    return streamScreen(matcher, ctx.settings.StopOnSensitiveEnabled, () =>
      this.logger.warn(forRequest(ctx.requestId, 'sensitive word in the output (not stopped)')),
    );
  }

  /** Connect failure, timeout, reset, or abort before the response was used. */
  private networkFailure(ctx: AttemptContext, channel: RelayChannel, upstreamModel: string, err: unknown) {
    if (ctx.clientGone()) {
      // The client left while we waited: nothing was delivered, the prompt was sent.
      return this.delivered(ctx, channel, upstreamModel, {
        usage: null,
        outputText: '',
        meter: null,
        frtMs: null,
        streamEnd: 'client_closed',
      });
    }
    const kind = classifyUpstreamError(err);
    if (kind === 'aborted' || cutByShutdown(ctx.signal)) return this.aborted(ctx);
    const error =
      kind === 'timeout'
        ? RelayError.upstreamTimeout()
        : RelayError.badGateway('relay.upstream_unreachable', 'upstream_unreachable');
    const code = (err as { code?: string })?.code ?? kind;
    return failure(error, null, `${kind}: ${code}`);
  }

  /** What an error text of this call must not carry (error paths only). */
  private secretsOf(channel: RelayChannel, target: AdaptorTarget): string[] {
    return callSecrets(this.registry.get(channel.type)!.adaptor, channel.keys, target.credential);
  }

  /** Our own abort, before anything reached the client: the total timeout, or the shutdown's cut. */
  private aborted(ctx: AttemptContext): AttemptFailure {
    if (cutByShutdown(ctx.signal)) return failure(shuttingDown(), null, 'server shutting down', false);
    return failure(RelayError.upstreamTimeout(), null, 'total timeout', false);
  }

  private delivered(
    ctx: AttemptContext,
    channel: RelayChannel,
    upstreamModel: string,
    r: Pick<Delivered, 'usage' | 'outputText' | 'meter' | 'frtMs' | 'streamEnd' | 'streamError'>,
  ): Delivered {
    const upstreamMs = ctx.sentAt === undefined ? undefined : performance.now() - ctx.sentAt;
    return { kind: 'delivered', channel, upstreamModel, tried: ctx.tried, upstreamMs, ...r };
  }
}
