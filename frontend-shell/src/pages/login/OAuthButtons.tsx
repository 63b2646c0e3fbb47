import { Button, Divider, Space } from '@arco-design/web-react';
import { IconGithub } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { api, useStatus, withQuery } from '@gw/web';

type Provider = 'github' | 'oidc' | 'linuxdo';

/** Third-party sign-in: fetch a state, then go to the provider's authorize page. */
export function OAuthButtons() {
  const { t } = useTranslation();
  const s = useStatus();
  const providers: Provider[] = [];
  if (s.github_oauth) providers.push('github');
  if (s.oidc_enabled) providers.push('oidc');
  if (s.linuxdo_oauth) providers.push('linuxdo');
  if (!providers.length) return null;

  const start = async (p: Provider) => {
    const state = await api.get<string>(withQuery('/api/oauth/state', { aff: localStorage.getItem('aff') ?? undefined }));
    const redirect = `${window.location.origin}/oauth/${p}`;
    const url =
      p === 'github'
        ? withQuery('https://github.com/login/oauth/authorize', { client_id: s.github_client_id, state, scope: 'user:email' })
        : p === 'oidc'
          ? withQuery(s.oidc_authorization_endpoint ?? '', {
              client_id: s.oidc_client_id,
              redirect_uri: redirect,
              response_type: 'code',
              scope: 'openid profile email',
              state,
            })
          : withQuery('https://connect.linux.do/oauth2/authorize', { response_type: 'code', client_id: s.linuxdo_client_id, state });
    window.location.assign(url);
  };

  return (
    <>
      <Divider>{t('login.third_party')}</Divider>
      <Space wrap className="gw-oauth">
        {providers.map((p) => (
          <Button key={p} icon={p === 'github' ? <IconGithub /> : undefined} onClick={() => void start(p).catch(() => undefined)}>
            {p === 'github' ? 'GitHub' : p === 'oidc' ? 'OIDC' : 'LinuxDO'}
          </Button>
        ))}
      </Space>
    </>
  );
}
