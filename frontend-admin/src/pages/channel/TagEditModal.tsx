import { useEffect, useState } from 'react';
import { Button, Form, Input, InputNumber, Message, Modal, Select, Space } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { CHANNEL_LIMITS } from '@gw/shared';
import { SubmitFooter } from '@gw/web';
import type { TagRow } from './channel-display';
import { channelApi } from './channel-api';
import { MODEL_MAPPING_SAMPLE, splitList } from './channel-form';
import { tagEditPayload, type TagEditForm } from './tag-edit';

interface Props {
  row: TagRow | null;
  groups: string[];
  modelOptions: string[];
  onClose: () => void;
  onSaved: () => void;
}

const initialOf = (row: TagRow): TagEditForm => ({
  new_tag: row.tag,
  model_mapping: '',
  models: splitList(row.models),
  groups: splitList(row.group),
  priority: row.priority ?? '',
  weight: row.weight ?? '',
});

/** Edits every channel of a tag at once; empty fields leave things unchanged. */
export function TagEditModal({ row, groups, modelOptions, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TagEditForm>();
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (row) form.setFieldsValue(initialOf(row));
  }, [row, form]);

  const send = async (payload: Parameters<typeof channelApi.editTag>[0]) => {
    setSaving(true);
    try {
      await channelApi.editTag(payload);
      Message.success(t('channel.updated'));
      onSaved();
      onClose();
    } catch {
      /* reported */
    } finally {
      setSaving(false);
    }
  };

  const submit = () => {
    if (!row) return;
    const v = { ...initialOf(row), ...form.getFieldsValue() } as TagEditForm;
    const res = tagEditPayload(row.tag, initialOf(row), { ...v, models: v.models ?? [], groups: v.groups ?? [] });
    if ('error' in res)
      return void (res.error === 'channel.no_changes' ? Message.info(t(res.error)) : Message.error(t(res.error)));
    void send(res.payload);
  };

  const clearMapping = () =>
    row &&
    Modal.confirm({
      title: t('channel.tag_clear_mapping_confirm', { tag: row.tag }),
      onOk: () => send({ tag: row.tag, model_mapping: '{}' }),
    });

  return (
    <Modal
      visible={!!row}
      title={t('channel.tag_edit_title', { tag: row?.tag ?? '' })}
      className="gw-tag-edit-modal"
      onCancel={onClose}
      style={{ width: 640 }}
      footer={
        <SubmitFooter
          onCancel={onClose}
          onSubmit={submit}
          saving={saving}
          extra={
            <Button status="warning" onClick={clearMapping}>
              {t('channel.tag_clear_mapping')}
            </Button>
          }
        />
      }
    >
      <p className="gw-small">{t('channel.tag_edit_hint')}</p>
      <Form form={form} layout="vertical">
        <Form.Item field="new_tag" label={t('channel.tag_new')} extra={t('channel.tag_new_hint')}>
          <Input allowClear />
        </Form.Item>
        <Form.Item field="models" label={t('channel.models')}>
          <Select
            mode="multiple"
            allowCreate
            allowClear
            options={modelOptions}
            placeholder={t('channel.leave_unchanged')}
          />
        </Form.Item>
        <Form.Item field="groups" label={t('channel.groups')}>
          <Select mode="multiple" allowCreate allowClear options={groups} placeholder={t('channel.leave_unchanged')} />
        </Form.Item>
        <Form.Item
          field="model_mapping"
          label={t('channel.model_mapping')}
          extra={
            <Button type="text" size="mini" onClick={() => form.setFieldValue('model_mapping', MODEL_MAPPING_SAMPLE)}>
              {t('channel.fill_sample')}
            </Button>
          }
        >
          <Input.TextArea
            className="gw-mono"
            autoSize={{ minRows: 3, maxRows: 8 }}
            placeholder={t('channel.leave_unchanged')}
          />
        </Form.Item>
        <Space size={16}>
          <Form.Item field="priority" label={t('channel.col_priority')}>
            <InputNumber precision={0} min={CHANNEL_LIMITS.priorityMin} placeholder={t('channel.leave_unchanged')} />
          </Form.Item>
          <Form.Item field="weight" label={t('channel.col_weight')}>
            <InputNumber precision={0} min={CHANNEL_LIMITS.weightMin} placeholder={t('channel.leave_unchanged')} />
          </Form.Item>
        </Space>
      </Form>
    </Modal>
  );
}
