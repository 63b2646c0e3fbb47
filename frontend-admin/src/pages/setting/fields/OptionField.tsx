import { Form, Input, InputNumber, Select, type FormInstance, type RulesProps } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { jsonRule, ruleFrom } from '@gw/web';
import { fieldName, optionValueProblem, type FieldDef } from '../option-save';
import { ConfirmSwitch } from './ConfirmSwitch';
import { DomainListInput } from './DomainListInput';

export const optionLabelKey = (key: string) => `opt.${key.replace(/\./g, '_')}`;

const urlRule = ruleFrom<string | undefined>((v) => (v && v.trim() && !/^https?:\/\//i.test(v.trim()) ? 'setting.must_be_url' : null));

/** One option as an Arco form item, by kind. */
export function OptionField({ field, form }: { field: FieldDef; form: FormInstance }) {
  const { t } = useTranslation();
  const label = t(optionLabelKey(field.key));
  const enabler = Form.useWatch(field.enabledBy ? fieldName(field.enabledBy) : '__none__', form);
  const disabled = field.enabledBy ? !enabler : false;
  const rules: RulesProps[] = [];
  if (field.kind === 'json') rules.push(jsonRule(label));
  if (field.kind === 'url') rules.push(urlRule);
  if (field.rule) rules.push(ruleFrom(field.rule));
  rules.push({
    validator: (v: unknown, cb: (error?: string) => void) => {
      const problem = optionValueProblem(field, v);
      cb(problem ? t(problem.key, { field: label, entry: problem.entry }) : undefined);
    },
  });
  const common = { field: fieldName(field.key), label, rules, extra: field.extraKey ? t(field.extraKey) : undefined };

  switch (field.kind) {
    case 'switch':
      return (
        <Form.Item {...common} triggerPropName="checked">
          <ConfirmSwitch confirmKey={field.confirmOffKey} disabled={disabled} />
        </Form.Item>
      );
    case 'number':
      return (
        <Form.Item {...common}>
          <InputNumber min={field.min} max={field.max} step={field.step} precision={field.precision} disabled={disabled} />
        </Form.Item>
      );
    case 'secret':
      return (
        <Form.Item {...common}>
          <Input.Password placeholder={t('setting.secret_placeholder')} autoComplete="new-password" disabled={disabled} />
        </Form.Item>
      );
    case 'textarea':
    case 'json':
      return (
        <Form.Item {...common}>
          <Input.TextArea autoSize={{ minRows: field.kind === 'json' ? 4 : 3, maxRows: 16 }} className={field.kind === 'json' ? 'gw-mono' : undefined} disabled={disabled} />
        </Form.Item>
      );
    case 'select':
      return (
        <Form.Item {...common}>
          <Select options={(field.options ?? []).map((o) => ({ value: o.value, label: t(o.labelKey) }))} disabled={disabled} />
        </Form.Item>
      );
    case 'domains':
      return (
        <Form.Item {...common}>
          <DomainListInput />
        </Form.Item>
      );
    default:
      return (
        <Form.Item {...common}>
          <Input placeholder={field.kind === 'url' ? 'https://' : undefined} disabled={disabled} />
        </Form.Item>
      );
  }
}
