import { useState } from 'react';
import { Button, Card, Message, Space, Typography } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { renderQuota } from '@gw/shared';
import { api, ApiError, quotaDisplay, useRequest, useStatus } from '@gw/web';

/**
 * Daily check-in (docs/check-in.md): shown while the server has check-in on. After a successful
 * check-in the button stays disabled and reads "already checked in today".
 */
export function CheckInCard({ onCheckedIn }: { onCheckedIn: () => void }) {
  const { t } = useTranslation();
  const status = useStatus();
  const display = quotaDisplay(status);
  const enabled = status.check_in_enabled === true;
  const { data, loading } = useRequest(
    () => (enabled ? api.get<{ can_check_in: boolean }>('/api/user/check_in_status', { quiet: true }).catch(() => ({ can_check_in: false })) : Promise.resolve({ can_check_in: false })),
    [enabled],
  );
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!enabled) return null;
  const canCheckIn = !done && data?.can_check_in === true;

  const checkIn = async () => {
    setBusy(true);
    try {
      const granted = await api.post<{ quota: number }>('/api/user/check_in', undefined, { quiet: true });
      setDone(true);
      Message.success(t('personal.check_in_success', { quota: renderQuota(granted.quota, display) }));
      onCheckedIn();
    } catch (err) {
      // A refusal the server explains (already checked in, switched off) is shown as it says it.
      const explained = err instanceof ApiError && err.status === 400 && err.message;
      Message.error(explained ? err.message : t('personal.check_in_failed'));
      if (explained) setDone(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={t('personal.check_in')} className="gw-check-in">
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('personal.check_in_desc')}</Typography.Text>
        <Button type="primary" className="gw-check-in-button" loading={busy || loading} disabled={!canCheckIn} onClick={() => void checkIn()}>
          {canCheckIn || loading ? t('personal.check_in_button') : t('personal.checked_in')}
        </Button>
      </Space>
    </Card>
  );
}
