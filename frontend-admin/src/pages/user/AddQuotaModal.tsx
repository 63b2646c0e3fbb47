import { useState } from 'react';
import { InputNumber, Modal } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { renderQuota } from '@gw/shared';
import { quotaDisplay, useStatus } from '@gw/web';

/**
 * Asks for an amount to add (or, negative, subtract; never below zero from `current`) and hands
 * the delta to `onOk`, which applies it to the live balance.
 */
export function AddQuotaModal({ visible, current, onOk, onCancel }: { visible: boolean; current: number; onOk: (delta: number) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const display = quotaDisplay(useStatus());
  const [delta, setDelta] = useState<number>(0);
  const next = Math.max(0, Math.trunc(current + (delta || 0)));
  return (
    <Modal visible={visible} title={t('users.add_quota_title')} onOk={() => onOk(next - current)} onCancel={onCancel} afterClose={() => setDelta(0)}>
      <p>{t('users.add_quota_amount')}</p>
      <InputNumber value={delta} onChange={(v) => setDelta(Number(v) || 0)} precision={0} step={500000} style={{ width: '100%' }} />
      <p className="gw-muted">{t('users.add_quota_result', { quota: `${next} (${renderQuota(next, { ...display, displayInCurrency: true })})` })}</p>
    </Modal>
  );
}
