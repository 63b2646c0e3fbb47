import { Divider, Typography } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { LogType, type LogRecord, type QuotaDisplay } from '@gw/shared';
import { billingLines, contentText, detailLines, type LogOther } from './log-helpers';

/** An expanded row: the billing explanation (type 2), error details (type 6, collapsed past 6 lines), content. */
export function LogExpand({ row, other, isAdmin, display }: { row: LogRecord; other: LogOther; isAdmin: boolean; display: QuotaDisplay }) {
  const { t, i18n } = useTranslation();
  const billing = row.type === LogType.Consume ? billingLines(row, other, display.quotaPerUnit).length : 0;
  const lines = detailLines(row, other, isAdmin, display.quotaPerUnit);
  const content = contentText(row, other, display, t, (k) => i18n.exists(k));
  return (
    <div className="gw-log-expand">
      {billing > 0 && (
        <section className="gw-log-billing">
          <Typography.Text bold>{t('log.billing')}</Typography.Text>
          {lines.slice(0, billing).map((l, i) => (
            <div key={i}>{t(l.key, l.params)}</div>
          ))}
        </section>
      )}
      {lines.length > billing && (
        <section className={row.type === LogType.Error ? 'gw-log-error-fields' : 'gw-log-extra'}>
          {billing > 0 && <Divider style={{ margin: '8px 0' }} />}
          {lines.slice(billing).map((l, i) => (
            <div key={i}>{t(l.key, l.params)}</div>
          ))}
        </section>
      )}
      {content && (
        <section>
          <Divider style={{ margin: '8px 0' }} />
          <Typography.Text bold>{row.type === LogType.Error ? t('log.error_details') : t('log.details')}</Typography.Text>
          <Typography.Paragraph
            className="gw-log-content"
            style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}
            ellipsis={row.type === LogType.Error ? { rows: 6, expandable: true } : false}
          >
            {content}
          </Typography.Paragraph>
        </section>
      )}
    </div>
  );
}

/** Whether a row has anything to expand. */
export function hasDetails(row: LogRecord, other: LogOther, isAdmin: boolean, quotaPerUnit?: number): boolean {
  return !!row.content || detailLines(row, other, isAdmin, quotaPerUnit).length > 0;
}
