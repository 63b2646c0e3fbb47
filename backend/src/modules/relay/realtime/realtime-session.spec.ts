import { EventEmitter } from 'node:events';
import type { Logger } from '@nestjs/common';
import type { Settings } from '@gw/shared';
import WebSocket from 'ws';
import type { RelayDirectory } from '../cache/relay-directory.service';
import type { RelayCaller } from '../pipeline/relay-caller';
import type { RelayDrain } from '../pipeline/relay-drain';
import type { RelayChannel } from '../routing/relay-channel';
import type { RealtimeBilling, ResponseHold } from './realtime-billing';
import { RealtimeSession } from './realtime-session';

/** The part of a `ws` socket the session uses. */
class FakeSocket extends EventEmitter {
  readyState: number = WebSocket.OPEN;
  bufferedAmount = 0;
  isPaused = false;
  readonly sent: { data: string; binary: boolean }[] = [];
  closedWith: number | null = null;
  send(data: Buffer | string, o: { binary: boolean }, cb?: () => void): void {
    this.sent.push({ data: data.toString(), binary: o.binary });
    cb?.();
  }
  pause(): void {
    this.isPaused = true;
  }
  resume(): void {
    this.isPaused = false;
  }
  ping(): void {}
  close(code: number): void {
    if (this.readyState !== WebSocket.OPEN) return;
    this.closedWith = code;
    this.readyState = WebSocket.CLOSED;
    this.emit('close', code, Buffer.from(''));
  }
}

const tick = () => new Promise((r) => setImmediate(r));
const hold = (id: string): ResponseHold => ({
  requestId: id,
  amount: 10,
  tokenId: 0,
  tokenDrawn: false,
  arrivedAt: 0,
  startedAt: 0,
  reservedTokens: 4,
});

function session(reserve: () => Promise<ResponseHold> = () => Promise.resolve(hold('r'))) {
  const client = new FakeSocket();
  const upstream = new FakeSocket();
  const billing = {
    reserve: jest.fn(reserve),
    settle: jest.fn(() => Promise.resolve({ charged: 1, usage: { promptTokens: 1, completionTokens: 2 } })),
    refund: jest.fn(() => Promise.resolve()),
  };
  const drain = { leave: jest.fn() };
  const directory = { users: { peek: () => ({ quota: 1_000 }) }, tokens: { peek: () => undefined } };
  new RealtimeSession(
    {
      caller: { user: { id: 1, quota: 1_000 }, token: null, tokenHash: null } as unknown as RelayCaller,
      price: { model: 'm', pricing: { kind: 'call', modelPrice: 0 }, groupRatio: 1, free: false },
      settings: {} as Settings,
      channel: { id: 1 } as RelayChannel,
      upstreamModel: 'm',
      locale: 'en',
      path: '/v1/realtime',
      client: client as unknown as WebSocket,
      upstream: upstream as unknown as WebSocket,
      early: [{ data: Buffer.from('{"type":"session.created"}'), isBinary: false }],
      abort: new AbortController(),
      trace: { responded: jest.fn(), closed: jest.fn() },
    },
    {
      billing: billing as unknown as RealtimeBilling,
      directory: directory as unknown as RelayDirectory,
      drain: drain as unknown as RelayDrain,
      logger: { warn: jest.fn(), error: jest.fn() } as unknown as Logger,
    },
  ).start();
  return { client, upstream, billing, drain };
}

describe('RealtimeSession', () => {
  it('relays frames in order both ways, text as text and binary as binary', async () => {
    const { client, upstream } = session();
    client.emit('message', Buffer.from('{"type":"session.update"}'), false);
    client.emit('message', Buffer.from([1, 2]), true);
    upstream.emit('message', Buffer.from('{"type":"x"}'), false);
    await tick();
    expect(upstream.sent).toEqual([
      { data: '{"type":"session.update"}', binary: false },
      { data: Buffer.from([1, 2]).toString(), binary: true },
    ]);
    expect(client.sent.map((f) => f.data)).toEqual(['{"type":"session.created"}', '{"type":"x"}']);
  });

  it('stops reading a side while its peer is behind, and reads it again once the peer caught up', async () => {
    const { client, upstream } = session();
    upstream.bufferedAmount = 5 * 1024 * 1024;
    client.emit('message', Buffer.from('{"type":"input_audio_buffer.append"}'), false);
    await tick();
    expect(client.isPaused).toBe(true);
    upstream.bufferedAmount = 0;
    client.bufferedAmount = 5 * 1024 * 1024;
    upstream.emit('message', Buffer.from('{"type":"y"}'), false);
    await tick();
    expect(client.isPaused).toBe(false);
    expect(upstream.isPaused).toBe(true);
  });

  it('holds response.create and what follows until the response is reserved', async () => {
    let release: (h: ResponseHold) => void = () => undefined;
    const { client, upstream, billing } = session(() => new Promise((r) => (release = r)));
    client.emit('message', Buffer.from('{"type":"response.create"}'), false);
    client.emit('message', Buffer.from('{"type":"conversation.item.create"}'), false);
    await tick();
    expect(upstream.sent).toEqual([]);
    release(hold('r1'));
    await tick();
    expect(upstream.sent.map((f) => f.data)).toEqual([
      '{"type":"response.create"}',
      '{"type":"conversation.item.create"}',
    ]);
    upstream.emit('message', Buffer.from('{"type":"response.created","response":{"id":"resp_1"}}'), false);
    upstream.emit(
      'message',
      Buffer.from('{"type":"response.done","response":{"id":"resp_1","usage":{"input_tokens":1,"output_tokens":2}}}'),
      false,
    );
    await tick();
    expect(billing.settle).toHaveBeenCalledTimes(1);
    expect(billing.settle.mock.calls[0]).toEqual([
      expect.objectContaining({ streamEnd: 'complete', hold: hold('r1') }),
    ]);
  });

  it('closes the client with the upstream close code (1006 becomes 1011) and leaves the drain', async () => {
    const { client, upstream, drain } = session();
    upstream.readyState = WebSocket.CLOSED;
    upstream.emit('close', 1006, Buffer.from(''));
    await tick();
    expect(client.closedWith).toBe(1011);
    expect(drain.leave).toHaveBeenCalledTimes(1);
  });
});
