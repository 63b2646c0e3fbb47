import type { Settings } from '@gw/shared';
import { AppError } from '../../../common/http/app-error';

/** The WeChat QR login server's answer to `GET /api/wechat/user?code=`. */
interface WeChatServerAnswer {
  success?: boolean;
  message?: string;
  /** The WeChat (official account) user id the code was issued for. */
  data?: string;
}

/**
 * Resolves the code a user read from the WeChat official account into their WeChat id, by asking the
 * WeChat QR login server new-api deployments run (`GET {WeChatServerAddress}/api/wechat/user?code=`,
 * `Authorization: {WeChatServerToken}`; codes live about 3 minutes there). The address is written by
 * root, like the SMTP server, and usually points at a server on the operator's own network, so it is
 * called directly and not through the outbound client that guards user-supplied URLs.
 */
export async function weChatIdByCode(s: Settings, code: string): Promise<string> {
  if (!s.WeChatServerAddress) throw AppError.badRequest('oauth.not_configured', { provider: 'WeChat' });
  const url = `${s.WeChatServerAddress.replace(/\/+$/, '')}/api/wechat/user?code=${encodeURIComponent(code)}`;
  let answer: WeChatServerAnswer;
  try {
    const res = await fetch(url, {
      headers: { Authorization: s.WeChatServerToken },
      signal: AbortSignal.timeout(5_000),
    });
    answer = (await res.json()) as WeChatServerAnswer;
  } catch {
    throw new AppError('oauth.wechat_server_failed', 502);
  }
  if (!answer?.success || typeof answer.data !== 'string' || !answer.data)
    throw AppError.badRequest('oauth.wechat_code_invalid');
  return answer.data;
}
