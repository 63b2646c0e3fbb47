import { Button, Result } from '@arco-design/web-react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';

export function NotFound() {
  const { t } = useTranslation();
  return (
    <Result
      className="gw-not-found"
      status="404"
      title={t('page.not_found_title')}
      subTitle={t('page.not_found_desc')}
      extra={
        <Link to="/">
          <Button type="primary">{t('common.back_home')}</Button>
        </Link>
      }
    />
  );
}
