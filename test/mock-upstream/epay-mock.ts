import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpMock, type MockRequest } from './http-mock';

/** An order the stand-in accepted from a signed checkout form. */
export interface EpayOrder {
  out_trade_no: string;
  money: string;
  type: string;
  name: string;
  notify_url: string;
  return_url: string;
}

/** Epay's MD5 signature, written from the protocol (sorted non-empty params except sign/sign_type, key appended). */
export function epayMd5(params: Record<string, string>, key: string): string {
  const text = Object.keys(params)
    .filter((k) => k !== 'sign' && k !== 'sign_type' && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
  return createHash('md5').update(text + key).digest('hex');
}

/**
 * An Epay (易支付) gateway stand-in speaking the protocol over HTTP: `POST /submit.php` takes the
 * signed checkout form (refused with 400 when the signature or merchant is wrong) and shows a page
 * with a pay button; paying sends the signed notification (GET notify_url) and sends the browser to
 * return_url. Tests also drive notifications directly (`notify`), forged ones included.
 */
export class EpayMock extends HttpMock {
  readonly orders = new Map<string, EpayOrder>();
  private seq = 0;

  constructor(
    readonly pid: string,
    readonly key: string,
  ) {
    super();
  }

  /** The notification parameters of a paid order, signed with `key` (default: the merchant's). */
  notifyParams(order: EpayOrder, overrides: Record<string, string> = {}, key = this.key): Record<string, string> {
    const params: Record<string, string> = {
      pid: this.pid,
      trade_no: `EP${Date.now()}${++this.seq}`,
      out_trade_no: order.out_trade_no,
      type: order.type,
      name: order.name,
      money: order.money,
      trade_status: 'TRADE_SUCCESS',
      ...overrides,
    };
    params.sign = epayMd5(params, key);
    params.sign_type = 'MD5';
    return params;
  }

  /** Sends a notification to `url` (GET with the query, as Epay does); returns the merchant's answer. */
  async notify(url: string, params: Record<string, string>): Promise<{ status: number; text: string }> {
    const res = await fetch(`${url}?${new URLSearchParams(params)}`);
    return { status: res.status, text: await res.text() };
  }

  protected async answer(_req: IncomingMessage, res: ServerResponse, r: MockRequest): Promise<void> {
    const url = new URL(r.path, 'http://mock');
    if (url.pathname === '/submit.php') return this.submit(res, r.method === 'GET' ? Object.fromEntries(url.searchParams) : (r.body ?? {}));
    if (url.pathname === '/pay' && r.method === 'POST') return this.pay(res, (r.body ?? {}).out_trade_no);
    res.writeHead(404).end('not found');
  }

  private submit(res: ServerResponse, form: Record<string, string>): void {
    if (form.pid !== this.pid || !form.sign || form.sign !== epayMd5(form, this.key)) {
      res.writeHead(400, { 'content-type': 'text/plain' }).end('签名校验失败');
      return;
    }
    const order: EpayOrder = {
      out_trade_no: form.out_trade_no,
      money: form.money,
      type: form.type,
      name: form.name,
      notify_url: form.notify_url,
      return_url: form.return_url,
    };
    this.orders.set(order.out_trade_no, order);
    const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(
      `<!doctype html><html><body><h1>Epay stand-in</h1><p id="money">${esc(order.money)}</p>` +
        `<form method="post" action="/pay"><input type="hidden" name="out_trade_no" value="${esc(order.out_trade_no)}">` +
        `<button id="pay" type="submit">Pay</button></form></body></html>`,
    );
  }

  /** The user paid: notify the merchant (server to server), then send the browser back. */
  private async pay(res: ServerResponse, tradeNo: string): Promise<void> {
    const order = this.orders.get(tradeNo);
    if (!order) {
      res.writeHead(404).end('no such order');
      return;
    }
    const params = this.notifyParams(order);
    await this.notify(order.notify_url, params).catch(() => undefined);
    res.writeHead(302, { location: `${order.return_url}?${new URLSearchParams(params)}` }).end();
  }
}
