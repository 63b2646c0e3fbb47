import { useTranslation } from 'react-i18next';
import { sectionId } from '../fields/SectionNav';
import { PERSONALISATION_FIELDS } from '../sections';
import type { SectionDef } from '../option-save';
import { SectionsTab, type TabProps } from './SectionsTab';
import { SystemInfo } from './SystemInfo';

/** One section per field, each saved on its own, titled by the field. */
const SECTIONS: SectionDef[] = PERSONALISATION_FIELDS.map((field) => ({
  key: `personal-${field.key}`,
  titleKey: `opt.${field.key}`,
  fields: [field],
}));

export function OtherTab(props: TabProps) {
  const { t } = useTranslation();
  return <SectionsTab sections={SECTIONS} after={<SystemInfo />} afterNav={[{ id: sectionId('system-info'), title: t('setting.section.system_info') }]} {...props} />;
}
