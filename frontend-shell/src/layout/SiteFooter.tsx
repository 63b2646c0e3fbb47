import { useTranslation } from 'react-i18next';
import { RichContent, useStatus } from '@gw/web';

/** The operator's footer HTML (sanitised), or the default line. */
export function SiteFooter() {
  const { t } = useTranslation();
  const status = useStatus();
  if (status.footer_html?.trim()) return <RichContent className="gw-footer-html" content={status.footer_html} htmlOnly />;
  return (
    <div className="gw-footer-default">
      {t('footer.default', { name: status.system_name || 'AI Gateway', version: status.version ?? '' })}
    </div>
  );
}
