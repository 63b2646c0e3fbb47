import { useEffect, useState } from 'react';
import { AutoComplete, Button, Card, Checkbox, Form, Input, Message, Radio, Tabs, Typography } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { checkWebhookUrl, renderQuota, schemaProblem, userSettingSchema, type UserView } from '@gw/shared';
import { api, quotaDisplay, ruleFrom, useStatus } from '@gw/web';
import { DEFAULT_THRESHOLD, parseUserSetting, settingPayload, THRESHOLD_PRESETS, type SettingFormValues } from './personal-helpers';

/** Notification and price settings, saved together through PUT /api/user/setting. */
export function SettingsTabs({ user, onSaved }: { user: UserView; onSaved: () => void }) {
  const { t } = useTranslation();
  const display = quotaDisplay(useStatus());
  const [form] = Form.useForm<SettingFormValues>();
  const [saving, setSaving] = useState(false);
  const notifyType = Form.useWatch('notify_type', form);
  const secretSet = !!parseUserSetting(user.setting).webhook_secret_set;

  useEffect(() => {
    const s = parseUserSetting(user.setting);
    form.setFieldsValue({
      notify_type: s.notify_type ?? 'email',
      quota_warning_threshold: String(s.quota_warning_threshold ?? DEFAULT_THRESHOLD),
      webhook_url: s.webhook_url ?? '',
      webhook_secret: '',
      clear_webhook_secret: false,
      notification_email: s.notification_email ?? '',
      accept_unset_model_ratio_model: !!s.accept_unset_model_ratio_model,
    });
  }, [user.setting, form]);

  const save = async () => {
    const v = await form.validate().catch(() => null);
    if (!v) return;
    const body = settingPayload(v);
    const problem = schemaProblem(userSettingSchema, body);
    if (problem) return void Message.error(t(problem));
    setSaving(true);
    try {
      await api.put('/api/user/setting', body, { quiet: false });
      Message.success(t('personal.settings_saved'));
      onSaved();
    } catch {
      Message.error(t('personal.settings_failed'));
    } finally {
      setSaving(false);
    }
  };

  const presets = THRESHOLD_PRESETS.map((n) => ({ value: String(n), name: `${n} (${renderQuota(n, { ...display, displayInCurrency: true })})` }));
  const webhookRules = [
    ruleFrom<string>((u) => (notifyType === 'webhook' && !u?.trim() ? 'personal.webhook_url_required' : null)),
    ruleFrom<string>((u) => checkWebhookUrl(u?.trim() ?? '')),
  ];
  return (
    <Card className="gw-personal-settings">
      <Form form={form} layout="vertical">
        <Tabs defaultActiveTab="notification">
          <Tabs.TabPane key="notification" title={t('personal.tab_notification')}>
            <Form.Item field="notify_type" label={t('personal.notify_type')}>
              <Radio.Group>
                <Radio value="email">{t('personal.notify_email')}</Radio>
                <Radio value="webhook">{t('personal.notify_webhook')}</Radio>
              </Radio.Group>
            </Form.Item>
            <Form.Item field="quota_warning_threshold" label={t('personal.threshold')} extra={t('personal.threshold_desc')}>
              <AutoComplete data={presets.map((p) => ({ value: p.value, name: p.name }))} style={{ maxWidth: 320 }} />
            </Form.Item>
            {notifyType === 'webhook' ? (
              <>
                <Form.Item field="webhook_url" label={t('personal.webhook_url')} rules={webhookRules}>
                  <Input placeholder="https://" />
                </Form.Item>
                <Form.Item
                  field="webhook_secret"
                  label={t('personal.webhook_secret')}
                  extra={secretSet ? t('personal.webhook_secret_saved') : undefined}
                >
                  <Input.Password autoComplete="new-password" placeholder={secretSet ? t('personal.webhook_secret_keep') : undefined} />
                </Form.Item>
                {secretSet ? (
                  <Form.Item field="clear_webhook_secret" triggerPropName="checked">
                    <Checkbox>{t('personal.webhook_secret_clear')}</Checkbox>
                  </Form.Item>
                ) : null}
              </>
            ) : (
              <Form.Item field="notification_email" label={t('personal.notification_email')} extra={t('personal.notification_email_desc')}>
                <Input type="email" />
              </Form.Item>
            )}
          </Tabs.TabPane>
          <Tabs.TabPane key="price" title={t('personal.tab_price')}>
            <Form.Item field="accept_unset_model_ratio_model" triggerPropName="checked">
              <Checkbox>{t('personal.accept_unset')}</Checkbox>
            </Form.Item>
            <Typography.Paragraph type="secondary">{t('personal.accept_unset_desc')}</Typography.Paragraph>
          </Tabs.TabPane>
        </Tabs>
        <Button type="primary" loading={saving} onClick={() => void save()} className="gw-save-settings">
          {t('common.save')}
        </Button>
      </Form>
    </Card>
  );
}
