import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LookupFunction } from 'node:net';
import { isPublicAddress } from '@gw/shared';
import { guardedLookup, OutboundClient, OutboundError } from './outbound-client';

/**
 * The test server listens on 127.0.0.1, which the real policy refuses; the cases that must reach it
 * use a policy allowing exactly 127.0.0.1, and names mapped by an injected DNS.
 */
const LOOPBACK_ONLY = (ip: string) => ip === '127.0.0.1';

function fakeDns(table: Record<string, string[]>): LookupFunction {
  return ((hostname: string, _options: unknown, callback: (e: Error | null, a: unknown) => void) => {
    const ips = table[hostname];
    if (!ips) return callback(Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), []);
    callback(
      null,
      ips.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    );
  }) as unknown as LookupFunction;
}

describe('OutboundClient (connect-time SSRF guard)', () => {
  let server: Server;
  let port: number;
  const seen: IncomingMessage[] = [];
  const at = (host: string, path: string) => `http://${host}:${port}${path}`;

  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push(req);
      const path = req.url ?? '';
      if (path === '/ok') return void res.end('hello');
      if (path === '/to-metadata')
        return void res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
      if (path === '/to-private-name') return void res.writeHead(302, { location: at('inside.test', '/ok') }).end();
      if (path === '/to-metadata-hex') return void res.writeHead(307, { location: 'http://0xa9fea9fe/latest/' }).end();
      if (path === '/to-ipv4-mapped')
        return void res.writeHead(308, { location: `http://[::ffff:10.0.0.5]:${port}/ok` }).end();
      if (path === '/to-public-name') return void res.writeHead(302, { location: at('public.test', '/ok') }).end();
      if (path === '/to-echo') return void res.writeHead(302, { location: at('public.test', '/echo') }).end();
      if (path === '/echo') return void res.end(JSON.stringify({ authorization: req.headers.authorization ?? null }));
      if (path === '/loop') return void res.writeHead(302, { location: '/loop' }).end();
      if (path === '/big') return void res.end(Buffer.alloc(64 * 1024, 1));
      if (path === '/slow') return; // never answers
      res.writeHead(404).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });
  beforeEach(() => (seen.length = 0));

  const dns = fakeDns({
    'public.test': ['127.0.0.1'],
    'inside.test': ['10.0.0.5'],
    'rebind.test': ['127.0.0.1'],
    'mixed.test': ['127.0.0.1', '10.0.0.5'],
  });
  const reason = (p: Promise<unknown>) =>
    p.then(
      () => 'answered',
      (e: unknown) => (e instanceof OutboundError ? e.reason : String((e as Error)?.name ?? e)),
    );

  it('refuses a loopback address with the real policy, before connecting', async () => {
    const client = new OutboundClient();
    await expect(reason(client.fetch(at('127.0.0.1', '/ok')))).resolves.toBe('refused');
    expect(seen).toHaveLength(0);
    await client.close();
  });

  it('refuses a hostname that resolves to a private address, at connect time', async () => {
    const client = new OutboundClient({ lookup: dns });
    await expect(reason(client.fetch(at('rebind.test', '/ok')))).resolves.toBe('refused');
    expect(seen).toHaveLength(0);
    await client.close();
  });

  it('refuses localhost as the system resolver answers it', async () => {
    const lookup = guardedLookup(isPublicAddress);
    const err = await new Promise<Error | null>((resolve) => lookup('localhost', {}, (e) => resolve(e)));
    expect(err).toBeInstanceOf(OutboundError);
    expect(err?.message).toMatch(/localhost resolves to (127\.0\.0\.1|::1)/);
  });

  it('refuses a name when any of its addresses is private', async () => {
    const client = new OutboundClient({ allow: LOOPBACK_ONLY, lookup: dns });
    await expect(reason(client.fetch(at('mixed.test', '/ok')))).resolves.toBe('refused');
    expect(seen).toHaveLength(0);
    await client.close();
  });

  it.each([
    ['a metadata address', '/to-metadata'],
    ['a metadata address in hex spelling', '/to-metadata-hex'],
    ['an IPv4-mapped private address', '/to-ipv4-mapped'],
    ['a name resolving to a private address', '/to-private-name'],
  ])('refuses a redirect into %s', async (_name, path) => {
    // 127.0.0.1 (the test server) is allowed; the target of the redirect is not.
    const client = new OutboundClient({ allow: LOOPBACK_ONLY, lookup: dns });
    await expect(reason(client.fetch(at('127.0.0.1', path)))).resolves.toBe('refused');
    expect(seen.map((r) => r.url)).toEqual([path]);
    await client.close();
  });

  it('follows a redirect to an allowed host and answers from there', async () => {
    const client = new OutboundClient({ allow: LOOPBACK_ONLY, lookup: dns });
    const res = await client.fetch(at('127.0.0.1', '/to-public-name'));
    expect(res.status).toBe(200);
    expect(res.body.toString()).toBe('hello');
    expect(res.url).toBe(at('public.test', '/ok'));
    await client.close();
  });

  it('drops credentials on a redirect to another origin', async () => {
    const client = new OutboundClient({ allow: LOOPBACK_ONLY, lookup: dns });
    const res = await client.fetch(at('127.0.0.1', '/to-echo'), { headers: { authorization: 'Bearer secret' } });
    expect(JSON.parse(res.body.toString())).toEqual({ authorization: null });
    await client.close();
  });

  it('bounds redirects, body size and time', async () => {
    const client = new OutboundClient({ allow: LOOPBACK_ONLY, maxRedirects: 2, maxBytes: 1024, timeoutMs: 500 });
    await expect(reason(client.fetch(at('127.0.0.1', '/loop')))).resolves.toBe('too_many_redirects');
    expect(seen.filter((r) => r.url === '/loop')).toHaveLength(3);
    await expect(reason(client.fetch(at('127.0.0.1', '/big')))).resolves.toBe('too_large');
    await expect(reason(client.fetch(at('127.0.0.1', '/slow')))).resolves.toMatch(/Timeout|Abort/);
    await client.close();
  });
});
