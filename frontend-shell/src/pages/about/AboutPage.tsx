import { Card, Empty, Spin, Typography } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { api, RichContent, useRequest, useStatus } from '@gw/web';

/** About: the operator's About option like the home page (Markdown/HTML, or a frame for a URL), else a default text. */
export function AboutPage() {
  const { t } = useTranslation();
  const status = useStatus();
  const { data, loading } = useRequest(() => api.get<string>('/api/about', { quiet: true, on404: '' }).catch(() => ''));
  if (loading) return <Spin className="gw-page-loading" />;
  if (!data?.trim()) {
    return (
      <Card className="gw-page gw-about-default" title={t('about.title')}>
        <Typography.Title heading={5}>{status.system_name || 'AI Gateway'}</Typography.Title>
        <Typography.Paragraph>{t('home.desc')}</Typography.Paragraph>
        <Empty description={t('about.empty')} />
      </Card>
    );
  }
  return <RichContent content={data} className="gw-rich gw-page gw-about" title={t('about.title')} />;
}
