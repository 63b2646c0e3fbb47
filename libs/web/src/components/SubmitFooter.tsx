import type { ReactNode } from 'react';
import { Button, Space } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';

export interface SubmitFooterProps {
  onCancel: () => void;
  onSubmit: () => unknown;
  /** The submit button spins while the form is being saved. */
  saving: boolean;
  /** Submit is off while the form has nothing to submit yet (still loading). */
  disabled?: boolean;
  /** Actions shown before Cancel. */
  extra?: ReactNode;
}

/** The footer of the console's form drawers and modals: [extra] Cancel, Submit (`.gw-submit`). */
export function SubmitFooter({ onCancel, onSubmit, saving, disabled, extra }: SubmitFooterProps) {
  const { t } = useTranslation();
  return (
    <Space>
      {extra}
      <Button onClick={onCancel}>{t('common.cancel')}</Button>
      <Button type="primary" loading={saving} disabled={disabled} onClick={() => void onSubmit()} className="gw-submit">
        {t('common.submit')}
      </Button>
    </Space>
  );
}
