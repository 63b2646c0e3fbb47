import { Result } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';

export function Forbidden() {
  const { t } = useTranslation();
  return <Result status="403" title={t('common.forbidden_title')} subTitle={t('common.forbidden_desc')} />;
}
