import { randomBytes } from 'node:crypto';

/**
 * The Realtime WebSocket wire rules the relay needs (pure; docs/relay.md#realtime-websocket): where the key
 * is, which subprotocol to answer, which close codes may be passed on, the events that move money.
 */

/** Browsers cannot set headers: the OpenAI SDK then sends the key as this subprotocol. */
export const KEY_PROTOCOL_PREFIX = 'openai-insecure-api-key.';

/** The API key of a connection: `Authorization: Bearer …`, else the key subprotocol (as a Bearer value). */
export function realtimeAuthorization(
  authorization: string | undefined,
  protocolHeader: string | string[] | undefined,
): string | undefined {
  if (authorization) return authorization;
  const keyProtocol = offeredProtocols(protocolHeader).find((p) => p.startsWith(KEY_PROTOCOL_PREFIX));
  return keyProtocol ? `Bearer ${keyProtocol.slice(KEY_PROTOCOL_PREFIX.length)}` : undefined;
}

export function offeredProtocols(header: string | string[] | undefined): string[] {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  return text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
}

/** The subprotocol answered: `realtime` when offered, else any offered one but the key; never the key. */
export function chooseProtocol(offered: Iterable<string>): string | false {
  const list = [...offered];
  if (list.includes('realtime')) return 'realtime';
  return list.find((p) => !p.startsWith(KEY_PROTOCOL_PREFIX)) ?? false;
}

/** The client speaks the beta protocol (header or subprotocol): the upstream is asked for it too. */
export function wantsBeta(
  betaHeader: string | string[] | undefined,
  protocolHeader: string | string[] | undefined,
): boolean {
  const beta = Array.isArray(betaHeader) ? betaHeader.join(',') : (betaHeader ?? '');
  return /realtime=v1/.test(beta) || offeredProtocols(protocolHeader).includes('openai-beta.realtime-v1');
}

/**
 * A close code one side sent, as the code to send the other: codes that may not be sent
 * (1005 none, 1006 abnormal, 1015 TLS) become 1000 (none) or 1011 (the peer vanished).
 */
export function relayedCloseCode(code: number): number {
  if (code === 1005) return 1000;
  if ((code >= 1000 && code <= 1003) || (code >= 1007 && code <= 1014) || (code >= 3000 && code <= 4999)) return code;
  return 1011;
}

/** A close reason fits in 123 bytes. */
export function closeReason(text: string): string {
  let out = text;
  while (Buffer.byteLength(out) > 123) out = out.slice(0, -1);
  return out;
}

/**
 * The type of a server or client event when it is one the relay acts on, without parsing the large
 * audio frames: only a frame naming one of `types` is parsed.
 */
export function sniffEvent(
  data: Buffer,
  types: readonly string[],
): { type: string; event: Record<string, unknown> } | null {
  if (!types.some((t) => data.includes(`"${t}"`))) return null;
  let event: unknown;
  try {
    event = JSON.parse(data.toString('utf8'));
  } catch {
    return null;
  }
  if (!event || typeof event !== 'object' || Array.isArray(event)) return null;
  const type = (event as { type?: unknown }).type;
  return typeof type === 'string' && types.includes(type) ? { type, event: event as Record<string, unknown> } : null;
}

/** The id of the response a `response.created` / `response.done` event is about. */
export function responseIdOf(event: Record<string, unknown>): string | null {
  const response = event.response as { id?: unknown } | undefined;
  return response && typeof response.id === 'string' ? response.id : null;
}

/** A server `error` event in the Realtime schema. */
export function errorEvent(error: { type: string; code: string | null; message: string }): string {
  return JSON.stringify({
    type: 'error',
    event_id: `event_${randomBytes(8).toString('hex')}`,
    error: { type: error.type, code: error.code, message: error.message, param: null, event_id: null },
  });
}
