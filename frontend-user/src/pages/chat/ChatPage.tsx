import { Button, Result, Spin } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { linkKind } from './chat-link';
import { useChatLink } from './useChatLink';

/**
 * /chat/:id? — the operator's chat page in a frame, opened with the user's first enabled key
 * (docs/console.md#chat-links). Links of other schemes (desktop apps) get a button that opens them.
 */
export function ChatPage() {
  const { t } = useTranslation();
  const link = useChatLink();
  if (link.kind === 'loading') return <Spin className="gw-page-loading" tip={t('chat.loading')} />;
  if (link.kind === 'failed') return <Result className="gw-chat-failed" status="warning" title={t('chat.unavailable')} />;
  const kind = linkKind(link.url);
  if (kind !== 'web') {
    return (
      <Result
        className="gw-chat-app"
        status="info"
        title={link.name}
        extra={
          kind === 'app' ? (
            <Button type="primary" onClick={() => window.location.assign(link.url)}>
              {t('chat.open_app')}
            </Button>
          ) : null
        }
      />
    );
  }
  const sameOrigin = new URL(link.url).origin === window.location.origin;
  return (
    <iframe
      className="gw-chat-frame"
      src={link.url}
      title={link.name}
      allow="camera; microphone; clipboard-write"
      referrerPolicy="no-referrer"
      // A page of the console's own origin gets no scripts: it could otherwise reach the console.
      sandbox={sameOrigin ? '' : 'allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox allow-modals allow-downloads'}
    />
  );
}
