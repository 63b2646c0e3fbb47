import { ChannelType } from '@gw/shared';
import { azureDeployment } from '../azure/azure-url';

/**
 * Where a Realtime WebSocket session goes upstream (pure; docs/relay.md#realtime-websocket). OpenAI:
 * `{base}/v1/realtime?model=…` with `Authorization: Bearer`; Azure: the deployment endpoint
 * `{base}/openai/realtime?api-version=…&deployment=…` (or, with the api-version `v1`, the GA
 * `{base}/openai/v1/realtime?model=…`) with `api-key`. http(s) bases become ws(s).
 */

/** Realtime on Azure is served by preview api-versions; a channel's `other` overrides it. */
export const AZURE_REALTIME_API_VERSION = '2025-04-01-preview';

export interface RealtimeTarget {
  readonly channelType: number;
  /** The channel's base URL (or the type's default). */
  readonly baseUrl: string;
  readonly key: string;
  /** The upstream model name (model mapping applied). */
  readonly model: string;
  /** The channel's `other` field (Azure: the api-version). */
  readonly other: string;
  /** The client asked for the beta protocol (`OpenAI-Beta: realtime=v1`): passed on to OpenAI. */
  readonly beta: boolean;
}

export interface RealtimeCall {
  readonly url: string;
  readonly headers: Record<string, string>;
}

/** The channel types that serve a Realtime session. */
export const REALTIME_CHANNEL_TYPES: ReadonlySet<number> = new Set([ChannelType.OpenAI, ChannelType.Azure]);

function wsBase(baseUrl: string): string {
  return baseUrl.replace(/\/+$/, '').replace(/^http(s?):\/\//i, (_m, s: string) => (s ? 'wss://' : 'ws://'));
}

/** Null for a channel type without a Realtime endpoint. */
export function realtimeCall(t: RealtimeTarget): RealtimeCall | null {
  const base = wsBase(t.baseUrl);
  if (t.channelType === ChannelType.Azure) {
    const version = t.other.trim() || AZURE_REALTIME_API_VERSION;
    // The GA surface: the deployment as `model`, no api-version.
    if (version === 'v1')
      return {
        url: `${base}/openai/v1/realtime?model=${encodeURIComponent(azureDeployment(t.model))}`,
        headers: { 'api-key': t.key },
      };
    const query = new URLSearchParams({ 'api-version': version, deployment: azureDeployment(t.model) });
    return { url: `${base}/openai/realtime?${query.toString()}`, headers: { 'api-key': t.key } };
  }
  if (t.channelType === ChannelType.OpenAI) {
    const headers: Record<string, string> = { authorization: `Bearer ${t.key}` };
    if (t.beta) headers['openai-beta'] = 'realtime=v1';
    return { url: `${base}/v1/realtime?model=${encodeURIComponent(t.model)}`, headers };
  }
  return null;
}
