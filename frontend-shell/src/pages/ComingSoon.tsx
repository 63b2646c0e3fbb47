import { Result } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';

/** Placeholder for routes whose pages arrive with later features; navigation already works. */
export function ComingSoon() {
  const { t } = useTranslation();
  return <Result className="gw-coming-soon" status={null} title={t('page.coming_soon_title')} subTitle={t('page.coming_soon_desc')} />;
}
