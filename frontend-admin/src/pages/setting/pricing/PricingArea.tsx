import { Button, Card, Message, Modal, Tabs } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { api } from '@gw/web';
import { OptionSection } from '../fields/OptionSection';
import { sectionId } from '../fields/SectionNav';
import { PRICING_JSON_SECTION } from '../sections';
import type { TabProps } from '../tabs/SectionsTab';
import { UnsetModels } from './UnsetModels';
import { VisualEditor } from './VisualEditor';

/** The pricing area of the operation tab: JSON view, visual table, unset models. */
export function PricingArea({ options, reload }: TabProps) {
  const { t } = useTranslation();
  const resetRatios = () =>
    Modal.confirm({
      title: t('setting.reset_ratio_confirm'),
      okButtonProps: { status: 'danger' },
      onOk: async () => {
        await api.post('/api/option/rest_model_ratio');
        Message.success(t('common.success'));
        reload();
      },
    });
  return (
    <Card title={t('setting.section.pricing')} bordered={false} className="gw-section gw-pricing" id={sectionId('pricing')}>
      <Tabs defaultActiveTab="json" lazyload>
        <Tabs.TabPane key="json" title={t('pricing.tab_json')}>
          <OptionSection
            section={{ ...PRICING_JSON_SECTION, key: 'pricing-json' }}
            options={options}
            onSaved={reload}
            extra={() => (
              <Button status="danger" onClick={resetRatios} style={{ marginBottom: 16 }}>
                {t('setting.reset_ratio')}
              </Button>
            )}
          />
        </Tabs.TabPane>
        <Tabs.TabPane key="visual" title={t('pricing.tab_visual')}>
          <VisualEditor options={options} reload={reload} />
        </Tabs.TabPane>
        <Tabs.TabPane key="unset" title={t('pricing.tab_unset')}>
          <UnsetModels options={options} reload={reload} />
        </Tabs.TabPane>
      </Tabs>
    </Card>
  );
}
