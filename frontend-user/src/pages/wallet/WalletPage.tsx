import { useEffect, useState } from 'react';
import { Card, Grid, Statistic, Tag } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { renderQuota, type TopUpView } from '@gw/shared';
import { CellText, CellTime, DataTable, loadStatus, quotaDisplay, usePagedList, useRequest, useStatus } from '@gw/web';
import { OnlineTopUpCard } from './OnlineTopUpCard';
import { RedeemCard } from './RedeemCard';
import { listTopUps, selfQuota } from './wallet-api';
import { codeFromSearch } from './wallet-helpers';

/** My wallet (docs/payment.md): balance, redeem a code, online top-up and the top-up history. */
export function WalletPage() {
  const { t } = useTranslation();
  const display = quotaDisplay(useStatus());
  const balance = useRequest(selfQuota);
  const history = usePagedList<null, TopUpView>({ initialQuery: null, load: ({ page, pageSize }) => listTopUps(page, pageSize) });
  const [code] = useState(() => codeFromSearch(window.location.search));

  // The online top-up switch and minimum are read fresh: the stored status may be older.
  useEffect(() => void loadStatus().catch(() => undefined), []);
  const refresh = () => {
    balance.reload();
    history.reload();
  };

  return (
    <Card title={t('wallet.title')} className="gw-wallet-page">
      <Statistic className="gw-wallet-balance" title={t('wallet.balance')} value={balance.data === undefined ? '-' : renderQuota(balance.data, display)} />
      <Grid.Row gutter={16} style={{ marginTop: 16 }}>
        <Grid.Col xs={24} md={12}>
          <RedeemCard initialCode={code} onCredited={refresh} />
        </Grid.Col>
        <Grid.Col xs={24} md={12}>
          <OnlineTopUpCard />
        </Grid.Col>
      </Grid.Row>
      <DataTable<TopUpView>
        style={{ marginTop: 16 }}
        className="gw-topup-table"
        rowKey="id"
        loading={history.loading}
        data={history.rows}
        columns={[
          { title: t('wallet.col_trade_no'), dataIndex: 'trade_no', width: 260, render: (n: string) => <CellText text={n} copy /> },
          { title: t('wallet.col_amount'), dataIndex: 'amount' },
          { title: t('wallet.col_money'), dataIndex: 'money', render: (m: number) => m.toFixed(2) },
          { title: t('wallet.col_method'), dataIndex: 'payment_method', render: (m: string) => t(m === 'wx' ? 'wallet.wechat' : 'wallet.alipay') },
          {
            title: t('wallet.col_status'),
            dataIndex: 'status',
            render: (s: string) => <Tag color={s === 'success' ? 'green' : 'gray'}>{t(s === 'success' ? 'wallet.status_success' : 'wallet.status_pending')}</Tag>,
          },
          { title: t('wallet.col_created'), dataIndex: 'create_time', render: (v: number) => <CellTime seconds={v} /> },
        ]}
        pagination={{ current: history.page, pageSize: history.pageSize, total: history.total, onChange: history.changePage }}
      />
    </Card>
  );
}
