import { Button, Result } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';

/** Shown in place of a page whose remote cannot be loaded; the rest of the console keeps working. */
export function RemoteUnavailable({ name }: { name: string }) {
  const { t } = useTranslation();
  const label = name === 'admin' || name === 'user' ? t(`remote.${name}`) : name;
  return (
    <Result
      status="warning"
      className="gw-remote-unavailable"
      title={t('remote.failed_title')}
      subTitle={t('remote.failed_desc', { name: label })}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('remote.retry')}
        </Button>
      }
    />
  );
}
