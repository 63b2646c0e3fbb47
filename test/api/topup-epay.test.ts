import { EpayMock, epayMd5, type EpayOrder } from '../mock-upstream/epay-mock';
import type { ApiClient } from '../support/api-client';
import { createUser, setOption, setupRoot } from '../support/fixtures';
import { expectLedger } from '../support/ledger-invariant';
import { createToken, Db } from '../support/relay-fixtures';
import { startApp, type TestApp } from '../support/test-app';

/**
 * Online top-up through Epay (docs/payment.md): pricing, the signed checkout form, and callbacks that
 * credit a paid order exactly once (parallel and repeated notifications), refuse forged, re-priced,
 * foreign-merchant and unknown ones, and pay the inviter's rebate once. Ends with the ledger invariant.
 */
describe('online top-up (Epay)', () => {
  const PID = '1001';
  const KEY = 'epay-merchant-key-test';
  const QUOTA_PER_UNIT = 500_000;
  let t: TestApp;
  let db: Db;
  let root: ApiClient;
  let epay: EpayMock;
  let payer: Awaited<ReturnType<typeof createUser>>;
  let inviter: Awaited<ReturnType<typeof createUser>>;
  let notifyUrl: string;

  beforeAll(async () => {
    t = await startApp();
    db = Db.open(t);
    root = await setupRoot(t.url);
    epay = new EpayMock(PID, KEY);
    await epay.start();
    payer = await createUser(root, 'tu_payer');
    inviter = await createUser(root, 'tu_inviter');
    await db.exec('UPDATE users SET inviter_id = ? WHERE id = ?', [inviter.id, payer.id]);
    notifyUrl = `${t.url}/api/user/epay/notify`;
  });
  afterAll(async () => {
    db.close();
    await epay.close();
    await t.close();
  });

  const quotaOf = async (id: number) => Number((await db.one('SELECT quota FROM users WHERE id = ?', [id])).quota);
  const affOf = async (id: number) => {
    const r = await db.one('SELECT aff_quota, aff_history_quota FROM users WHERE id = ?', [id]);
    return [Number(r.aff_quota), Number(r.aff_history_quota)];
  };
  const topUpRows = async (id: number) => db.all('SELECT quota, other FROM logs WHERE type = 1 AND user_id = ?', [id]);
  const orderOf = async (tradeNo: string) => db.one('SELECT status, complete_time FROM top_ups WHERE trade_no = ?', [tradeNo]);

  /** Opens an order through the API and has the stand-in accept its form, as the browser would post it. */
  async function checkout(amount: number, method: 'zfb' | 'wx' = 'zfb'): Promise<EpayOrder> {
    const res = await payer.client.post('/api/user/pay', { amount, payment_method: method, top_up_code: '' });
    expect(res.status).toBe(200);
    const { url, data: params } = res.body as { url: string; data: Record<string, string> };
    expect(url).toBe(`${epay.url}/submit.php`);
    const form = await fetch(url, { method: 'POST', body: new URLSearchParams(params) });
    expect(form.status).toBe(200);
    return epay.orders.get(params.out_trade_no)!;
  }

  it('is off in the status until the gateway is configured; quotes and orders are refused meanwhile', async () => {
    expect((await root.get('/api/status')).body.data.enable_online_topup).toBe(false);
    const res = await payer.client.post('/api/user/pay', { amount: 10, payment_method: 'zfb' });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);

    await setOption(root, 'PayAddress', epay.url);
    await setOption(root, 'EpayId', PID);
    await setOption(root, 'EpayKey', KEY);
    await setOption(root, 'ServerAddress', t.url);
    await setOption(root, 'Price', '7.3');
    await setOption(root, 'MinTopUp', '2');
    await setOption(root, 'TopupGroupRatio', JSON.stringify({ default: 1, vip: 1.5 }));
    await setOption(root, 'RebateEnabled', 'true');
    await setOption(root, 'RebatePercentage', '10');
    const status = (await root.get('/api/status')).body.data;
    expect(status).toMatchObject({ enable_online_topup: true, min_topup: 2, price: 7.3 });
  });

  it('a paid order is usable on the relay at once (the cached balance is refreshed)', async () => {
    const buyer = await createUser(root, 'tu_relay');
    const { key } = await createToken(buyer.client);
    const chat = () =>
      fetch(`${t.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }),
      }).then(async (r) => ({ status: r.status, code: ((await r.json()) as { error?: { code?: string } }).error?.code }));
    const broke = await chat(); // caches the buyer with quota 0
    expect(broke.status).toBe(403);

    const res = await buyer.client.post('/api/user/pay', { amount: 2, payment_method: 'zfb', top_up_code: '' });
    const { url, data: params } = res.body as { url: string; data: Record<string, string> };
    await fetch(url, { method: 'POST', body: new URLSearchParams(params) });
    expect((await epay.notify(notifyUrl, epay.notifyParams(epay.orders.get(params.out_trade_no)!))).text).toBe('success');

    // No channel serves the model: past the balance check, routing refuses it instead.
    const after = await chat();
    expect(after.code).not.toBe(broke.code);
    expect(after.status).not.toBe(403);
  });

  it('prices amount × Price × TopupGroupRatio[group] and enforces MinTopUp', async () => {
    expect((await payer.client.post('/api/user/amount', { amount: 10 })).body.data).toBe('73.00');
    const low = await payer.client.post('/api/user/amount', { amount: 1 });
    expect(low.status).toBe(400);
    expect(low.body.message).toContain('2');
    expect((await payer.client.post('/api/user/pay', { amount: 1, payment_method: 'wx' })).status).toBe(400);
    expect((await payer.client.post('/api/user/amount', { amount: 0 })).status).toBe(400);
    expect((await payer.client.post('/api/user/pay', { amount: 3, payment_method: 'card' })).status).toBe(400);
    const vip = await createUser(root, 'tu_vip');
    await root.put('/api/user/', { id: vip.id, group: 'vip' });
    expect((await vip.client.post('/api/user/amount', { amount: 10 })).body.data).toBe('109.50');
  });

  it('builds a signed Epay form whose notify and return addresses lead back to the server', async () => {
    const res = await payer.client.post('/api/user/pay', { amount: 4, payment_method: 'wx' });
    const p = res.body.data as Record<string, string>;
    expect(p).toMatchObject({
      pid: PID,
      type: 'wxpay',
      money: '29.20',
      notify_url: notifyUrl,
      return_url: `${t.url}/api/user/epay/return`,
      sign_type: 'MD5',
    });
    expect(p.sign).toBe(epayMd5(p, KEY));
    // CustomCallbackAddress, when set, receives the notification instead.
    await setOption(root, 'CustomCallbackAddress', 'https://callback.example.com/');
    const custom = await payer.client.post('/api/user/pay', { amount: 4, payment_method: 'zfb' });
    expect(custom.body.data.notify_url).toBe('https://callback.example.com/api/user/epay/notify');
    expect(custom.body.data.type).toBe('alipay');
    await setOption(root, 'CustomCallbackAddress', '');
  });

  it('credits a paid order once: 20 parallel and 5 later notifications all answered success', async () => {
    const before = await quotaOf(payer.id);
    const order = await checkout(10);
    const params = epay.notifyParams(order);
    const parallel = await Promise.all(Array.from({ length: 20 }, () => epay.notify(notifyUrl, params)));
    expect(parallel.map((r) => r.text)).toEqual(new Array(20).fill('success'));
    const later: string[] = [];
    for (let i = 0; i < 5; i++) later.push((await epay.notify(notifyUrl, epay.notifyParams(order))).text);
    expect(later).toEqual(new Array(5).fill('success'));

    expect(await quotaOf(payer.id)).toBe(before + 10 * QUOTA_PER_UNIT);
    const rows = (await topUpRows(payer.id)).filter((r) => JSON.parse(r.other).trade_no === order.out_trade_no);
    expect(rows).toHaveLength(1);
    expect(Number(rows[0].quota)).toBe(10 * QUOTA_PER_UNIT);
    expect((await orderOf(order.out_trade_no)).status).toBe('success');
    // The inviter's rebate (10 %), once, into the invite earnings.
    expect(await affOf(inviter.id)).toEqual([QUOTA_PER_UNIT, QUOTA_PER_UNIT]);
    expect(await quotaOf(inviter.id)).toBe(0);
  });

  it('refuses forged, re-priced, foreign-merchant, unpaid and unknown notifications and credits nothing', async () => {
    const before = await quotaOf(payer.id);
    const affBefore = await affOf(inviter.id);
    const order = await checkout(3);
    const refused = [
      // forged: signed with another key
      epay.notifyParams(order, {}, 'not-the-key'),
      // signature of other parameters
      { ...epay.notifyParams(order), money: '0.01' },
      // re-priced by the gateway side: signed, but not what the order costs
      epay.notifyParams(order, { money: '0.01' }),
      epay.notifyParams(order, { money: '21.91' }),
      // another merchant's notification, signed with our key
      epay.notifyParams(order, { pid: '2002' }),
      // not paid
      epay.notifyParams(order, { trade_status: 'WAIT_BUYER_PAY' }),
      // an order the server never opened
      epay.notifyParams({ ...order, out_trade_no: 'USR1NOunknownorder' }),
      // no signature at all
      Object.fromEntries(Object.entries(epay.notifyParams(order)).filter(([k]) => k !== 'sign')),
    ];
    for (const params of refused) expect((await epay.notify(notifyUrl, params)).text).toBe('fail');
    // A repeated key (array) is refused too.
    const dup = await fetch(`${notifyUrl}?${new URLSearchParams(epay.notifyParams(order))}&money=21.90`);
    expect(await dup.text()).toBe('fail');

    expect(await quotaOf(payer.id)).toBe(before);
    expect(await affOf(inviter.id)).toEqual(affBefore);
    expect((await orderOf(order.out_trade_no)).status).toBe('pending');
    // The genuine notification, posted as a form this time, still credits it.
    const ok = await fetch(notifyUrl, { method: 'POST', body: new URLSearchParams(epay.notifyParams(order)) });
    expect(await ok.text()).toBe('success');
    expect(await quotaOf(payer.id)).toBe(before + 3 * QUOTA_PER_UNIT);
  });

  it('caps anonymous callback bodies before parsing', async () => {
    const res = await fetch(notifyUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `pad=${'x'.repeat(100 * 1024)}`,
    });
    expect(res.status).toBe(413);
  });

  it('the browser return verifies too, credits at most once and lands on the wallet', async () => {
    const before = await quotaOf(payer.id);
    const order = await checkout(2);
    const params = epay.notifyParams(order);
    const back = `${t.url}/api/user/epay/return?${new URLSearchParams(params)}`;
    const first = await fetch(back, { redirect: 'manual' });
    expect(first.status).toBe(302);
    expect(first.headers.get('location')).toBe('/topup?pay=success');
    expect((await epay.notify(notifyUrl, params)).text).toBe('success');
    expect((await fetch(back, { redirect: 'manual' })).headers.get('location')).toBe('/topup?pay=success');
    expect(await quotaOf(payer.id)).toBe(before + 2 * QUOTA_PER_UNIT);
    const forged = await fetch(`${t.url}/api/user/epay/return?${new URLSearchParams({ ...params, money: '99.00' })}`, {
      redirect: 'manual',
    });
    expect(forged.headers.get('location')).toBe('/topup?pay=fail');
  });

  it("lists the user's own orders, newest first", async () => {
    const res = await payer.client.get('/api/user/topup/self?p=0&page_size=50');
    expect(res.status).toBe(200);
    const items = res.body.data.items as { status: string; amount: number; money: number }[];
    expect(items.filter((i) => i.status === 'success').map((i) => i.amount)).toEqual([2, 3, 10]);
    expect(items[0]).toMatchObject({ amount: 2, money: 14.6, status: 'success' });
    expect((await inviter.client.get('/api/user/topup/self')).body.data.total).toBe(0);
  });

  it('keeps the ledger invariant for the payer and the inviter', async () => {
    await expectLedger(db, { users: { [payer.id]: 0, [inviter.id]: 0 } });
  });
});
