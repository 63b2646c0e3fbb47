import { Card, Empty, Spin } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { api, RichContent, useRequest } from '@gw/web';

/** About: the operator's About content (HTML, Markdown or a framed URL). */
export function AboutPage() {
  const { t } = useTranslation();
  const { data, loading } = useRequest(() => api.get<string>('/api/about', { quiet: true, on404: '' }).catch(() => ''));
  if (loading) return <Spin className="gw-page-loading" />;
  if (!data?.trim()) {
    return (
      <Card className="gw-page" title={t('about.title')}>
        <Empty description={t('about.empty')} />
      </Card>
    );
  }
  return <RichContent content={data} className="gw-rich gw-page gw-about" title={t('about.title')} />;
}
