import { useTranslation } from 'react-i18next';
import { sectionId } from '../fields/SectionNav';
import { OPERATION_SECTIONS } from '../sections';
import { PricingArea } from '../pricing/PricingArea';
import { ClearLogs } from './ClearLogs';
import { SectionsTab, type TabProps } from './SectionsTab';

export function OperationTab(props: TabProps) {
  const { t } = useTranslation();
  return (
    <SectionsTab
      sections={OPERATION_SECTIONS}
      extras={{ log: () => <ClearLogs /> }}
      after={<PricingArea {...props} />}
      afterNav={[{ id: sectionId('pricing'), title: t('setting.section.pricing') }]}
      {...props}
    />
  );
}
