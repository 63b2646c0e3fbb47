import { Card, Result, Spin, Tabs } from '@arco-design/web-react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { isAdmin, useRequest, useUser } from '@gw/web';
import { fetchOptions } from './option-api';
import { ModelsTab } from './tabs/ModelsTab';
import { OperationTab } from './tabs/OperationTab';
import { OtherTab } from './tabs/OtherTab';
import { RateLimitTab } from './tabs/RateLimitTab';
import { SystemTab } from './tabs/SystemTab';

export const SETTING_TABS = ['operation', 'ratelimit', 'models', 'system', 'other'] as const;
export type SettingTab = (typeof SETTING_TABS)[number];

export const tabFromQuery = (value: string | null): SettingTab =>
  (SETTING_TABS as readonly string[]).includes(value ?? '') ? (value as SettingTab) : 'operation';

const PANES = { operation: OperationTab, ratelimit: RateLimitTab, models: ModelsTab, system: SystemTab, other: OtherTab };

/** Admin settings, one tab per `?tab=` value; the tabs appear for administrators only. */
export function SettingPage() {
  const { t } = useTranslation();
  const user = useUser();
  const [params, setParams] = useSearchParams();
  const tab = tabFromQuery(params.get('tab'));
  const admin = isAdmin(user);
  const { data: options, loading, reload } = useRequest(() => (admin ? fetchOptions() : Promise.resolve({})), [admin]);
  if (!admin) return <Result status="403" title={t('common.forbidden_title')} subTitle={t('common.forbidden_desc')} />;
  const Pane = PANES[tab];
  return (
    <Card title={t('setting.title')} className="gw-setting-page">
      <Tabs activeTab={tab} onChange={(key) => setParams({ tab: key })}>
        {SETTING_TABS.map((key) => (
          <Tabs.TabPane key={key} title={t(`setting.tab.${key}`)} />
        ))}
      </Tabs>
      {loading && !options ? <Spin className="gw-page-loading" /> : options ? <Pane key={tab} options={options} reload={() => void reload()} /> : null}
    </Card>
  );
}
