import { SYSTEM_SECTIONS } from '../sections';
import { FetchWellKnown } from './FetchWellKnown';
import { SectionsTab, type TabProps } from './SectionsTab';

export function SystemTab(props: TabProps) {
  return <SectionsTab sections={SYSTEM_SECTIONS} extras={{ oidc: (form) => <FetchWellKnown form={form} /> }} {...props} />;
}
