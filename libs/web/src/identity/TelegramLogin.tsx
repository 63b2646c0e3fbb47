import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TELEGRAM_SCRIPT } from './identity-urls';

interface Props {
  botName: string;
  /** Where the widget sends the browser with the user's signed fields (telegramAuthUrl). */
  authUrl: string;
}

/**
 * Telegram's official login widget: its script replaces itself with Telegram's button frame. When the
 * script cannot be loaded a short notice takes its place and the rest of the page is unaffected.
 */
export function TelegramLogin({ botName, authUrl }: Props) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const host = box.current;
    if (!host || !botName) return;
    const script = document.createElement('script');
    script.async = true;
    script.src = TELEGRAM_SCRIPT;
    script.setAttribute('data-telegram-login', botName);
    script.setAttribute('data-size', 'large');
    script.setAttribute('data-request-access', 'write');
    script.setAttribute('data-auth-url', authUrl);
    script.onerror = () => setFailed(true);
    host.appendChild(script);
    return () => {
      host.replaceChildren();
      setFailed(false);
    };
  }, [botName, authUrl]);

  return (
    <div className="gw-telegram" data-testid="telegram-widget" data-bot={botName}>
      <div ref={box} />
      {failed && <span className="gw-telegram-failed">{t('identity.telegram_unavailable')}</span>}
    </div>
  );
}
