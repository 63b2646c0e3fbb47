/**
 * WeChat (code checked by a WeChat QR login server stand-in) and Telegram (login widget data signed
 * with a test bot token) sign-in and binding, with their refusals.
 */
import { WeChatServerMock } from '../mock-upstream/oauth-mock';
import { ApiClient } from '../support/api-client';
import { createUser, setOption, setupRoot } from '../support/fixtures';
import { telegramData } from '../support/oauth-fixtures';
import { startApp, type TestApp } from '../support/test-app';

const BOT_TOKEN = '123456:TEST-bot-token';
const now = () => Math.floor(Date.now() / 1000);

describe('WeChat and Telegram sign-in', () => {
  let t: TestApp;
  let root: ApiClient;
  const wx = new WeChatServerMock('wx-server-token');

  beforeAll(async () => {
    const wxUrl = await wx.start();
    t = await startApp();
    root = await setupRoot(t.url);
    await setOption(root, 'WeChatServerAddress', wxUrl);
    await setOption(root, 'WeChatServerToken', wx.token);
    await setOption(root, 'TelegramBotToken', BOT_TOKEN);
    await setOption(root, 'TelegramBotName', 'gw_test_bot');
  });
  afterAll(async () => {
    await t.close();
    await wx.close();
  });

  /** A client that signs in with the answer's id (as the console does after a JSON sign-in). */
  async function get(client: ApiClient, path: string) {
    const res = await client.get(path);
    if (res.body?.success && typeof res.body.data?.id === 'number')
      client.headers['new-api-user'] = String(res.body.data.id);
    return res;
  }
  const tgQuery = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

  describe('WeChat', () => {
    it('is refused while WeChat sign-in is off', async () => {
      const res = await get(new ApiClient(t.url), `/api/oauth/wechat?code=${wx.issueCode('wx-1')}`);
      expect(res.status).toBe(403);
      expect(res.body.success).toBe(false);
      await setOption(root, 'WeChatAuthEnabled', 'true');
    });

    it('signs up with a valid code, then signs the same user in', async () => {
      const client = new ApiClient(t.url);
      const res = await get(client, `/api/oauth/wechat?code=${wx.issueCode('wx-1')}`);
      expect(res.body).toMatchObject({ success: true, data: { display_name: 'WeChat User' } });
      expect((await client.get('/api/user/self')).body.data.wechat_id).toBe('wx-1');
      expect(wx.requests.at(-1)?.headers.authorization).toBe('wx-server-token');
      const again = await get(new ApiClient(t.url), `/api/oauth/wechat?code=${wx.issueCode('wx-1')}`);
      expect(again.body.data.id).toBe(res.body.data.id);
    });

    it('refuses a wrong or reused code, and a wrong server token', async () => {
      const wrong = await get(new ApiClient(t.url), '/api/oauth/wechat?code=000000');
      expect(wrong.status).toBe(400);
      expect(wrong.body).toMatchObject({ success: false, message: '微信验证码错误或已过期' });
      const code = wx.issueCode('wx-2');
      expect((await get(new ApiClient(t.url), `/api/oauth/wechat?code=${code}`)).body.success).toBe(true);
      expect((await get(new ApiClient(t.url), `/api/oauth/wechat?code=${code}`)).status).toBe(400);

      await setOption(root, 'WeChatServerToken', 'wrong-token');
      const refused = await get(new ApiClient(t.url), `/api/oauth/wechat?code=${wx.issueCode('wx-3')}`);
      expect(refused.status).toBe(400);
      expect(refused.body.success).toBe(false);
      await setOption(root, 'WeChatServerToken', wx.token);
    });

    it('binds for a signed-in user and refuses an id another user holds', async () => {
      const user = await createUser(root, 'wx_binder');
      const res = await user.client.get(`/api/oauth/wechat/bind?code=${wx.issueCode('wx-bind')}`);
      expect(res.body).toEqual({ success: true, message: 'bind' });
      expect((await user.client.get('/api/user/self')).body.data.wechat_id).toBe('wx-bind');
      const other = await createUser(root, 'wx_other');
      const taken = await other.client.get(`/api/oauth/wechat/bind?code=${wx.issueCode('wx-bind')}`);
      expect(taken.status).toBe(400);
      expect(taken.body.message).toBe('该账户已绑定其他用户');
      expect((await new ApiClient(t.url).get(`/api/oauth/wechat/bind?code=${wx.issueCode('wx-x')}`)).status).toBe(401);
    });
  });

  describe('Telegram', () => {
    it('is refused while Telegram sign-in is off', async () => {
      const data = telegramData(BOT_TOKEN, { id: 777, first_name: 'Tele', auth_date: now() });
      expect((await get(new ApiClient(t.url), `/api/oauth/telegram/login?${tgQuery(data)}`)).status).toBe(403);
      await setOption(root, 'TelegramOAuthEnabled', 'true');
    });

    it('signs up with correctly signed widget data, then signs the same user in', async () => {
      const data = telegramData(BOT_TOKEN, {
        id: 777,
        first_name: 'Tele',
        last_name: 'Gram',
        username: 'telegram_user',
        photo_url: 'https://t.me/i/userpic/1.jpg',
        auth_date: now(),
      });
      const client = new ApiClient(t.url);
      const res = await get(client, `/api/oauth/telegram/login?${tgQuery(data)}`);
      expect(res.body).toMatchObject({ success: true, data: { display_name: 'Tele Gram' } });
      expect((await client.get('/api/user/self')).body.data.telegram_id).toBe('777');
      const again = await get(
        new ApiClient(t.url),
        `/api/oauth/telegram/login?${tgQuery(telegramData(BOT_TOKEN, { id: 777, auth_date: now() }))}`,
      );
      expect(again.body.data.id).toBe(res.body.data.id);
    });

    it('refuses a forged hash, data signed with another bot token, and a stale or future auth_date', async () => {
      const good = telegramData(BOT_TOKEN, { id: 778, first_name: 'Mallory', auth_date: now() });
      const forged = { ...good, id: '777' };
      const res = await get(new ApiClient(t.url), `/api/oauth/telegram/login?${tgQuery(forged)}`);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, message: 'Telegram 登录数据无效' });
      const otherBot = telegramData('999:other-bot', { id: 777, auth_date: now() });
      expect((await get(new ApiClient(t.url), `/api/oauth/telegram/login?${tgQuery(otherBot)}`)).status).toBe(400);

      const stale = telegramData(BOT_TOKEN, { id: 777, auth_date: now() - 25 * 3600 });
      const staleRes = await get(new ApiClient(t.url), `/api/oauth/telegram/login?${tgQuery(stale)}`);
      expect(staleRes.status).toBe(400);
      expect(staleRes.body.message).toBe('Telegram 登录数据已过期，请重新登录');
      const future = telegramData(BOT_TOKEN, { id: 777, auth_date: now() + 3600 });
      expect((await get(new ApiClient(t.url), `/api/oauth/telegram/login?${tgQuery(future)}`)).status).toBe(400);
    });

    it('binds for a signed-in user and refuses an id another user holds', async () => {
      const user = await createUser(root, 'tg_binder');
      const data = telegramData(BOT_TOKEN, { id: 888, first_name: 'Bind', auth_date: now() });
      expect((await user.client.get(`/api/oauth/telegram/bind?${tgQuery(data)}`)).body).toEqual({
        success: true,
        message: 'bind',
      });
      expect((await user.client.get('/api/user/self')).body.data.telegram_id).toBe('888');
      const other = await createUser(root, 'tg_other');
      const taken = await other.client.get(`/api/oauth/telegram/bind?${tgQuery(data)}`);
      expect(taken.status).toBe(400);
      expect(taken.body.message).toBe('该账户已绑定其他用户');
    });

    it('refuses sign-up while registration is off', async () => {
      await setOption(root, 'RegisterEnabled', 'false');
      const data = telegramData(BOT_TOKEN, { id: 999, first_name: 'Late', auth_date: now() });
      const res = await get(new ApiClient(t.url), `/api/oauth/telegram/login?${tgQuery(data)}`);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('管理员关闭了新用户注册');
      await setOption(root, 'RegisterEnabled', 'true');
    });
  });
});
