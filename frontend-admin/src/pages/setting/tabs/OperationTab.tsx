import { OPERATION_SECTIONS } from '../sections';
import { PricingArea } from '../pricing/PricingArea';
import { ClearLogs } from './ClearLogs';
import { SectionsTab, type TabProps } from './SectionsTab';

export function OperationTab(props: TabProps) {
  return (
    <>
      <SectionsTab sections={OPERATION_SECTIONS} extras={{ log: () => <ClearLogs /> }} {...props} />
      <PricingArea {...props} />
    </>
  );
}
