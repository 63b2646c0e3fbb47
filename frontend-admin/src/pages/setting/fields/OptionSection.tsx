import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Button, Card, Form, Grid, Message, type FormInstance } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { saveOptions } from '../option-api';
import { applyChanges, changedOptions, initialValues, saveOutcome, type FieldDef, type SectionDef } from '../option-save';
import { OptionField, optionLabelKey } from './OptionField';
import { sectionId } from './SectionNav';

interface Props {
  section: SectionDef;
  options: Readonly<Record<string, string>>;
  onSaved: () => void;
  /** More controls inside the form (a fetch button, a clear-logs row). */
  extra?: (form: FormInstance) => ReactNode;
}

const span = (f: FieldDef) => (f.kind === 'json' || f.kind === 'textarea' || f.kind === 'domains' ? 24 : f.kind === 'switch' ? 8 : 12);

/** A card of options with one save button: only changed keys are sent, one PUT each (docs/options.md#saving-from-the-console). */
export function OptionSection({ section, options, onSaved, extra }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const initial = useMemo(() => initialValues(section.fields, options), [section, options]);
  useEffect(() => form.setFieldsValue(initial), [form, initial]);

  const save = async () => {
    const values = await form.validate().catch(() => null);
    if (!values) return void Message.error(t('error.check_input'));
    const changes = changedOptions(section.fields, options, values);
    if (!changes.length) return void Message.warning(t('error.no_change'));
    const problem = section.validate?.(applyChanges(options, changes));
    if (problem) return void Message.error(t(problem));
    setSaving(true);
    const result = await saveOptions(changes);
    setSaving(false);
    const outcome = saveOutcome(result.ok.length, result.failed.length);
    const reason = result.failed[0]?.message ? `: ${result.failed[0].message}` : '';
    if (outcome === 'saved') Message.success(t('common.saved'));
    else if (outcome === 'partial') Message.error(t('error.partial_save_failed') + reason);
    else if (section.fields.length === 1) Message.error(t('setting.field_update_failed', { field: t(optionLabelKey(section.fields[0].key)) }) + reason);
    else Message.error(t('error.save_failed') + reason);
    if (result.ok.length) onSaved();
  };

  return (
    <Card title={t(section.titleKey)} className={`gw-section gw-section-${section.key}`} id={sectionId(section.key)} bordered={false}>
      <Form form={form} layout="vertical" initialValues={initial}>
        <Grid.Row gutter={16}>
          {section.fields.map((f) => (
            <Grid.Col key={f.key} xs={24} md={span(f)}>
              <OptionField field={f} form={form} />
            </Grid.Col>
          ))}
        </Grid.Row>
        {extra?.(form)}
        <Button type="primary" loading={saving} onClick={() => void save()} className="gw-save-section">
          {t('setting.save_section', { title: t(section.titleKey) })}
        </Button>
      </Form>
    </Card>
  );
}
