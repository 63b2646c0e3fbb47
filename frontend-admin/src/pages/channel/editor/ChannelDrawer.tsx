import { useEffect, useState } from 'react';
import { Divider, Drawer, Form, Message, Modal, Spin } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { builtinModels } from '@gw/shared';
import { isRoot, SubmitFooter, useUser } from '@gw/web';
import { channelApi, loadTypeModels } from '../channel-api';
import {
  baseUrlNeedsConfirm,
  CHANNEL_DEFAULTS,
  changedFields,
  channelToForm,
  checkChannel,
  createPayloads,
  normaliseChannel,
  fetchModelsBody,
  parseFetchedModels,
  type ChannelForm,
  type ChannelPayload,
} from '../channel-form';
import { AdvancedFields } from './AdvancedFields';
import { BasicFields } from './BasicFields';
import { KeyStatusPanel } from './KeyStatusPanel';
import { ModelPickerModal } from './ModelPickerModal';
import { ModelsField } from './ModelsField';

interface Props {
  /** A channel id to edit, 'new' to create, null when closed. */
  target: number | 'new' | null;
  groups: string[];
  modelOptions: string[];
  onClose: () => void;
  onSaved: () => void;
}

const confirmV1 = (title: string, content: string) =>
  new Promise<boolean>((resolve) => Modal.confirm({ title, content, onOk: () => resolve(true), onCancel: () => resolve(false) }));

/** Create/edit side panel with every channel field and the type special cases (docs/channel-types.md). */
export function ChannelDrawer({ target, groups, modelOptions, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ChannelForm>();
  const isNew = target === 'new';
  const [original, setOriginal] = useState<ChannelPayload | null>(null);
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [batch, setBatch] = useState(false);
  const [fetching, setFetching] = useState(false);
  const [fetched, setFetched] = useState<string[] | null>(null);
  const [typeModels, setTypeModels] = useState<Record<string, string[]>>({});
  const [revealState, setRevealState] = useState<'hidden' | 'loading' | 'shown'>('hidden');
  const root = isRoot(useUser());
  /** Only root changes what decides where an existing channel's key goes (the server enforces it too). */
  const locked = !isNew && !root;
  const type = (Form.useWatch('type', form) as number | undefined) ?? CHANNEL_DEFAULTS.type;
  const keyText = (Form.useWatch('key', form) as string | undefined) ?? '';
  const models = (Form.useWatch('models', form) as string[] | undefined) ?? [];

  useEffect(() => {
    setOriginal(null);
    setBatch(false);
    setRevealState('hidden');
    if (target === null) return;
    void loadTypeModels().then(setTypeModels);
    if (target === 'new') {
      form.resetFields();
      form.setFieldsValue({ ...CHANNEL_DEFAULTS });
      return;
    }
    setLoading(true);
    channelApi
      .get(target)
      .then((c) => {
        const f = channelToForm(c);
        form.resetFields();
        form.setFieldsValue(f);
        setOriginal(normaliseChannel(f));
      })
      .catch(() => {
        Message.error(t('channel.not_found_refresh'));
        onClose();
      })
      .finally(() => setLoading(false));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [target]);

  /** A new channel without models starts with the chosen type's built-in list (the one GET /api/models answers). */
  const onValuesChange = (changed: Partial<ChannelForm>) => {
    if (changed.type === undefined || !isNew) return;
    const defaults = builtinModels(changed.type);
    if (defaults.length > 0 && ((form.getFieldValue('models') as string[] | undefined) ?? []).length === 0) form.setFieldValue('models', defaults);
  };

  const current = (): ChannelForm => ({ ...CHANNEL_DEFAULTS, ...(form.getFieldsValue() as Partial<ChannelForm>) }) as ChannelForm;

  /** Root's explicit reveal: the stored key fills the field and counts as unchanged. */
  const revealKey = async () => {
    if (typeof target !== 'number') return;
    setRevealState('loading');
    try {
      const key = await channelApi.revealKey(target);
      form.setFieldValue('key', key);
      setOriginal((o) => (o ? { ...o, key: normaliseChannel({ ...current(), key }).key } : o));
      setRevealState('shown');
    } catch (e) {
      Message.error(`${t('channel.key_reveal_failed')}: ${(e as Error).message}`);
      setRevealState('hidden');
    }
  };

  const fetchModels = async () => {
    const v = current();
    const body = fetchModelsBody(v);
    const firstKey = body.key;
    if (isNew && !root) return void Message.info(t('channel.fetch_models_save_first'));
    if (isNew && !firstKey) return void Message.error(t('channel.fill_key'));
    setFetching(true);
    try {
      const data =
        firstKey || typeof target !== 'number'
          ? await channelApi.fetchModels(body)
          : await channelApi.fetchModelsOf(target);
      const list = parseFetchedModels(data);
      if (!list) Message.error(t('channel.fetch_not_array'));
      else setFetched(list);
    } catch (e) {
      Message.error(`${t('channel.fetch_models_failed')}: ${(e as Error).message}`);
    } finally {
      setFetching(false);
    }
  };

  const submit = async () => {
    const v = current();
    const rule = checkChannel(v, isNew);
    if (rule) return void Message.error(t(rule));
    const ok = await form.validate().then(
      () => true,
      () => false,
    );
    if (!ok) return void Message.error(t('error.check_input'));
    const payload = normaliseChannel(v);
    if (baseUrlNeedsConfirm(payload.base_url) && !(await confirmV1(t('channel.v1_title'), t('channel.v1_warning')))) return;
    setSaving(true);
    try {
      if (isNew) {
        for (const p of createPayloads(payload, batch)) await channelApi.create(p);
        Message.success(t('channel.created'));
      } else if (typeof target === 'number' && original) {
        const patch = changedFields(original, payload);
        if (Object.keys(patch).length === 0) {
          Message.info(t('error.no_change'));
          return;
        }
        await channelApi.update({ id: target, ...patch });
        Message.success(t('channel.updated'));
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
      width={Math.min(720, typeof window !== 'undefined' ? window.innerWidth : 720)}
      visible={target !== null}
      title={isNew ? t('channel.add_title') : t('channel.edit_title')}
      onCancel={onClose}
      className="gw-channel-drawer"
      unmountOnExit
      footer={<SubmitFooter onCancel={onClose} onSubmit={submit} saving={saving} disabled={loading} />}
    >
      {loading ? (
        <Spin />
      ) : (
        <Form form={form} layout="vertical" onValuesChange={onValuesChange}>
          <BasicFields
            type={type}
            keyText={keyText}
            isNew={isNew}
            batch={batch}
            onBatch={setBatch}
            locked={locked}
            reveal={!isNew && root && revealState !== 'shown' ? { onClick: () => void revealKey(), loading: revealState === 'loading' } : undefined}
          />
          <Form.Item field="models" label={t('channel.models')} rules={[{ required: true, message: t('channel.models_required') }]}>
            <ModelsField options={modelOptions} related={typeModels[String(type)] ?? []} fetching={fetching} onFetch={() => void fetchModels()} />
          </Form.Item>
          {typeof target === 'number' && <KeyStatusPanel channelId={target} />}
          <Divider orientation="left">{t('channel.advanced')}</Divider>
          <AdvancedFields groups={groups} locked={locked} />
        </Form>
      )}
      <ModelPickerModal
        models={fetched}
        current={models}
        onCancel={() => setFetched(null)}
        onOk={(next) => {
          form.setFieldValue('models', next);
          setFetched(null);
        }}
      />
    </Drawer>
  );
}
