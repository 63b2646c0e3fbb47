import { Card, Grid, Statistic, Tag } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { renderQuota, type UserView } from '@gw/shared';
import { groupRatioColor, quotaDisplay, roleKey, useRequest, useStatus, api } from '@gw/web';

/** Balance, usage and request count, with the role (super admin shown as admin) and group. */
export function BalanceCard({ user }: { user: UserView }) {
  const { t } = useTranslation();
  const display = quotaDisplay(useStatus());
  const { data: groups } = useRequest(() => api.get<Record<string, { desc: string; ratio: number }>>('/api/user/self/groups', { quiet: true }).catch(() => ({}) as Record<string, { desc: string; ratio: number }>));
  const ratio = groups?.[user.group]?.ratio;
  return (
    <Card className="gw-balance-card" title={user.display_name || user.username} extra={<Tag color="arcoblue">{t(roleKey(user.role, { rootAsAdmin: true }))}</Tag>}>
      <Grid.Row gutter={16}>
        <Grid.Col xs={24} sm={8}>
          <Statistic title={t('personal.balance')} value={renderQuota(user.quota, display)} className="gw-balance" />
        </Grid.Col>
        <Grid.Col xs={12} sm={8}>
          <Statistic title={t('personal.used')} value={renderQuota(user.used_quota, display)} />
        </Grid.Col>
        <Grid.Col xs={12} sm={8}>
          <Statistic title={t('personal.requests')} value={user.request_count} />
        </Grid.Col>
      </Grid.Row>
      <div style={{ marginTop: 12 }}>
        {t('personal.group')}: <Tag>{user.group}</Tag>
        {ratio !== undefined && <Tag color={groupRatioColor(ratio)}>{t('personal.group_ratio', { ratio })}</Tag>}
      </div>
    </Card>
  );
}
