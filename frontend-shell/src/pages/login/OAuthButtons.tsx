import { useState } from 'react';
import { Button, Divider, Space } from '@arco-design/web-react';
import { IconGithub, IconWechat } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import type { LoginResult } from '@gw/shared';
import { api, oauthStartUrl, OAUTH_RETURN_KEY, TelegramLogin, telegramAuthUrl, useStatus, WeChatModal, withQuery, type OAuthProvider } from '@gw/web';

const LABELS: Record<OAuthProvider, string> = { github: 'GitHub', oidc: 'OIDC', linuxdo: 'LinuxDO' };

interface Props {
  /** Where to go after signing in (kept across the provider's round trip). */
  returnTo: string;
  /** A WeChat sign-in succeeded. */
  onLogin: (user: LoginResult) => void;
}

/**
 * Third-party sign-in, each shown exactly when its switch is on (/api/status). GitHub, OIDC and LinuxDO
 * go to the gateway's start route, which redirects to the provider; WeChat asks for the code the
 * official account replies with; Telegram shows its own widget.
 */
export function OAuthButtons({ returnTo, onLogin }: Props) {
  const { t } = useTranslation();
  const s = useStatus();
  const [wechat, setWechat] = useState(false);
  const providers = (['github', 'oidc', 'linuxdo'] as const).filter((p) =>
    p === 'github' ? s.github_oauth : p === 'oidc' ? s.oidc_enabled : s.linuxdo_oauth,
  );
  const telegram = !!s.telegram_oauth && !!s.telegram_bot_name;
  if (!providers.length && !s.wechat_login && !telegram) return null;

  const start = (p: OAuthProvider) => {
    sessionStorage.setItem(OAUTH_RETURN_KEY, returnTo);
    window.location.assign(oauthStartUrl(p, localStorage.getItem('aff')));
  };
  const wechatLogin = async (code: string) => onLogin(await api.get<LoginResult>(withQuery('/api/oauth/wechat', { code }), { noAuthRedirect: true }));

  return (
    <>
      <Divider>{t('login.third_party')}</Divider>
      <Space wrap className="gw-oauth">
        {providers.map((p) => (
          <Button key={p} className={`gw-oauth-${p}`} data-testid={`oauth-${p}`} icon={p === 'github' ? <IconGithub /> : undefined} onClick={() => start(p)}>
            {LABELS[p]}
          </Button>
        ))}
        {s.wechat_login && (
          <Button className="gw-oauth-wechat" data-testid="oauth-wechat" icon={<IconWechat />} onClick={() => setWechat(true)}>
            {t('login.wechat')}
          </Button>
        )}
      </Space>
      {telegram && <TelegramLogin botName={s.telegram_bot_name ?? ''} authUrl={telegramAuthUrl('login', returnTo)} />}
      <WeChatModal
        visible={wechat}
        qrcode={s.wechat_qrcode}
        title={t('login.wechat_title')}
        okText={t('login.submit')}
        onSubmit={wechatLogin}
        onClose={() => setWechat(false)}
      />
    </>
  );
}
