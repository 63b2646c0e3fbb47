import { Button, Input, Modal } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { copyText } from '@gw/web';

/** After a create: the new codes, one a line, with a button that copies them all. */
export function NewCodesModal({ keys, onClose }: { keys: string[]; onClose: () => void }) {
  const { t } = useTranslation();
  const text = keys.join('\n');
  return (
    <Modal
      visible={keys.length > 0}
      title={t('redemption.new_codes_title', { count: keys.length })}
      onCancel={onClose}
      className="gw-new-codes"
      footer={
        <>
          <Button onClick={onClose}>{t('common.close')}</Button>
          <Button type="primary" className="gw-copy-codes" onClick={() => void copyText(text, t('redemption.codes_copied', { count: keys.length }))}>
            {t('redemption.copy_codes')}
          </Button>
        </>
      }
    >
      <Input.TextArea className="gw-new-codes-text" value={text} readOnly autoSize={{ minRows: 2, maxRows: 12 }} />
    </Modal>
  );
}
