import { MODEL_SECTIONS } from '../sections';
import { SectionsTab, type TabProps } from './SectionsTab';

export function ModelsTab(props: TabProps) {
  return <SectionsTab sections={MODEL_SECTIONS} {...props} />;
}
