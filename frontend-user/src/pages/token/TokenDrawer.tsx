import { useEffect, useState } from 'react';
import { Alert, Button, DatePicker, Drawer, Form, Input, InputNumber, Message, Space, Spin, Switch } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { createTokenSchema, renderQuota, schemaProblem, TOKEN_BATCH_MAX, TOKEN_NAME_MAX, type UserGroupMap } from '@gw/shared';
import { quotaDisplay, ruleFrom, SubmitFooter, useStatus } from '@gw/web';
import { tokenApi } from './token-api';
import {
  BATCH_PRESETS,
  batchTokenNames,
  checkToken,
  EXPIRY_PRESETS,
  expiryPresetText,
  parseExpiry,
  QUOTA_PRESETS,
  TOKEN_DEFAULTS,
  tokenPayload,
  tokenToForm,
  type TokenForm,
} from './token-helpers';
import { TokenLimitFields } from './TokenLimitFields';

interface Props {
  target: number | 'new' | null;
  groups: UserGroupMap;
  models: string[];
  onClose: () => void;
  onSaved: () => void;
}

/** Create/edit side panel: quota and expiry presets, batch count, rate limit, model limits, IPs, group. */
export function TokenDrawer({ target, groups, models, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const display = quotaDisplay(useStatus());
  const [form] = Form.useForm<TokenForm>();
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const isNew = target === 'new';
  const unlimited = !!Form.useWatch('unlimited_quota', form);
  const quota = Number(Form.useWatch('remain_quota', form)) || 0;
  const rateLimit = !!Form.useWatch('rate_limit_enabled', form);
  const modelLimits = !!Form.useWatch('model_limits_enabled', form);

  useEffect(() => {
    if (target === null) return;
    form.resetFields();
    if (target === 'new') return void form.setFieldsValue({ ...TOKEN_DEFAULTS });
    setLoading(true);
    tokenApi
      .get(target)
      .then((tok) => form.setFieldsValue(tokenToForm(tok)))
      .catch(onClose)
      .finally(() => setLoading(false));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [target]);

  const submit = async () => {
    const v = { ...TOKEN_DEFAULTS, ...(form.getFieldsValue() as Partial<TokenForm>) } as TokenForm;
    const rule = checkToken(v, isNew);
    if (rule) return void Message.error(t(rule));
    const payload = tokenPayload(v);
    setSaving(true);
    try {
      if (typeof target === 'number') {
        await tokenApi.update({ id: target, ...payload });
        Message.success(t('token.updated'));
      } else {
        const names = batchTokenNames(payload.name, v.count);
        for (const name of names) await tokenApi.create({ ...payload, name });
        Message.success(names.length > 1 ? t('token.created_batch', { count: names.length }) : t('token.created'));
      }
      onSaved();
      onClose();
    } catch {
      /* reported */
    } finally {
      setSaving(false);
    }
  };

  const presetButton = (label: string, onClick: () => void, key: string | number) => (
    <Button key={key} size="mini" type="secondary" onClick={onClick}>
      {label}
    </Button>
  );

  return (
    <Drawer
      width={Math.min(560, typeof window !== 'undefined' ? window.innerWidth : 560)}
      visible={target !== null}
      title={isNew ? t('token.add_title') : t('token.edit_title')}
      onCancel={onClose}
      className="gw-token-drawer"
      unmountOnExit
      footer={<SubmitFooter onCancel={onClose} onSubmit={submit} saving={saving} disabled={loading} />}
    >
      {loading ? (
        <Spin />
      ) : (
        <Form form={form} layout="vertical">
          <Form.Item field="name" label={t('token.name')} rules={isNew ? [{ required: true, ...ruleFrom((v: string | undefined) => schemaProblem(createTokenSchema.shape.name, v ?? '')) }] : undefined}>
            <Input maxLength={TOKEN_NAME_MAX} placeholder={t('token.name_placeholder')} className="gw-token-name-input" />
          </Form.Item>
          <Form.Item
            field="expiry"
            label={t('token.expiry')}
            extra={t('token.expiry_hint')}
            rules={[{ validator: (v: string | undefined, cb: (e?: string) => void) => cb(parseExpiry(v) === null ? t('token.expiry_invalid') : undefined) }]}
          >
            <DatePicker showTime format="YYYY-MM-DD HH:mm:ss" allowClear style={{ width: '100%' }} placeholder={t('token.never')} />
          </Form.Item>
          <Space wrap size={4} style={{ marginTop: -8, marginBottom: 16 }}>
            {EXPIRY_PRESETS.map((p) => presetButton(t(`token.expiry_${p}`), () => form.setFieldValue('expiry', expiryPresetText(p, Date.now())), p))}
          </Space>
          <Alert type="info" content={t('token.quota_notice')} style={{ marginBottom: 16 }} />
          <Form.Item field="remain_quota" label={t('token.quota')} extra={!unlimited && t('token.quota_equals', { amount: renderQuota(quota, { ...display, displayInCurrency: true }) })}>
            <InputNumber min={0} precision={0} step={500000} disabled={unlimited} className="gw-token-quota" />
          </Form.Item>
          <Space wrap size={4} style={{ marginTop: -8, marginBottom: 16 }}>
            {QUOTA_PRESETS.map((q) => presetButton(`$${q / 500000}`, () => form.setFieldValue('remain_quota', q), q))}
          </Space>
          <Form.Item field="unlimited_quota" label={t('token.unlimited')} triggerPropName="checked">
            <Switch className="gw-token-unlimited" />
          </Form.Item>
          {isNew && (
            <>
              <Form.Item field="count" label={t('token.count')} extra={t('token.count_hint')}>
                <InputNumber min={1} max={TOKEN_BATCH_MAX} precision={0} />
              </Form.Item>
              <Space wrap size={4} style={{ marginTop: -8, marginBottom: 16 }}>
                {BATCH_PRESETS.map((n) => presetButton(String(n), () => form.setFieldValue('count', n), n))}
              </Space>
            </>
          )}
          <TokenLimitFields groups={groups} models={models} rateLimit={rateLimit} modelLimits={modelLimits} />
        </Form>
      )}
    </Drawer>
  );
}
