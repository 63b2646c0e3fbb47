import type { ReactNode } from 'react';
import type { FormInstance } from '@arco-design/web-react';
import { OptionSection } from '../fields/OptionSection';
import type { SectionDef } from '../option-save';

export interface TabProps {
  options: Readonly<Record<string, string>>;
  reload: () => void;
}

/** A column of option sections; `extras` adds controls to a section by key. */
export function SectionsTab({ sections, options, reload, extras = {} }: TabProps & { sections: SectionDef[]; extras?: Record<string, (form: FormInstance) => ReactNode> }) {
  return (
    <div className="gw-sections">
      {sections.map((s) => (
        <OptionSection key={s.key} section={s} options={options} onSaved={reload} extra={extras[s.key]} />
      ))}
    </div>
  );
}
