import { useEffect, useState } from 'react';
import { DatePicker, Drawer, Form, Input, InputNumber, Message, Switch } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { REDEMPTION_BATCH_MAX, REDEMPTION_NAME_MAX, type RedemptionRecord } from '@gw/shared';
import { api, quotaDisplay, SubmitFooter, useStatus } from '@gw/web';
import { createPayload, formOf, NEW_REDEMPTION, updatePayload, windowProblem, type RedemptionForm } from './redemption-form';

interface Props {
  /** null: closed; 'new': create; a row: edit it. */
  target: RedemptionRecord | 'new' | null;
  onClose: () => void;
  onSaved: () => void;
  /** After a create: the generated codes, for the copy dialog. */
  onCreated: (keys: string[]) => void;
}

/** The pickers report (text, date): the form keeps the date as epoch milliseconds. */
const msOf = (_text: unknown, date?: { valueOf(): number }) => (date ? date.valueOf() : undefined);

/** Create or edit one code (create: also how many); the server's messages are shown as they come. */
export function RedemptionDrawer({ target, onClose, onSaved, onCreated }: Props) {
  const { t } = useTranslation();
  const display = quotaDisplay(useStatus());
  const [form] = Form.useForm<RedemptionForm>();
  const [saving, setSaving] = useState(false);
  const [isGift, setIsGift] = useState(false);
  const editing = target && target !== 'new' ? target : null;

  useEffect(() => {
    if (!target) return;
    const values = editing ? formOf(editing) : NEW_REDEMPTION;
    form.resetFields();
    form.setFieldsValue(values);
    setIsGift(values.is_gift);
  }, [target, editing, form]);

  const submit = async () => {
    const v = await form.validate().catch(() => null);
    if (!v) return;
    const problem = windowProblem(v);
    if (problem) return void Message.error(t(problem));
    setSaving(true);
    try {
      if (editing) {
        await api.put('/api/redemption/', updatePayload(editing.id, v));
        Message.success(t('redemption.updated'));
      } else {
        const keys = await api.post<string[]>('/api/redemption/', createPayload(v, display));
        Message.success(t('redemption.created'));
        onCreated(keys);
      }
      onSaved();
      onClose();
    } catch {
      /* reported */
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer
      width={460}
      visible={!!target}
      title={t(editing ? 'redemption.edit_title' : 'redemption.add_title')}
      onCancel={onClose}
      className="gw-redemption-drawer"
      footer={<SubmitFooter onCancel={onClose} onSubmit={submit} saving={saving} />}
    >
      <Form form={form} layout="vertical" onValuesChange={(changed) => 'is_gift' in changed && setIsGift(!!changed.is_gift)}>
        <Form.Item
          field="name"
          label={t('redemption.name')}
          extra={editing ? undefined : t('redemption.name_hint')}
          rules={editing ? [{ required: true, message: t('redemption.name_length') }] : []}
        >
          <Input maxLength={REDEMPTION_NAME_MAX} className="gw-redemption-name" />
        </Form.Item>
        <Form.Item field="quota" label={t('redemption.quota')} rules={[{ required: true, message: t('redemption.quota_invalid') }]}>
          <InputNumber min={1} precision={0} className="gw-redemption-quota" />
        </Form.Item>
        {!editing && (
          <Form.Item field="count" label={t('redemption.count')} rules={[{ required: true, message: t('redemption.count_invalid') }]}>
            <InputNumber min={1} max={REDEMPTION_BATCH_MAX} precision={0} className="gw-redemption-count" />
          </Form.Item>
        )}
        <Form.Item field="is_gift" label={t('redemption.is_gift')} triggerPropName="checked" extra={t('redemption.gift_hint')}>
          <Switch disabled={!!editing && editing.used_count > 0} />
        </Form.Item>
        {isGift && (
          <Form.Item field="max_uses" label={t('redemption.max_uses')} extra={t('redemption.max_uses_hint')}>
            <InputNumber min={-1} precision={0} />
          </Form.Item>
        )}
        <Form.Item field="valid_from" label={t('redemption.valid_from')} getValueFromEvent={msOf}>
          <DatePicker showTime style={{ width: '100%' }} className="gw-redemption-valid-from" />
        </Form.Item>
        <Form.Item field="valid_until" label={t('redemption.valid_until')} getValueFromEvent={msOf}>
          <DatePicker showTime style={{ width: '100%' }} className="gw-redemption-valid-until" />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
