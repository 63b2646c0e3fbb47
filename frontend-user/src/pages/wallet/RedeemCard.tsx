import { useState } from 'react';
import { Button, Card, Input, Message, Space } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { renderQuota } from '@gw/shared';
import { quotaDisplay, useStatus } from '@gw/web';
import { redeem } from './wallet-api';

/** Redeem a code (prefilled from `?code=`), and the operator's external top-up link when set. */
export function RedeemCard({ initialCode, onCredited }: { initialCode: string; onCredited: () => void }) {
  const { t } = useTranslation();
  const status = useStatus();
  const display = quotaDisplay(status);
  const [code, setCode] = useState(initialCode);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (!code.trim()) {
      Message.warning(t('wallet.code_required'));
      return;
    }
    setBusy(true);
    try {
      const res = await redeem(code.trim());
      Message.success(t('wallet.redeemed', { quota: renderQuota(Number(res.quota) || 0, display) }));
      setCode('');
      onCredited();
    } catch {
      // The API client shows the server's message.
    } finally {
      setBusy(false);
    }
  };

  const openLink = () => {
    if (!status.top_up_link) Message.error(t('wallet.no_topup_link'));
    else window.open(status.top_up_link, '_blank', 'noopener');
  };

  return (
    <Card title={t('wallet.redeem')} className="gw-wallet-redeem">
      <Space direction="vertical" style={{ width: '100%' }}>
        <Input id="redeem-code" value={code} onChange={setCode} placeholder={t('wallet.code_placeholder')} onPressEnter={submit} allowClear />
        <Space>
          <Button type="primary" loading={busy} onClick={submit} id="redeem-submit">
            {t('wallet.redeem_submit')}
          </Button>
          <Button onClick={openLink}>{t('wallet.buy_code')}</Button>
        </Space>
      </Space>
    </Card>
  );
}
