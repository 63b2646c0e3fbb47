import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AppConfig } from '../../config/env';
import { OutboundError } from '../../common/net/outbound-client';
import { SIGNATURE_HEADER, WebhookSender, type WebhookPayload } from './webhook-sender';

const PAYLOAD: WebhookPayload = { type: 'quota_exceed', title: 't', content: 'c', values: [1, 'x'], timestamp: 1 };

describe('WebhookSender', () => {
  let server: Server;
  let base: string;
  let status = 200;
  const got: { signature?: string; body: string }[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        got.push({ signature: req.headers[SIGNATURE_HEADER.toLowerCase()] as string | undefined, body });
        res.writeHead(status).end();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));
  beforeEach(() => {
    got.length = 0;
    status = 200;
  });

  const sender = (allow: string[]) => new WebhookSender({ outboundTestAllow: allow } as unknown as AppConfig);

  it('refuses a loopback address by default; nothing is sent', async () => {
    const s = sender([]);
    await expect(s.send(`${base}/h`, 'k', PAYLOAD)).rejects.toBeInstanceOf(OutboundError);
    await s.onApplicationShutdown();
    expect(got).toHaveLength(0);
  });

  it('reaches an allow-listed address with the hex HMAC-SHA256 of the body', async () => {
    const s = sender(['127.0.0.1']);
    await s.send(`${base}/h`, 'k', PAYLOAD);
    await s.onApplicationShutdown();
    expect(got).toHaveLength(1);
    expect(JSON.parse(got[0].body)).toEqual(PAYLOAD);
    expect(got[0].signature).toBe(createHmac('sha256', 'k').update(got[0].body).digest('hex'));
  });

  it('sends no signature without a secret, and fails on a non-2xx answer', async () => {
    const s = sender(['127.0.0.1']);
    await s.send(`${base}/h`, '', PAYLOAD);
    expect(got[0].signature).toBeUndefined();
    status = 500;
    await expect(s.send(`${base}/h`, 'k', PAYLOAD)).rejects.toThrow('500');
    await s.onApplicationShutdown();
  });

  it('keeps refusing internal names even with the allow-list', async () => {
    const s = sender(['127.0.0.1']);
    await expect(s.send(base.replace('127.0.0.1', 'localhost'), 'k', PAYLOAD)).rejects.toBeInstanceOf(OutboundError);
    await s.onApplicationShutdown();
    expect(got).toHaveLength(0);
  });
});
