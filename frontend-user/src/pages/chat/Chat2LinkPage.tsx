import { useEffect } from 'react';
import { Result, Spin } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { linkKind } from './chat-link';
import { useChatLink } from './useChatLink';

/** /chat2link — goes straight to the first chat link, filled with the user's first enabled key. */
export function Chat2LinkPage() {
  const { t } = useTranslation();
  const link = useChatLink();
  const url = link.kind === 'ready' && linkKind(link.url) !== 'invalid' ? link.url : null;
  useEffect(() => {
    if (url) window.location.assign(url);
  }, [url]);
  if (link.kind === 'failed') return <Result className="gw-chat-failed" status="warning" title={t('chat.unavailable')} />;
  return <Spin className="gw-page-loading" tip={t('chat.redirecting')} />;
}
