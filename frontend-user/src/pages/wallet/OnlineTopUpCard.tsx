import { useEffect, useState } from 'react';
import { Button, Card, InputNumber, Message, Space, Typography } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import type { PaymentMethod } from '@gw/shared';
import { useStatus } from '@gw/web';
import { openOrder, payable } from './wallet-api';
import { clampAmount, postForm } from './wallet-helpers';

/** Online top-up: an amount (at least 1 and MinTopUp), its price from the server, Alipay or WeChat Pay. */
export function OnlineTopUpCard() {
  const { t } = useTranslation();
  const status = useStatus();
  const min = clampAmount(undefined, status.min_topup);
  const [amount, setAmount] = useState(min);
  const [price, setPrice] = useState<string | null>(null);
  const [busy, setBusy] = useState<PaymentMethod | null>(null);

  useEffect(() => setAmount((a) => clampAmount(a, status.min_topup)), [status.min_topup]);
  useEffect(() => {
    let live = true;
    setPrice(null);
    if (!status.enable_online_topup) return;
    payable(amount).then(
      (p) => live && setPrice(p),
      () => live && setPrice(null),
    );
    return () => {
      live = false;
    };
  }, [amount, status.enable_online_topup]);

  const pay = async (method: PaymentMethod) => {
    if (!status.enable_online_topup) {
      Message.error(t('wallet.online_disabled'));
      return;
    }
    if (amount < min) {
      Message.error(t('wallet.amount_below_min', { min }));
      return;
    }
    setBusy(method);
    try {
      const checkout = await openOrder(amount, method);
      postForm(checkout.url, checkout.params);
    } catch {
      Message.error(t('wallet.pay_failed'));
      setBusy(null);
    }
  };

  return (
    <Card title={t('wallet.online')} className="gw-wallet-online">
      <Space direction="vertical" style={{ width: '100%' }}>
        <InputNumber
          id="topup-amount"
          min={1}
          precision={0}
          value={amount}
          onChange={(v) => setAmount(clampAmount(v, status.min_topup))}
          placeholder={t('wallet.amount_placeholder', { min })}
        />
        <Typography.Text id="topup-price">
          {t('wallet.payable')}: {price ?? '-'}
        </Typography.Text>
        <Space>
          <Button type="primary" id="pay-zfb" loading={busy === 'zfb'} disabled={busy !== null} onClick={() => pay('zfb')}>
            {t('wallet.alipay')}
          </Button>
          <Button type="primary" id="pay-wx" status="success" loading={busy === 'wx'} disabled={busy !== null} onClick={() => pay('wx')}>
            {t('wallet.wechat')}
          </Button>
        </Space>
        {!status.enable_online_topup && <Typography.Text type="secondary">{t('wallet.online_disabled')}</Typography.Text>}
      </Space>
    </Card>
  );
}
