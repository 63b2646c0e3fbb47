import { useState } from 'react';
import { Drawer, Form, Input, Message } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { checkAddUser, checkOptionalPassword, createUserSchema, DISPLAY_NAME_MAX, PASSWORD_MAX, schemaProblem, USERNAME_MAX } from '@gw/shared';
import { api, requiredRule, ruleFrom, SubmitFooter } from '@gw/web';

interface AddForm {
  username: string;
  display_name?: string;
  password: string;
}

/** Side panel to create a user: username and password required (用户名和密码不能为空！). */
export function AddUserDrawer({ visible, onClose, onCreated }: { visible: boolean; onClose: () => void; onCreated: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AddForm>();
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    const v = await form.validate().catch(() => null);
    if (!v) return;
    const rule = checkAddUser({ username: v.username ?? '', password: v.password ?? '' });
    if (rule) return void Message.error(t(rule));
    setSaving(true);
    try {
      await api.post('/api/user/', { username: v.username.trim(), display_name: v.display_name?.trim() ?? '', password: v.password });
      Message.success(t('users.created'));
      form.resetFields();
      onCreated();
      onClose();
    } catch {
      /* reported */
    } finally {
      setSaving(false);
    }
  };
  return (
    <Drawer
      width={420}
      visible={visible}
      title={t('users.add_title')}
      onCancel={onClose}
      className="gw-add-user-drawer"
      footer={<SubmitFooter onCancel={onClose} onSubmit={submit} saving={saving} />}
    >
      <Form form={form} layout="vertical">
        <Form.Item
          field="username"
          label={t('users.username')}
          rules={[requiredRule('user.add_required'), ruleFrom<string | undefined>((u) => (u ? schemaProblem(createUserSchema.shape.username, u) : null))]}
        >
          <Input maxLength={USERNAME_MAX} autoComplete="off" />
        </Form.Item>
        <Form.Item field="display_name" label={t('users.display_name')}>
          <Input maxLength={DISPLAY_NAME_MAX} />
        </Form.Item>
        <Form.Item
          field="password"
          label={t('users.password')}
          rules={[
            requiredRule('user.add_required'),
            ruleFrom<string | undefined>(checkOptionalPassword),
          ]}
        >
          <Input.Password placeholder={t('users.password_hint_new')} maxLength={PASSWORD_MAX} autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
