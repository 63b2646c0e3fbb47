import type { ReactNode } from 'react';
import type { FormInstance } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { OptionSection } from '../fields/OptionSection';
import { SectionNav, sectionId, type NavItem } from '../fields/SectionNav';
import type { SectionDef } from '../option-save';

export interface TabProps {
  options: Readonly<Record<string, string>>;
  reload: () => void;
}

interface Props extends TabProps {
  sections: SectionDef[];
  extras?: Record<string, (form: FormInstance) => ReactNode>;
  /** Cards after the sections (the pricing area, system information) and their navigation entries. */
  after?: ReactNode;
  afterNav?: NavItem[];
}

/** A column of option sections with a navigation to each; `extras` adds controls to a section by key. */
export function SectionsTab({ sections, options, reload, extras = {}, after, afterNav = [] }: Props) {
  const { t } = useTranslation();
  const nav = [...sections.map((s) => ({ id: sectionId(s.key), title: t(s.titleKey) })), ...afterNav];
  return (
    <SectionNav items={nav}>
      <div className="gw-sections">
        {sections.map((s) => (
          <OptionSection key={s.key} section={s} options={options} onSaved={reload} extra={extras[s.key]} />
        ))}
        {after}
      </div>
    </SectionNav>
  );
}
