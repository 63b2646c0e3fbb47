import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { MockUpstream } from '../mock-upstream/mock-upstream';
import { ApiClient } from '../support/api-client';
import { login, ROOT, setOption, setupRoot } from '../support/fixtures';
import { createChannel, createToken, Db, eventually, fundedUser, sleep } from '../support/relay-fixtures';
import { startApp, type TestApp } from '../support/test-app';

/**
 * Low-quota alerts (docs/notifications.md): real mail into an in-process SMTP server, a real webhook
 * receiver checking the HMAC signature, at most one alert per two hours (durable across a restart),
 * and the outbound rule refusing a loopback webhook unless OUTBOUND_TEST_ALLOW names the address.
 */

const SMTP_USER = 'alerts@gw.test';
const SMTP_PASS = 'smtp-pass-1';
const SECRET = 'whsec-test-1';
/** gpt-4o: 1.25 × (1000 + 500 × 4) = 3750 quota per request. */
const COST = 3750;

interface Hook {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  raw: string;
}

describe('quota alerts', () => {
  const mails: ParsedMail[] = [];
  const hooks: Hook[] = [];
  let smtp: SMTPServer;
  let smtpPort: number;
  let receiver: Server;
  let hookBase: string;
  let mock: MockUpstream;

  const mailsTo = (addr: string) => mails.filter((m) => m.to && !Array.isArray(m.to) && m.to.text === addr);
  const hooksAt = (path: string) => hooks.filter((h) => h.path === path);

  beforeAll(async () => {
    smtp = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      logger: false,
      onAuth(auth, _session, cb) {
        if (auth.username === SMTP_USER && auth.password === SMTP_PASS) cb(null, { user: auth.username });
        else cb(new Error('bad credentials'));
      },
      onData(stream, _session, cb) {
        simpleParser(stream).then((m) => {
          mails.push(m);
          cb();
        }, cb);
      },
    });
    await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
    smtpPort = (smtp.server.address() as AddressInfo).port;
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        hooks.push({ path: req.url ?? '', headers: req.headers, raw: Buffer.concat(chunks).toString('utf8') });
        res.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    hookBase = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    mock = new MockUpstream();
    await mock.start();
    mock.setDefault({ usage: { prompt_tokens: 1000, completion_tokens: 500 } });
  });
  afterAll(async () => {
    await new Promise<void>((r) => smtp.close(() => r()));
    await new Promise<void>((r) => receiver.close(() => r()));
    await mock.close();
  });

  async function configure(root: ApiClient): Promise<void> {
    await setOption(root, 'SMTPServer', '127.0.0.1');
    await setOption(root, 'SMTPPort', String(smtpPort));
    await setOption(root, 'SMTPAccount', SMTP_USER);
    await setOption(root, 'SMTPToken', SMTP_PASS);
    await setOption(root, 'SMTPFrom', SMTP_USER);
    await createChannel(root, { key: 'up-alerts', base_url: mock.url, models: 'gpt-4o' });
  }

  /** A user with `quota`, their notification setting saved through the API, and an API key. */
  async function customer(root: ApiClient, name: string, quota: number, setting: Record<string, unknown>) {
    const u = await fundedUser(root, name, quota);
    const saved = await u.client.put('/api/user/setting', setting);
    expect(saved.body).toMatchObject({ success: true });
    const { key } = await createToken(u.client, { unlimited_quota: true });
    return { ...u, key };
  }

  async function chat(t: TestApp, key: string): Promise<void> {
    const res = await fetch(`${t.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(res.status).toBe(200);
    await res.text();
  }

  /**
   * Loopback webhook URLs cannot be saved (https only, public hosts); the test stores one directly,
   * as a value written before the rule or by hand would be: the sender must still apply the rule.
   */
  async function pointWebhookAt(db: Db, userId: number, url: string): Promise<string> {
    const row = await db.one<{ setting: string }>('SELECT setting FROM users WHERE id = ?', [userId]);
    const setting = JSON.parse(row.setting) as Record<string, unknown>;
    await db.exec('UPDATE users SET setting = ? WHERE id = ?', [JSON.stringify({ ...setting, webhook_url: url }), userId]);
    return String(setting.webhook_secret);
  }

  const reminderRows = (db: Db, userId: number) =>
    db.all<{ content: string }>('SELECT content FROM logs WHERE user_id = ? AND type = 4 AND content LIKE ?', [userId, 'quota reminder%']);

  describe('after usage (the ledger hook; scan off; loopback allowed for the test receivers)', () => {
    let t: TestApp;
    let db: Db;
    let root: ApiClient;

    beforeAll(async () => {
      t = await startApp({ QUOTA_REMIND_FREQUENCY: '0', OUTBOUND_TEST_ALLOW: '127.0.0.1' });
      db = Db.open(t);
      root = await setupRoot(t.url);
      await configure(root);
    });
    afterAll(async () => {
      db.close();
      await t.close();
    });

    /** Kills and restarts the node on the same database; root signs in again at its new address. */
    async function restart(): Promise<void> {
      t = await t.restart();
      root = new ApiClient(t.url);
      await login(root, ROOT.username, ROOT.password);
    }

    /** A user crossing their threshold now; once their mail is in, every check noted before it has run. */
    async function sentinel(name: string): Promise<void> {
      const addr = `${name}@example.com`;
      const s = await customer(root, name, COST + 100, { notify_type: 'email', quota_warning_threshold: 1000, notification_email: addr });
      await chat(t, s.key);
      expect(await eventually(async () => mailsTo(addr).length === 1, 15_000)).toBe(true);
      await sleep(300);
    }

    it('e-mails a user whose balance crosses their threshold, once within two hours, across a restart', async () => {
      const addr = 'alice@example.com';
      const a = await customer(root, 'alert-alice', 20_000, {
        notify_type: 'email',
        quota_warning_threshold: 15_000,
        notification_email: addr,
      });
      await chat(t, a.key); // 16250: still above 15000
      await chat(t, a.key); // 12500: crossed
      expect(await eventually(async () => mailsTo(addr).length >= 1, 15_000)).toBe(true);
      const [mail] = mailsTo(addr);
      expect(mail.subject).toBe('您的额度即将用尽');
      expect(mail.text).toContain('12500');
      expect(mail.from?.text).toContain(SMTP_USER);
      expect(mail.html).toContain('<a href=');

      await chat(t, a.key); // 8750: still low, within two hours
      await sentinel('alert-s1');
      expect(mailsTo(addr)).toHaveLength(1);

      // The claim is a row, not memory: a restarted node does not alert again.
      await restart();
      await chat(t, a.key);
      await sentinel('alert-s2');
      expect(mailsTo(addr)).toHaveLength(1);
      expect(await reminderRows(db, a.id)).toHaveLength(1);
      expect((await reminderRows(db, a.id))[0].content).toContain('sent by e-mail');

      // Two hours later (the row moved back in time) usage alerts again.
      await db.exec('UPDATE quota_alerts SET alerted_at = alerted_at - 7200 WHERE user_id = ?', [a.id]);
      await restart();
      await chat(t, a.key);
      expect(await eventually(async () => mailsTo(addr).length === 2, 15_000)).toBe(true);
    });

    it('posts a signed webhook the receiver verifies with the HMAC-SHA256 of the body', async () => {
      const w = await customer(root, 'alert-hook', COST + 2000, {
        notify_type: 'webhook',
        quota_warning_threshold: 3000,
        webhook_url: 'https://hooks.example.com/quota',
        webhook_secret: SECRET,
      });
      const stored = await pointWebhookAt(db, w.id, `${hookBase}/hook-w`);
      expect(stored).not.toContain(SECRET); // kept encrypted
      await chat(t, w.key); // 2000 left: below 3000
      expect(await eventually(async () => hooksAt('/hook-w').length >= 1, 15_000)).toBe(true);
      const [hook] = hooksAt('/hook-w');
      const expected = createHmac('sha256', SECRET).update(hook.raw).digest('hex');
      expect(hook.headers['x-webhook-signature']).toBe(expected);
      expect(createHmac('sha256', 'another-secret').update(hook.raw).digest('hex')).not.toBe(expected);
      expect(hook.headers['content-type']).toBe('application/json');
      const body = JSON.parse(hook.raw);
      expect(body).toMatchObject({ type: 'quota_exceed', title: '您的额度即将用尽', values: [2000, expect.any(String)] });
      expect(typeof body.timestamp).toBe('number');

      await chat(t, w.key);
      await sentinel('alert-s3');
      expect(hooksAt('/hook-w')).toHaveLength(1);
    });
  });

  describe('by the periodic scan (no ledger movement; no test allow-list)', () => {
    let t: TestApp;
    let db: Db;
    let root: ApiClient;

    beforeAll(async () => {
      t = await startApp({ QUOTA_REMIND_FREQUENCY: '0.02' }); // a scan every 1.2 s
      db = Db.open(t);
      root = await setupRoot(t.url);
      await configure(root);
      await setOption(root, 'QuotaRemindThreshold', '5000');
    });
    afterAll(async () => {
      db.close();
      await t.close();
    });

    it("alerts a user an admin lowered below the site's threshold, once", async () => {
      const addr = 'bob@example.com';
      const b = await customer(root, 'alert-bob', 100_000, { notify_type: 'email', notification_email: addr });
      expect((await root.put('/api/user/', { id: b.id, quota: 4000 })).body).toMatchObject({ success: true });
      expect(await eventually(async () => mailsTo(addr).length >= 1, 15_000)).toBe(true);
      expect(mailsTo(addr)[0].text).toContain('4000');
      // Another user lowered after: their mail means the scan has passed bob again.
      const c = await customer(root, 'alert-carol', 100_000, { notify_type: 'email', notification_email: 'carol@example.com' });
      expect((await root.put('/api/user/', { id: c.id, quota: 10 })).body).toMatchObject({ success: true });
      expect(await eventually(async () => mailsTo('carol@example.com').length === 1, 15_000)).toBe(true);
      await sleep(2500); // two more scans
      expect(mailsTo(addr)).toHaveLength(1);
    });

    it('refuses a loopback webhook without the test allow-list (nothing reaches the receiver)', async () => {
      const r = await customer(root, 'alert-ssrf', 100_000, {
        notify_type: 'webhook',
        webhook_url: 'https://hooks.example.com/quota',
        webhook_secret: SECRET,
      });
      await pointWebhookAt(db, r.id, `${hookBase}/hook-ssrf`);
      expect((await root.put('/api/user/', { id: r.id, quota: 10 })).body).toMatchObject({ success: true });
      const rows = await eventually(async () => {
        const found = await reminderRows(db, r.id);
        return found.length > 0 ? found : null;
      }, 15_000);
      expect(rows).toHaveLength(1);
      expect(rows![0].content).toMatch(/not delivered: .*refused|not delivered: .*not_public/);
      expect(hooksAt('/hook-ssrf')).toHaveLength(0);
    });
  });
});
