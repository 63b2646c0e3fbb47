import { RATE_LIMIT_SECTION } from '../sections';
import { SectionsTab, type TabProps } from './SectionsTab';

export function RateLimitTab(props: TabProps) {
  return <SectionsTab sections={[RATE_LIMIT_SECTION]} {...props} />;
}
