import { useState } from 'react';
import { Form, Input, Message, Modal } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { checkOptionalPassword, checkPasswordChange, PASSWORD_MAX } from '@gw/shared';
import { api, requiredRule, ruleFrom } from '@gw/web';

interface PasswordForm {
  original_password: string;
  password: string;
  password2: string;
}

/** Change password: current, new and confirmation (两次输入的密码不一致！). */
export function PasswordModal({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PasswordForm>();
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    const v = await form.validate().catch(() => null);
    if (!v) return;
    const rule = checkPasswordChange(v.password ?? '', v.password2 ?? '');
    if (rule) return void Message.error(t(rule));
    setSaving(true);
    try {
      await api.put('/api/user/self', { password: v.password, original_password: v.original_password });
      Message.success(t('personal.password_changed'));
      form.resetFields();
      onClose();
    } catch {
      /* reported */
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal visible={visible} title={t('personal.change_password')} onOk={() => void submit()} confirmLoading={saving} onCancel={onClose} className="gw-password-modal">
      <Form form={form} layout="vertical">
        <Form.Item field="original_password" rules={[requiredRule('personal.original_required')]}>
          <Input.Password placeholder={t('personal.original_password')} autoComplete="current-password" />
        </Form.Item>
        <Form.Item field="password" rules={[requiredRule('user.password_too_short'), ruleFrom<string>(checkOptionalPassword)]}>
          <Input.Password placeholder={t('personal.new_password')} maxLength={PASSWORD_MAX} autoComplete="new-password" />
        </Form.Item>
        <Form.Item field="password2" dependencies={['password']} rules={[ruleFrom<string>((c) => (c !== form.getFieldValue('password') ? 'user.password_mismatch' : null))]}>
          <Input.Password placeholder={t('personal.confirm_password')} maxLength={PASSWORD_MAX} autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
