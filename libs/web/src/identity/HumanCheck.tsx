import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useStatus } from '../store/status';
import { loadScript } from './external-script';
import { TURNSTILE_SCRIPT } from './identity-urls';

interface TurnstileApi {
  render(el: HTMLElement, options: Record<string, unknown>): string;
  reset(widgetId: string): void;
  remove(widgetId: string): void;
}
const turnstile = () => (window as unknown as { turnstile?: TurnstileApi }).turnstile;

interface Props {
  siteKey: string;
  /** The current token; '' when it expired, failed or was reset. */
  onToken: (token: string) => void;
  /** Each change resets the widget (a token is good for one request). */
  resetSignal: number;
}

/**
 * The Cloudflare Turnstile widget, rendered explicitly into its own element. When the script cannot be
 * loaded the page keeps working: the check shows why no token comes, and the server refuses the request.
 */
export function HumanCheck({ siteKey, onToken, resetSignal }: Props) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const widget = useRef<string | null>(null);
  const tokenSink = useRef(onToken);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  useEffect(() => {
    tokenSink.current = onToken;
  }, [onToken]);

  useEffect(() => {
    let gone = false;
    loadScript(TURNSTILE_SCRIPT)
      .then(() => {
        const api = turnstile();
        if (gone || !box.current) return;
        if (!api) return setState('failed');
        widget.current = api.render(box.current, {
          sitekey: siteKey,
          callback: (token: string) => tokenSink.current(token),
          'expired-callback': () => tokenSink.current(''),
          'error-callback': () => tokenSink.current(''),
        });
        setState('ready');
      })
      .catch(() => !gone && setState('failed'));
    return () => {
      gone = true;
      if (widget.current) turnstile()?.remove(widget.current);
      widget.current = null;
    };
  }, [siteKey]);

  useEffect(() => {
    if (resetSignal === 0 || !widget.current) return;
    turnstile()?.reset(widget.current);
  }, [resetSignal]);

  return (
    <div className="gw-human-check" data-testid="human-check" data-sitekey={siteKey}>
      <div ref={box} className="gw-turnstile" />
      {state === 'loading' && <span>{t('identity.turnstile_loading')}</span>}
      {state === 'failed' && <span className="gw-human-check-failed">{t('identity.turnstile_unavailable')}</span>}
    </div>
  );
}

export interface HumanCheckState {
  /** The operator turned the check on. */
  enabled: boolean;
  /** The token for the next request ('' while none). */
  token: string;
  /** Off, or a token is there. */
  ready: boolean;
  /** The `turnstile` query value: the token when the check is on, otherwise left out. */
  query: string | undefined;
  /** The widget to place in the form (null when the check is off). */
  widget: ReactNode;
  /** Forget the used token and ask the widget for a new one. */
  reset: () => void;
}

/** The human check of a form, following the server status (turnstile_check, turnstile_site_key). */
export function useHumanCheck(): HumanCheckState {
  const status = useStatus();
  const enabled = !!status.turnstile_check;
  const [token, setToken] = useState('');
  const [resetSignal, setResetSignal] = useState(0);
  return {
    enabled,
    token,
    ready: !enabled || token !== '',
    query: enabled ? token : undefined,
    widget: enabled ? <HumanCheck siteKey={status.turnstile_site_key ?? ''} onToken={setToken} resetSignal={resetSignal} /> : null,
    reset: () => {
      setToken('');
      setResetSignal((n) => n + 1);
    },
  };
}
