import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';

/** `response.done`'s usage in the Realtime schema. */
export interface RealtimeUsage {
  input_tokens: number;
  output_tokens: number;
  input_token_details: { text_tokens: number; audio_tokens: number; cached_tokens: number };
  output_token_details: { text_tokens: number; audio_tokens: number };
}

/** Builds a usage object whose totals are the sums of its parts. */
export function realtimeUsage(p: {
  textIn: number;
  audioIn: number;
  cached?: number;
  textOut: number;
  audioOut: number;
}): RealtimeUsage {
  return {
    input_tokens: p.textIn + p.audioIn,
    output_tokens: p.textOut + p.audioOut,
    input_token_details: { text_tokens: p.textIn, audio_tokens: p.audioIn, cached_tokens: p.cached ?? 0 },
    output_token_details: { text_tokens: p.textOut, audio_tokens: p.audioOut },
  };
}

export interface RealtimeConnection {
  /** Path and query of the upgrade request. */
  url: string;
  headers: IncomingHttpHeaders;
  /** Client frames as received: text frames parsed as JSON, binary ones as Buffers. */
  frames: unknown[];
  binaryFrames: Buffer[];
  closed: { code: number; reason: string } | null;
  socket: WebSocket;
}

/**
 * A stand-in for the OpenAI / Azure Realtime WebSocket API on a free loopback port: `session.created`
 * on connect; each `response.create` (and, as server VAD would, each `input_audio_buffer.commit`)
 * answered with `response.created`, text and audio deltas, and `response.done` carrying the next usage
 * of the script. A binary frame is echoed back as binary. It records each connection's upgrade
 * request and frames.
 */
export class RealtimeMock {
  readonly connections: RealtimeConnection[] = [];
  private server?: WebSocketServer;
  private usages: RealtimeUsage[] = [];
  private seq = 0;
  /** Responses waiting for a cancel (holdResponses), with the usage they will report. */
  private readonly held = new Map<string, RealtimeUsage>();
  /** Responses stop after their first delta and end only when cancelled (`response.cancel`). */
  holdResponses = false;
  /** The usage when the script is empty. */
  defaultUsage: RealtimeUsage = realtimeUsage({ textIn: 10, audioIn: 0, textOut: 5, audioOut: 0 });

  get url(): string {
    const { port } = this.server!.address() as AddressInfo;
    return `http://127.0.0.1:${port}`;
  }

  async start(): Promise<void> {
    this.server = new WebSocketServer({ port: 0, host: '127.0.0.1', handleProtocols: (p) => [...p][0] ?? false });
    await new Promise<void>((resolve) => this.server!.once('listening', () => resolve()));
    this.server.on('connection', (socket, req) => this.accept(socket, req.url ?? '', req.headers));
  }

  /** The usages of the next responses, in order. */
  script(...usages: RealtimeUsage[]): void {
    this.usages.push(...usages);
  }

  reset(): void {
    this.connections.length = 0;
    this.usages = [];
    this.held.clear();
    this.holdResponses = false;
  }

  async close(): Promise<void> {
    for (const c of this.server?.clients ?? []) c.terminate();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private accept(socket: WebSocket, url: string, headers: IncomingHttpHeaders): void {
    const conn: RealtimeConnection = { url, headers, frames: [], binaryFrames: [], closed: null, socket };
    this.connections.push(conn);
    const send = (event: Record<string, unknown>) =>
      socket.send(JSON.stringify({ event_id: `event_${++this.seq}`, ...event }));
    send({ type: 'session.created', session: { id: `sess_${this.seq}`, object: 'realtime.session', model: url } });
    socket.on('message', (data, isBinary) => {
      if (isBinary) {
        conn.binaryFrames.push(data as Buffer);
        socket.send(data, { binary: true });
        return;
      }
      const event = JSON.parse(data.toString()) as { type?: string };
      conn.frames.push(event);
      if (event.type === 'response.create' || event.type === 'input_audio_buffer.commit') this.respond(send);
      if (event.type === 'response.cancel') this.cancel(send, String((event as { response_id?: unknown }).response_id));
    });
    socket.on('close', (code, reason) => (conn.closed = { code, reason: reason.toString() }));
  }

  private respond(send: (e: Record<string, unknown>) => void): void {
    const id = `resp_${++this.seq}`;
    const usage = this.usages.shift() ?? this.defaultUsage;
    send({
      type: 'response.created',
      response: { id, object: 'realtime.response', status: 'in_progress', output: [] },
    });
    send({
      type: 'response.output_text.delta',
      response_id: id,
      item_id: `item_${id}`,
      output_index: 0,
      content_index: 0,
      delta: 'Hello ',
    });
    if (this.holdResponses) {
      this.held.set(id, usage);
      return;
    }
    send({
      type: 'response.output_text.delta',
      response_id: id,
      item_id: `item_${id}`,
      output_index: 0,
      content_index: 0,
      delta: 'there.',
    });
    send({
      type: 'response.output_audio.delta',
      response_id: id,
      item_id: `item_${id}`,
      output_index: 0,
      content_index: 1,
      delta: Buffer.alloc(480, 7).toString('base64'),
    });
    send({
      type: 'response.done',
      response: { id, object: 'realtime.response', status: 'completed', output: [], usage },
    });
  }

  private cancel(send: (e: Record<string, unknown>) => void, id: string): void {
    const usage = this.held.get(id);
    if (!usage) return;
    this.held.delete(id);
    send({
      type: 'response.done',
      response: { id, object: 'realtime.response', status: 'cancelled', output: [], usage },
    });
  }
}
