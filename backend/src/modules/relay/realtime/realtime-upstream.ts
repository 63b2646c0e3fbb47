import WebSocket from 'ws';
import type { RealtimeCall } from '../../../providers/shared/realtime-call';
import { RelayError } from '../http/relay-error';
import type { Frame } from './realtime-session';

/** The most of an upstream's refusal body read for its message. */
const REFUSAL_BYTES = 4096;

export interface OpenUpstream {
  readonly socket: WebSocket;
  /** Frames received before the session took over (kept in order). */
  readonly early: Frame[];
  /** Stops collecting early frames (the session listens from now on). */
  stopBuffering(): void;
}

function refusalMessage(body: string): string | undefined {
  try {
    const msg = (JSON.parse(body) as { error?: { message?: unknown } }).error?.message;
    return typeof msg === 'string' ? msg.slice(0, 500) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Opens the upstream WebSocket before the client's upgrade is answered, so that an unreachable or
 * refusing upstream is answered as an HTTP error (502, or the upstream's 4xx status). The socket is
 * paused once open: nothing is read until the session relays it.
 */
export function openUpstream(call: RealtimeCall, timeoutMs: number): Promise<OpenUpstream> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(call.url, { headers: call.headers, handshakeTimeout: timeoutMs });
    const early: Frame[] = [];
    const collect = (data: WebSocket.RawData, isBinary: boolean) => early.push({ data, isBinary });
    socket.on('message', collect);
    socket.once('open', () => {
      socket.pause();
      resolve({ socket, early, stopBuffering: () => socket.off('message', collect) });
    });
    socket.once('unexpected-response', (_req, res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (c: Buffer) => {
        if (size < REFUSAL_BYTES) chunks.push(c);
        size += c.length;
      });
      res.on('end', () => {
        const status = res.statusCode ?? 502;
        const message = refusalMessage(Buffer.concat(chunks).toString('utf8'));
        socket.terminate();
        reject(
          RelayError.upstream({
            status: status >= 400 && status < 500 && status !== 401 && status !== 403 ? status : 502,
            upstreamStatus: status,
            code: 'upstream_error',
            type: 'upstream_error',
            message: message ?? `upstream refused the realtime connection (status ${status})`,
          }),
        );
      });
      res.on('error', () => undefined);
    });
    socket.on('error', () => {
      socket.terminate();
      reject(RelayError.badGateway('relay.upstream_unreachable', 'upstream_unreachable'));
    });
  });
}
