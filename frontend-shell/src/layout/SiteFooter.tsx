import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RichContent, useStatus } from '@gw/web';
import { readStoredFooter, rereadFooter } from './footer-reread';

/**
 * The operator's footer HTML (sanitised), or the default line. The HTML is the locally kept
 * `footer_html`: read at mount, re-read 5 times at 200 ms intervals, and again when the status changes.
 */
export function SiteFooter() {
  const { t } = useTranslation();
  const status = useStatus();
  const [html, setHtml] = useState(readStoredFooter);
  useEffect(() => rereadFooter(readStoredFooter, setHtml), []);
  useEffect(() => setHtml(readStoredFooter()), [status.footer_html]);
  if (html.trim()) return <RichContent className="gw-footer-html" content={html} htmlOnly />;
  return (
    <div className="gw-footer-default">
      {t('footer.default', { name: status.system_name || 'AI Gateway', version: status.version ?? '' })}
    </div>
  );
}
