import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { Pool, type Dispatcher } from 'undici';
import { APP_CONFIG, type AppConfig } from '../../config/env';
import type { RequestSignal } from '../../common/net/request-abort';
import type { UpstreamCall } from '../../providers/provider';

export interface SendOptions {
  signal: AbortSignal | RequestSignal;
  /** Until the response headers arrive. */
  headersTimeoutMs: number;
  /** Between two body chunks (the gap between stream events). */
  bodyTimeoutMs: number;
}

/**
 * Sends upstream calls through one keep-alive undici Pool per origin. Pools live as long as the
 * process; the connect timeout is a pool setting, the others are per request.
 */
@Injectable()
export class UpstreamClient implements OnApplicationShutdown {
  private readonly pools = new Map<string, Pool>();

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  send(call: UpstreamCall, o: SendOptions): Promise<Dispatcher.ResponseData> {
    return this.pool(call.origin).request({
      path: call.path,
      method: call.method,
      headers: call.headers,
      body: call.body,
      signal: o.signal,
      headersTimeout: o.headersTimeoutMs,
      bodyTimeout: o.bodyTimeoutMs,
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([...this.pools.values()].map((p) => p.close().catch(() => undefined)));
  }

  private pool(origin: string): Pool {
    let pool = this.pools.get(origin);
    if (!pool) {
      pool = new Pool(origin, {
        pipelining: 1,
        keepAliveTimeout: 30_000,
        keepAliveMaxTimeout: 600_000,
        connect: { timeout: this.config.relayConnectTimeoutSec * 1000 },
      });
      this.pools.set(origin, pool);
    }
    return pool;
  }
}

/**
 * Reads a body up to `limit` bytes; beyond that the rest is discarded and `truncated` is set. A body
 * of announced length within the limit is read in one go (cheaper than iterating).
 */
export async function readBody(
  res: Pick<Dispatcher.ResponseData, 'body' | 'headers'>,
  limit: number,
): Promise<{ data: Buffer; truncated: boolean }> {
  const { body } = res;
  const length = Number(res.headers['content-length']);
  if (Number.isInteger(length) && length >= 0 && length <= limit) {
    return { data: Buffer.from(await body.arrayBuffer()), truncated: false };
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    if (size + chunk.length > limit) {
      chunks.push(chunk.subarray(0, limit - size));
      body.destroy();
      return { data: Buffer.concat(chunks), truncated: true };
    }
    chunks.push(chunk);
    size += chunk.length;
  }
  return { data: chunks.length === 1 ? chunks[0] : Buffer.concat(chunks), truncated: false };
}
