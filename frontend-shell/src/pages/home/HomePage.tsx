import { Alert, Button, Input, Space, Spin, Typography } from '@arco-design/web-react';
import { IconCopy } from '@arco-design/web-react/icon';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { api, copyText, isHttpUrl, RichContent, useRequest, useStatus } from '@gw/web';
import { isNewYearsDay } from '../../layout/new-year';

const optional = (url: string) => api.get<string>(url, { quiet: true, on404: '' }).catch(() => '');

/**
 * Home: the operator's HomePageContent (Markdown/HTML through the sanitiser, or a frame when the whole
 * value is an http(s) URL), else a default welcome with the API base URL and the docs link
 * (docs/console.md "Home, about and footer").
 */
export function HomePage() {
  const { t } = useTranslation();
  const status = useStatus();
  const { data: content, loading } = useRequest(() => optional('/api/home_page_content'));
  const { data: notice } = useRequest(() => optional('/api/notice'));
  if (loading) return <Spin className="gw-page-loading" />;
  const noticeBox = notice?.trim() ? (
    <Alert className="gw-notice" type="info" closable title={t('home.notice')} content={<RichContent content={notice} className="gw-rich" />} />
  ) : null;
  if (content?.trim()) {
    return (
      <div className={isHttpUrl(content) ? 'gw-home gw-home-frame' : 'gw-home gw-page'}>
        {noticeBox}
        <RichContent content={content} className="gw-rich gw-home-content" title={status.system_name} />
      </div>
    );
  }
  const baseUrl = status.server_address || window.location.origin;
  return (
    <div className="gw-home gw-page">
      {noticeBox}
      <div className="gw-hero">
        <Typography.Title heading={2}>{t('home.title', { name: status.system_name || 'AI Gateway' })}</Typography.Title>
        {isNewYearsDay(new Date()) && (
          <Typography.Paragraph className="gw-new-year-greeting">🎉 {t('newyear.greeting', { year: new Date().getFullYear() })}</Typography.Paragraph>
        )}
        <Typography.Paragraph type="secondary">{t('home.desc')}</Typography.Paragraph>
        <Input
          className="gw-base-url"
          readOnly
          value={baseUrl}
          addBefore={t('home.base_url')}
          addAfter={<IconCopy className="gw-clickable gw-copy-base-url" role="button" aria-label={t('home.copy')} onClick={() => void copyText(baseUrl)} />}
        />
        <Space size="medium" className="gw-hero-actions">
          <Link to="/token">
            <Button type="primary" size="large">{t('home.start')}</Button>
          </Link>
          {status.docs_link && isHttpUrl(status.docs_link) && (
            <a href={status.docs_link} target="_blank" rel="noopener noreferrer">
              <Button size="large">{t('home.docs')}</Button>
            </a>
          )}
        </Space>
      </div>
    </div>
  );
}
