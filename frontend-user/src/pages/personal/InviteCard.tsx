import { useState } from 'react';
import { Button, Card, Input, InputNumber, Message, Modal, Space, Statistic } from '@arco-design/web-react';
import { IconCopy } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { renderQuota, type UserView } from '@gw/shared';
import { api, copyText, quotaDisplay, useRequest, useStatus } from '@gw/web';
import { checkTransfer, inviteLink } from './personal-helpers';

/** Invite link and earnings; earnings move to the balance in amounts of at least one unit (docs/invite.md). */
export function InviteCard({ user, onChanged }: { user: UserView; onChanged: () => void }) {
  const { t } = useTranslation();
  const display = quotaDisplay(useStatus());
  const { data: code } = useRequest(() => api.get<string>('/api/user/aff', { quiet: true }).catch(() => ''));
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState<number>(display.quotaPerUnit);
  const link = code ? inviteLink(window.location.origin, code) : '';
  const q = (n: number) => renderQuota(n, display);

  const transfer = async () => {
    const problem = checkTransfer(amount, user.aff_quota, display.quotaPerUnit);
    if (problem) return void Message.error(t(problem, { min: q(display.quotaPerUnit) }));
    await api.post('/api/user/aff_transfer', { quota: amount });
    Message.success(t('personal.transferred'));
    setOpen(false);
    onChanged();
  };

  return (
    <Card title={t('personal.invite')} className="gw-invite">
      <Space direction="vertical" style={{ width: '100%' }}>
        <Input readOnly value={link} addBefore={t('personal.invite_link')} addAfter={<IconCopy className="gw-clickable" onClick={() => link && void copyText(link)} />} />
        <Space size="large" wrap>
          <Statistic title={t('personal.invite_count')} value={user.aff_count} />
          <Statistic title={t('personal.invite_quota')} value={q(user.aff_quota)} />
          <Statistic title={t('personal.invite_history')} value={q(user.aff_history_quota)} />
        </Space>
        <Button size="small" className="gw-transfer" disabled={user.aff_quota <= 0} onClick={() => setOpen(true)}>
          {t('personal.transfer')}
        </Button>
      </Space>
      <Modal className="gw-transfer-modal" visible={open} title={t('personal.transfer_title')} onOk={() => transfer().catch(() => undefined)} onCancel={() => setOpen(false)}>
        <p>{t('personal.transfer_available', { quota: q(user.aff_quota) })}</p>
        <InputNumber
          className="gw-transfer-amount"
          prefix={t('personal.transfer_amount')}
          value={amount}
          min={0}
          precision={0}
          onChange={(v) => setAmount(Number(v) || 0)}
          style={{ width: '100%' }}
        />
        <p className="gw-muted">{t('personal.transfer_min', { min: q(display.quotaPerUnit) })}</p>
      </Modal>
    </Card>
  );
}
