import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Pool } from 'undici';
import { RequestAbort } from './request-abort';

describe('RequestAbort', () => {
  it('aborts once: the first reason stays, listeners run once, once-listeners are gone after', () => {
    const a = new RequestAbort();
    const calls: string[] = [];
    a.signal.addEventListener('abort', () => calls.push('once'), { once: true });
    a.signal.addEventListener('abort', () => calls.push('on'));
    const removed = () => calls.push('removed');
    a.signal.addEventListener('abort', removed, { once: true });
    a.signal.removeEventListener('abort', removed);
    a.abort('first');
    a.abort('second');
    expect(a.signal.aborted).toBe(true);
    expect(a.signal.reason).toBe('first');
    expect(calls).toEqual(['once', 'on']);
    expect(a.signal.listenerCount('abort')).toBe(1);
  });

  it('gives an AbortError by default, like AbortController', () => {
    const a = new RequestAbort();
    a.abort();
    expect((a.signal.reason as Error).name).toBe('AbortError');
  });

  it.each([
    ['made before the abort', true],
    ['made after the abort', false],
  ])('standard(): a real AbortSignal that follows it, %s', (_name, before) => {
    const a = new RequestAbort();
    const early = before ? a.signal.standard() : null;
    a.abort('gone');
    const signal = early ?? a.signal.standard();
    expect(signal).toBeInstanceOf(AbortSignal);
    expect(signal.aborted).toBe(true);
    expect(signal.reason).toBe('gone');
    expect(a.signal.standard()).toBe(signal);
  });

  describe('as the signal of an undici request', () => {
    let server: Server;
    let pool: Pool;
    beforeAll(async () => {
      // Answers the head, then never ends the body.
      server = createServer((_req, res) => res.writeHead(200).write('partial'));
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      pool = new Pool(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    });
    afterAll(async () => {
      await pool.destroy();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    });

    it('cuts the body in flight with its reason, and leaves no listener behind', async () => {
      const a = new RequestAbort();
      const res = await pool.request({ path: '/', method: 'GET', signal: a.signal });
      expect(res.statusCode).toBe(200);
      const reading = res.body.text();
      a.abort(new Error('client closed'));
      await expect(reading).rejects.toThrow('client closed');
      expect(a.signal.listenerCount('abort')).toBe(0);
    });

    it('refuses to start when already aborted', async () => {
      const a = new RequestAbort();
      a.abort(new Error('timeout'));
      await expect(pool.request({ path: '/', method: 'GET', signal: a.signal })).rejects.toThrow('timeout');
    });
  });
});
