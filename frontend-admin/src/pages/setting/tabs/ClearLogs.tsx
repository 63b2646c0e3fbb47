import { useState } from 'react';
import { Button, DatePicker, Message, Modal, Space } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { api, withQuery } from '@gw/web';

const monthAgo = () => {
  const d = new Date();
  d.setMonth(d.getMonth() - 1);
  return d;
};

/** Deletes logs older than a chosen time (default: one month ago). */
export function ClearLogs() {
  const { t } = useTranslation();
  const [time, setTime] = useState<Date | undefined>(monthAgo);
  const clear = () => {
    if (!time) return void Message.error(t('setting.clear_logs_need_time'));
    Modal.confirm({
      title: t('setting.clear_logs_confirm'),
      okButtonProps: { status: 'danger' },
      onOk: async () => {
        const count = await api.del<number>(withQuery('/api/log/', { target_timestamp: Math.floor(time.getTime() / 1000) }));
        Message.success(t('setting.clear_logs_done', { count: Number(count) || 0 }));
      },
    });
  };
  return (
    <Space className="gw-clear-logs" style={{ marginBottom: 16 }} wrap>
      <span>{t('setting.clear_logs_time')}</span>
      <DatePicker showTime value={time} onChange={(_, d) => setTime(d ? d.toDate() : undefined)} />
      <Button status="warning" onClick={clear}>
        {t('setting.clear_logs')}
      </Button>
    </Space>
  );
}
