import { useState } from 'react';
import { Button, Card, Descriptions, Message } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { RELEASES_URL } from '@gw/shared';
import { formatTimestamp, useStatus } from '@gw/web';
import { sectionId } from '../fields/SectionNav';

export function SystemInfo() {
  const { t } = useTranslation();
  const status = useStatus();
  const [checking, setChecking] = useState(false);
  const check = async () => {
    setChecking(true);
    try {
      const res = await fetch(RELEASES_URL, { headers: { Accept: 'application/vnd.github+json' } });
      if (!res.ok) throw new Error(String(res.status));
      const { tag_name: tag } = (await res.json()) as { tag_name?: string };
      if (!tag) throw new Error('no tag');
      if (tag === status.version) Message.success(t('setting.update_latest', { version: tag }));
      else Message.info(t('setting.update_available', { version: tag }));
    } catch {
      Message.error(t('setting.check_update_failed'));
    } finally {
      setChecking(false);
    }
  };
  return (
    <Card title={t('setting.section.system_info')} bordered={false} className="gw-section" id={sectionId('system-info')}>
      <Descriptions
        column={1}
        data={[
          { label: t('setting.version'), value: status.version ?? '-' },
          { label: t('setting.start_time'), value: formatTimestamp(status.start_time ?? 0) },
        ]}
      />
      <Button loading={checking} onClick={() => void check()} style={{ marginTop: 12 }}>
        {t('setting.check_update')}
      </Button>
    </Card>
  );
}
