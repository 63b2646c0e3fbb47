import type { Settings } from '@gw/shared';
import type { FastifyReply } from 'fastify';
import type { Locale } from '../../../common/i18n/i18n';
import type { RequestSignal } from '../../../common/net/request-abort';
import type { UsageReport } from '../../../providers/provider';
import type { RelayError } from '../http/relay-error';
import type { ErrorFormat } from '../http/relay-reply';
import type { OutputMeter } from '../metering/output-meter';
import type { RelayChannel } from '../routing/relay-channel';
import type { Tier } from '../routing/routing-table';
import type { StreamEnd } from '../stream/stream-pipe';
import type { Admission } from './admission';
import type { RelayCaller } from './relay-caller';
import type { BilledUsage } from './usage-log';
import type { RelayRequest } from './relay-request';

/** Everything about one relayed request, fixed once admitted. */
export interface RelayContext {
  readonly caller: RelayCaller;
  readonly req: RelayRequest;
  readonly admission: Admission;
  /** The options snapshot this request runs under. */
  readonly settings: Settings;
  readonly path: string;
  readonly locale: Locale;
  /** The client's error format (OpenAI, Anthropic, Gemini), for an error in the middle of a stream. */
  readonly errors: ErrorFormat;
  /** performance.now() at arrival. */
  readonly startedAt: number;
  readonly reply: FastifyReply;
  /**
   * Aborted when the client goes away, the total timeout passes or the shutdown cuts the request;
   * `signal.standard()` for code that needs an AbortSignal.
   */
  readonly signal: RequestSignal;
  readonly clientGone: () => boolean;
  /** The request's id (x-oneapi-request-id, logs.request_id, reservations). */
  readonly requestId: string;
  /** Epoch seconds of arrival: the log row's created_at. */
  readonly arrivedAt: number;
  /**
   * Books a delivered response durably; called once, before its last bytes are written (the JSON
   * body; a stream's usage, final events and end), so that a delivered response is always charged.
   * Resolves to the usage billed (null on a repeated call or a failed settlement).
   */
  readonly settle: (d: Delivered) => Promise<BilledUsage | null>;
}

/** Where a request may go: one pinned channel, or the tiers of its (group, model). */
export type Route = { readonly pinned: RelayChannel } | { readonly tiers: readonly Tier[] };

/** The response reached the client (fully or partly): bill what was delivered. */
export interface Delivered {
  readonly kind: 'delivered';
  readonly channel: RelayChannel;
  readonly upstreamModel: string;
  readonly usage: UsageReport | null;
  /** Output of a complete response, when usage is missing. */
  readonly outputText: string | null;
  /** Output counted while streaming. */
  readonly meter: OutputMeter | null;
  readonly frtMs: number | null;
  /** From the serving attempt's upstream call to the end of its answer (metrics: gateway overhead). */
  readonly upstreamMs?: number;
  readonly streamEnd: StreamEnd | null;
  /** Why an interrupted stream stopped: the upstream's reported error, or the relay's own cut. */
  readonly streamError?: { readonly type: string; readonly code: string | null };
  readonly tried: readonly number[];
  /** Position of the channel key the serving attempt used (health of multi-key channels). */
  readonly keyIndex?: number | null;
}

/** Nothing usable reached the client: refund. */
export interface Failed {
  readonly kind: 'failed';
  readonly error: RelayError;
  readonly channel: RelayChannel | null;
  readonly tried: readonly number[];
}

export type RelayOutcome = Delivered | Failed;
