import { useEffect } from 'react';
import { Message, Spin } from '@arco-design/web-react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { ApiEnvelope, LoginResult } from '@gw/shared';
import { api, getStoredUser, OAUTH_RETURN_KEY, setStoredUser } from '@gw/web';
import { callbackDestination, callbackRequest, claimOnce } from './oauth-callback';

/**
 * /oauth/:provider: the provider sent the browser back here; the gateway signs in, registers or (with a
 * session) binds, and the page moves on (docs/console.md#sign-in-pages).
 */
export function OAuthCallbackPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { provider } = useParams();
  const [params] = useSearchParams();

  useEffect(() => {
    const returnTo = params.get('returnTo') ?? sessionStorage.getItem(OAUTH_RETURN_KEY);
    const signedIn = getStoredUser() !== null;
    const request = callbackRequest(provider, params);
    if (!request) {
      Message.error(t('oauth.unknown_provider'));
      return void navigate(callbackDestination({ ok: false }, signedIn, null), { replace: true });
    }
    if (!claimOnce(request.key)) return;
    sessionStorage.removeItem(OAUTH_RETURN_KEY);
    api
      .get<ApiEnvelope<LoginResult>>(request.url, { envelope: true, quiet: true, noAuthRedirect: true })
      .then((answer) => {
        if (answer.message === 'bind') Message.success(t('oauth.bound'));
        else if (answer.data) {
          setStoredUser(answer.data);
          Message.success(t('login.success'));
        }
        navigate(callbackDestination({ ok: true, message: answer.message }, signedIn, returnTo), { replace: true });
      })
      .catch((e: Error) => {
        Message.error(e.message || t('oauth.failed'));
        navigate(callbackDestination({ ok: false }, signedIn, null), { replace: true });
      });
    // One call per page load: the credential in the address works once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <div className="gw-auth-page gw-oauth-callback" data-testid="oauth-callback">
      <Spin tip={t('oauth.processing')} />
    </div>
  );
}
