import { useTranslation } from 'react-i18next';

/**
 * Placeholder for the human-verification widget (Turnstile) shown when the operator enables it. The
 * widget script is not loaded yet, so no token is produced and submitting shows the "please wait" text.
 */
export function HumanCheck({ siteKey }: { siteKey?: string }) {
  const { t } = useTranslation();
  return (
    <div className="gw-human-check" data-sitekey={siteKey ?? ''}>
      <strong>{t('login.turnstile')}</strong>
      <span>{t('login.turnstile_pending')}</span>
    </div>
  );
}
