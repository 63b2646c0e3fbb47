import { Grid, Space, Spin } from '@arco-design/web-react';
import type { UserView } from '@gw/shared';
import { api, useRequest } from '@gw/web';
import { BalanceCard } from './BalanceCard';
import { BindingsCard } from './BindingsCard';
import { CheckInCard } from './CheckInCard';
import { InviteCard } from './InviteCard';
import { ModelList } from './ModelList';
import { SecurityCard } from './SecurityCard';
import { SettingsTabs } from './SettingsTabs';

/** Personal settings: balance, models, daily check-in, invitations, bindings, security and settings tabs. */
export function PersonalPage() {
  const { data: user, reload, loading } = useRequest(() => api.get<UserView>('/api/user/self'));
  if (!user) return loading ? <Spin className="gw-page-loading" /> : null;
  return (
    <Grid.Row gutter={[16, 16]} className="gw-personal-page">
      <Grid.Col xs={24} lg={14}>
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <BalanceCard user={user} />
          <ModelList />
          <SettingsTabs user={user} onSaved={() => void reload()} />
        </Space>
      </Grid.Col>
      <Grid.Col xs={24} lg={10}>
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <CheckInCard onCheckedIn={() => void reload()} />
          <SecurityCard user={user} />
          <BindingsCard user={user} onChanged={() => void reload()} />
          <InviteCard user={user} onChanged={() => void reload()} />
        </Space>
      </Grid.Col>
    </Grid.Row>
  );
}
