import { ApiClient } from '../support/api-client';
import { createUser, login, setOption, setupRoot } from '../support/fixtures';
import { MailInbox, resetLinkIn } from '../support/mail-inbox';
import { Db } from '../support/relay-fixtures';
import { startApp, type TestApp } from '../support/test-app';

/**
 * Password reset by mailed link (docs/identity/email-and-reset.md): the link goes to ServerAddress
 * (never the request's Host), is single use and expires; confirming answers a new password, ends
 * every session and revokes the access token. Unknown addresses get the same answer and no mail.
 */
describe('password reset', () => {
  let t: TestApp;
  let root: ApiClient;
  let inbox: MailInbox;
  let db: Db;
  const SITE = 'https://gw.example.test';

  const requestReset = (email: string, headers?: Record<string, string>) =>
    new ApiClient(t.url).get(`/api/reset_password?email=${encodeURIComponent(email)}`, headers);
  const confirm = (email: string, token: string, headers?: Record<string, string>) =>
    new ApiClient(t.url).post('/api/user/reset', { email, token }, headers);

  /** A user with an address, signed in. */
  async function userWithEmail(name: string) {
    const u = await createUser(root, name);
    const email = `${name}@example.org`;
    await db.exec('UPDATE users SET email = ? WHERE id = ?', [email, u.id]);
    return { ...u, email };
  }

  async function linkFor(email: string) {
    const res = await requestReset(email);
    expect(res.body).toEqual({ success: true, message: '' });
    return resetLinkIn(await inbox.waitForMail(email));
  }

  beforeAll(async () => {
    inbox = await MailInbox.start();
    t = await startApp();
    root = await setupRoot(t.url);
    db = Db.open(t);
    await inbox.configure((k, v) => setOption(root, k, v));
    await setOption(root, 'ServerAddress', SITE);
  });
  afterAll(async () => {
    db.close();
    await t.close();
    await inbox.close();
  });

  it('mails a link to {ServerAddress}/user/reset; confirming answers a new password that signs in; the old one and every session and the access token are dead', async () => {
    const u = await userWithEmail('alice');
    const token = (await u.client.get('/api/user/token')).body.data as string;
    const tokenHeaders = { authorization: token, 'new-api-user': String(u.id) };
    expect((await new ApiClient(t.url).get('/api/user/self', tokenHeaders)).status).toBe(200);
    const other = new ApiClient(t.url);
    await login(other, u.username, u.password);

    const res = await requestReset(u.email);
    expect(res.body).toEqual({ success: true, message: '' });
    const mail = await inbox.waitForMail(u.email);
    expect(mail.subject).toContain('密码重置');
    const link = resetLinkIn(mail);
    expect(link.link).toBe(`${SITE}/user/reset?email=${encodeURIComponent(u.email)}&token=${link.token}`);
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = await db.one("SELECT * FROM verification_codes WHERE purpose = 'reset' AND address = ?", [u.email]);
    expect(row.code_hash).not.toContain(link.token);
    expect(Number(row.expires_at) - Number(row.created_at)).toBe(15 * 60);

    const done = await confirm(link.email, link.token);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ success: true, message: '' });
    const password = done.body.data as string;
    expect(password).toMatch(/^[A-Za-z0-9]{12}$/);

    expect((await login(new ApiClient(t.url), u.username, password)).id).toBe(u.id);
    expect((await new ApiClient(t.url).post('/api/user/login', { username: u.username, password: u.password })).body.success).toBe(false);
    expect((await u.client.get('/api/user/self')).status).toBe(401);
    expect((await other.get('/api/user/self')).status).toBe(401);
    expect((await new ApiClient(t.url).get('/api/user/self', tokenHeaders)).status).toBe(401);

    const reused = await confirm(link.email, link.token, { 'accept-language': 'en' });
    expect(reused.status).toBe(400);
    expect(reused.body).toEqual({ success: false, data: null, message: 'The reset link is invalid or has expired' });
  });

  it('answers an unknown address exactly as a known one, and mails nothing', async () => {
    const known = await userWithEmail('bob');
    const unknown = await requestReset('nobody-here@example.org');
    const answer = await requestReset(known.email);
    expect(unknown.status).toBe(answer.status);
    expect(unknown.body).toEqual(answer.body);
    // The known address's mail arrives; by then a mail to the unknown one would have been decided long ago.
    await inbox.waitForMail(known.email);
    expect(inbox.mailsTo('nobody-here@example.org')).toHaveLength(0);
    expect(await db.one("SELECT COUNT(*) AS n FROM verification_codes WHERE address = 'nobody-here@example.org'")).toMatchObject({ n: 0 });
  });

  it('a second request within 30 s gets the same answer and no second mail', async () => {
    const u = await userWithEmail('carol');
    const first = await linkFor(u.email);
    expect((await requestReset(u.email)).body).toEqual({ success: true, message: '' });
    // The first link still works (the second request replaced nothing).
    const done = await confirm(u.email, first.token);
    expect(done.body.success).toBe(true);
    expect(inbox.mailsTo(u.email)).toHaveLength(1);
  });

  it('refuses an expired link', async () => {
    const u = await userWithEmail('dave');
    const link = await linkFor(u.email);
    await db.exec("UPDATE verification_codes SET expires_at = expires_at - 901 WHERE purpose = 'reset' AND address = ?", [u.email]);
    expect((await confirm(u.email, link.token)).body).toEqual({ success: false, data: null, message: '重置链接非法或已过期' });
    await login(new ApiClient(t.url), u.username, u.password);
  });

  it('refuses a wrong token, and voids the link after 5 wrong ones', async () => {
    const u = await userWithEmail('erin');
    const link = await linkFor(u.email);
    expect((await confirm(u.email, '')).status).toBe(400);
    expect((await confirm('other@example.org', link.token)).body.success).toBe(false);
    for (let i = 0; i < 5; i++) expect((await confirm(u.email, `wrong-${i}`)).body.success).toBe(false);
    expect((await confirm(u.email, link.token)).body).toEqual({ success: false, data: null, message: '重置链接非法或已过期' });
    await login(new ApiClient(t.url), u.username, u.password);
  });

  it('never builds the link on the Host header: with ServerAddress empty the request is refused', async () => {
    await setOption(root, 'ServerAddress', '');
    try {
      const u = await userWithEmail('frank');
      const res = await requestReset(u.email, { host: 'attacker.example', 'accept-language': 'en' });
      expect(res.body).toEqual({
        success: false,
        data: null,
        message: 'The administrator has not set the server address, so no reset link can be sent',
      });
    } finally {
      await setOption(root, 'ServerAddress', SITE);
    }
  });

  it('refuses a malformed address, and says so when SMTP is not configured', async () => {
    expect((await requestReset('not-an-address', { 'accept-language': 'en' })).body).toEqual({
      success: false,
      data: null,
      message: 'The e-mail address is invalid',
    });
    await setOption(root, 'SMTPServer', '');
    try {
      const res = await requestReset('anyone@example.org', { 'accept-language': 'en' });
      expect(res.body).toEqual({ success: false, data: null, message: 'The administrator has not configured SMTP: no e-mail can be sent' });
    } finally {
      await setOption(root, 'SMTPServer', '127.0.0.1');
    }
  });
});
