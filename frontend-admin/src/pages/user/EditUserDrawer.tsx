import { useEffect, useState } from 'react';
import { Button, Drawer, Form, Input, InputNumber, Message, Select, Space, Spin } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { checkOptionalPassword, DISPLAY_NAME_MAX, PASSWORD_MAX, renderQuota, schemaProblem, updateUserSchema, USER_REMARK_MAX, USERNAME_MAX, type UserView } from '@gw/shared';
import { api, quotaDisplay, requiredRule, ruleFrom, SubmitFooter, useStatus } from '@gw/web';
import { AddQuotaModal } from './AddQuotaModal';
import { addQuotaBody, userUpdateBody, type EditForm } from './user-edit';

const BINDINGS = ['email', 'github_id', 'oidc_id', 'wechat_id', 'telegram_id', 'linux_do_id'] as const;

interface Props {
  userId: number | null;
  groups: string[];
  onClose: () => void;
  onSaved: () => void;
}

/** Side panel to edit a user; bound third-party ids are shown read-only. */
export function EditUserDrawer({ userId, groups, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const display = quotaDisplay(useStatus());
  const [form] = Form.useForm<EditForm>();
  const [user, setUser] = useState<UserView | null>(null);
  /** The balance the form's quota started from (moved by add-quota deltas); sent as original_quota. */
  const [loadedQuota, setLoadedQuota] = useState(0);
  const [saving, setSaving] = useState(false);
  const [addingQuota, setAddingQuota] = useState(false);
  const quota = Form.useWatch('quota', form) as number | undefined;

  useEffect(() => {
    setUser(null);
    if (userId === null) return;
    api
      .get<UserView>(`/api/user/${userId}`)
      .then((u) => {
        setUser(u);
        setLoadedQuota(u.quota);
        form.setFieldsValue({ username: u.username, display_name: u.display_name, group: u.group, quota: u.quota, remark: u.remark, password: '' });
      })
      .catch(onClose);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId]);

  const submit = async () => {
    const v = await form.validate().catch(() => null);
    if (!v || !user) return;
    const body = userUpdateBody(user.id, loadedQuota, v);
    const problem = schemaProblem(updateUserSchema, body);
    if (problem) return void Message.error(t(problem));
    setSaving(true);
    try {
      await api.put('/api/user/', body);
      Message.success(t('users.updated'));
      onSaved();
      onClose();
    } catch {
      /* reported */
    } finally {
      setSaving(false);
    }
  };

  /** Adds `delta` to the live balance at once; the form's quota and its starting point move with it. */
  const addQuota = async (delta: number) => {
    setAddingQuota(false);
    if (!user || delta === 0) return;
    try {
      await api.put('/api/user/', addQuotaBody(user.id, delta));
      setLoadedQuota((q) => q + delta);
      form.setFieldValue('quota', (Number(form.getFieldValue('quota')) || 0) + delta);
      Message.success(t('users.quota_added'));
      onSaved();
    } catch {
      /* reported */
    }
  };

  return (
    <Drawer
      width={460}
      visible={userId !== null}
      title={t('users.edit_title')}
      onCancel={onClose}
      className="gw-edit-user-drawer"
      footer={<SubmitFooter onCancel={onClose} onSubmit={submit} saving={saving} disabled={!user} />}
    >
      {!user ? (
        <Spin />
      ) : (
        <Form form={form} layout="vertical">
          <Form.Item field="username" label={t('users.username')} rules={[requiredRule('user.add_required')]}>
            <Input maxLength={USERNAME_MAX} />
          </Form.Item>
          <Form.Item field="display_name" label={t('users.display_name')}>
            <Input maxLength={DISPLAY_NAME_MAX} />
          </Form.Item>
          <Form.Item field="password" label={t('users.password')} rules={[ruleFrom<string | undefined>(checkOptionalPassword)]}>
            <Input.Password placeholder={t('users.password_hint_edit')} maxLength={PASSWORD_MAX} autoComplete="new-password" />
          </Form.Item>
          <Form.Item field="group" label={t('users.group')}>
            <Select options={groups.includes(user.group) ? groups : [...groups, user.group]} allowCreate />
          </Form.Item>
          <Form.Item label={t('users.quota')} extra={t('users.quota_equals', { amount: renderQuota(quota ?? 0, { ...display, displayInCurrency: true }) })}>
            <Space>
              <Form.Item field="quota" noStyle>
                <InputNumber min={0} precision={0} step={500000} style={{ width: 220 }} />
              </Form.Item>
              <Button onClick={() => setAddingQuota(true)}>{t('users.add_quota')}</Button>
            </Space>
          </Form.Item>
          <Form.Item field="remark" label={t('users.remark')}>
            <Input.TextArea maxLength={USER_REMARK_MAX} autoSize={{ minRows: 1, maxRows: 4 }} />
          </Form.Item>
          <h4>{t('users.bindings')}</h4>
          {BINDINGS.map((key) => (
            <Form.Item key={key} label={t(`users.${key}`)}>
              <Input value={user[key] || ''} placeholder={t('common.unbound')} disabled />
            </Form.Item>
          ))}
        </Form>
      )}
      <AddQuotaModal
        visible={addingQuota}
        current={Number(quota) || 0}
        onCancel={() => setAddingQuota(false)}
        onOk={(delta) => void addQuota(delta)}
      />
    </Drawer>
  );
}
