import { ApiClient } from '../support/api-client';
import { createUser, login, setOption, setupRoot } from '../support/fixtures';
import { codeIn, MailInbox } from '../support/mail-inbox';
import { Db } from '../support/relay-fixtures';
import { startApp, type TestApp } from '../support/test-app';

/**
 * E-mail codes (docs/identity/email-and-reset.md): sent through a real SMTP server, 3 minutes, one
 * per address per 30 s, the operator's address rules, stored hashed, single use, void after 5 wrong
 * attempts; sign-up with EmailVerificationEnabled and binding an address to a signed-in user.
 */
describe('e-mail codes', () => {
  let t: TestApp;
  let root: ApiClient;
  let inbox: MailInbox;
  let db: Db;
  const set = (key: string, value: string) => setOption(root, key, value);
  const ask = (email: string, headers?: Record<string, string>) =>
    new ApiClient(t.url).get(`/api/verification?email=${encodeURIComponent(email)}`, headers);

  /** Asks for a code and reads it from the mail. */
  async function codeFor(email: string): Promise<string> {
    const res = await ask(email);
    expect(res.body).toEqual({ success: true, message: '' });
    return codeIn(await inbox.waitForMail(email));
  }
  const register = (body: Record<string, string>) =>
    new ApiClient(t.url).post('/api/user/register', { password: 'new-pass-1', password2: 'new-pass-1', ...body });

  beforeAll(async () => {
    inbox = await MailInbox.start();
    t = await startApp();
    root = await setupRoot(t.url);
    db = Db.open(t);
  });
  afterAll(async () => {
    db.close();
    await t.close();
    await inbox.close();
  });

  it('without SMTP configured, refuses with a clear message', async () => {
    const res = await ask('nobody@example.org', { 'accept-language': 'en' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, data: null, message: 'The administrator has not configured SMTP: no e-mail can be sent' });
    await inbox.configure(set);
  });

  it('mails a 6-digit code valid 3 minutes (zh by default, en on request), stored only as a keyed hash', async () => {
    expect((await ask('zh@example.org')).body.success).toBe(true);
    const zh = await inbox.waitForMail('zh@example.org');
    expect(zh.subject).toContain('邮箱验证');
    expect(zh.text).toContain('3 分钟');
    expect((await ask('en@example.org', { 'accept-language': 'en' })).body.success).toBe(true);
    const en = await inbox.waitForMail('en@example.org');
    expect(en.subject).toContain('e-mail verification');
    expect(en.text).toMatch(/Your code is \d{6}; it is valid for 3 minutes/);
    const row = await db.one('SELECT * FROM verification_codes WHERE purpose = ? AND address = ?', ['email', 'en@example.org']);
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(codeIn(en));
    expect(Number(row.expires_at) - Number(row.created_at)).toBe(180);
  });

  it('refuses a second code for the same address within 30 s; later, a new code replaces the old one', async () => {
    const first = await codeFor('again@example.org');
    const again = await ask('Again@Example.org', { 'accept-language': 'en' });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('A code was just sent: wait 30 seconds before asking for another');
    expect(inbox.mailsTo('again@example.org')).toHaveLength(1);
    // 31 s later (the row's send time moved back instead of waiting):
    await db.exec("UPDATE verification_codes SET created_at = created_at - 31 WHERE address = 'again@example.org'");
    const second = await codeFor('again@example.org');
    await set('EmailVerificationEnabled', 'true');
    try {
      if (first !== second) {
        expect((await register({ username: 'again1', email: 'again@example.org', verification_code: first })).body.success).toBe(false);
      }
      expect((await register({ username: 'again1', email: 'again@example.org', verification_code: second })).body).toMatchObject({ success: true });
    } finally {
      await set('EmailVerificationEnabled', 'false');
    }
  });

  it('refuses malformed addresses', async () => {
    for (const bad of ['', 'plain', 'a@b', 'a b@example.org']) {
      const res = await ask(bad, { 'accept-language': 'en' });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/^(The e-mail address is invalid|Please enter an e-mail address!)$/);
    }
  });

  it('with the domain whitelist on, sends only to whitelisted domains', async () => {
    await set('EmailDomainRestrictionEnabled', 'true');
    await set('EmailDomainWhitelist', 'example.org,allowed.test');
    try {
      const refused = await ask('someone@evil.test', { 'accept-language': 'en' });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toContain('this domain is not on the list');
      expect((await ask('someone@sub.allowed.test')).status).toBe(400);
      await codeFor('someone@allowed.test');
    } finally {
      await set('EmailDomainRestrictionEnabled', 'false');
    }
    expect(inbox.mailsTo('someone@evil.test')).toHaveLength(0);
  });

  it('with the alias restriction on, refuses +tags and dotted Gmail addresses', async () => {
    await set('EmailAliasRestrictionEnabled', 'true');
    try {
      for (const alias of ['me+shop@example.org', 'j.doe@gmail.com', 'J.Doe@googlemail.com']) {
        const res = await ask(alias, { 'accept-language': 'en' });
        expect(res.status).toBe(400);
        expect(res.body.message).toContain('refuses address aliases');
      }
      await codeFor('jdoe@gmail.com');
      await codeFor('j.doe@example.org');
    } finally {
      await set('EmailAliasRestrictionEnabled', 'false');
    }
  });

  describe('registration with EmailVerificationEnabled', () => {
    beforeAll(() => set('EmailVerificationEnabled', 'true'));
    afterAll(() => set('EmailVerificationEnabled', 'false'));

    it('requires the address and its code', async () => {
      const en = { 'accept-language': 'en' };
      const none = await new ApiClient(t.url).post('/api/user/register', { username: 'nocode', password: 'new-pass-1', password2: 'new-pass-1' }, en);
      expect(none.status).toBe(400);
      expect(none.body.message).toBe('Email verification is on: enter the email and its code');
      const noCode = await register({ username: 'nocode', email: 'nocode@example.org' });
      expect(noCode.body.success).toBe(false);
      expect((await login(new ApiClient(t.url), 'nocode', 'new-pass-1').catch(() => null))).toBeNull();
    });

    it('registers with the right code (the address is stored), once: the code is single use', async () => {
      const code = await codeFor('Reg1@Example.org');
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
      const bad = await new ApiClient(t.url).post(
        '/api/user/register',
        { username: 'reg1', password: 'new-pass-1', password2: 'new-pass-1', email: 'reg1@example.org', verification_code: wrong },
        { 'accept-language': 'en' },
      );
      expect(bad.body).toEqual({ success: false, data: null, message: 'The code is wrong or has expired' });
      expect((await register({ username: 'reg1', email: 'reg1@example.org', verification_code: code })).body.success).toBe(true);
      const u = await db.one("SELECT email FROM users WHERE username = 'reg1'");
      expect(u.email).toBe('reg1@example.org');
      const reused = await register({ username: 'reg1b', email: 'reg1@example.org', verification_code: code });
      expect(reused.body.success).toBe(false);
      expect(await db.one("SELECT COUNT(*) AS n FROM users WHERE username = 'reg1b'")).toMatchObject({ n: 0 });
      expect(await db.one("SELECT COUNT(*) AS n FROM verification_codes WHERE address = 'reg1@example.org'")).toMatchObject({ n: 0 });
    });

    it('refuses an expired code', async () => {
      const code = await codeFor('late@example.org');
      // 3 minutes later (the row's expiry moved back instead of waiting):
      await db.exec("UPDATE verification_codes SET expires_at = expires_at - 181 WHERE address = 'late@example.org'");
      const res = await register({ username: 'late1', email: 'late@example.org', verification_code: code });
      expect(res.body).toEqual({ success: false, data: null, message: '验证码错误或已过期' });
    });

    it('voids the code after 5 wrong attempts, even for the right one', async () => {
      const code = await codeFor('guess@example.org');
      const messages: string[] = [];
      for (let i = 1; i <= 5; i++) {
        const wrong = String((Number(code) + i) % 1_000_000).padStart(6, '0');
        messages.push((await register({ username: 'guess1', email: 'guess@example.org', verification_code: wrong })).body.message);
      }
      expect(messages).toEqual([...Array(4).fill('验证码错误或已过期'), '验证码错误次数过多，请重新获取验证码']);
      const right = await register({ username: 'guess1', email: 'guess@example.org', verification_code: code });
      expect(right.body).toEqual({ success: false, data: null, message: '验证码错误次数过多，请重新获取验证码' });
    });

    it('a taken username leaves the code unused (its use rolls back with the insert)', async () => {
      const code = await codeFor('taken-name@example.org');
      const taken = await register({ username: 'root', email: 'taken-name@example.org', verification_code: code });
      expect(taken.body).toEqual({ success: false, data: null, message: '用户名已存在，或已注销' });
      expect((await register({ username: 'freename', email: 'taken-name@example.org', verification_code: code })).body.success).toBe(true);
    });

    it('refuses a code for an address another account already uses', async () => {
      const res = await ask('reg1@example.org', { 'accept-language': 'en' });
      expect(res.body).toEqual({ success: false, data: null, message: 'This e-mail address is already in use' });
    });
  });

  describe('binding an address (GET /api/oauth/email/bind)', () => {
    const bind = (c: ApiClient, email: string, code: string, headers?: Record<string, string>) =>
      c.get(`/api/oauth/email/bind?email=${encodeURIComponent(email)}&code=${code}`, headers);

    it('binds the address its code proves to the signed-in user', async () => {
      const u = await createUser(root, 'binder');
      const code = await codeFor('binder@example.org');
      expect((await bind(u.client, 'binder@example.org', '000000x')).body.success).toBe(false);
      expect((await bind(u.client, 'binder@example.org', code)).body).toEqual({ success: true, message: '' });
      expect((await u.client.get('/api/user/self')).body.data.email).toBe('binder@example.org');
      expect((await bind(u.client, 'binder@example.org', code)).body.success).toBe(false);
    });

    it('needs a session', async () => {
      expect((await bind(new ApiClient(t.url), 'x@example.org', '123456')).status).toBe(401);
    });

    it('refuses an address another live user took meanwhile, and keeps the code', async () => {
      const u = await createUser(root, 'binder2');
      const other = await createUser(root, 'binder3');
      const code = await codeFor('contested@example.org');
      await db.exec('UPDATE users SET email = ? WHERE id = ?', ['contested@example.org', other.id]);
      const res = await bind(u.client, 'contested@example.org', code, { 'accept-language': 'en' });
      expect(res.body).toEqual({ success: false, data: null, message: 'This e-mail address is already in use' });
      expect((await u.client.get('/api/user/self')).body.data.email).toBe('');
      // Once the other account is gone, the same code still binds.
      await db.exec('UPDATE users SET deleted_at = 1 WHERE id = ?', [other.id]);
      expect((await bind(u.client, 'contested@example.org', code)).body.success).toBe(true);
    });
  });
});
