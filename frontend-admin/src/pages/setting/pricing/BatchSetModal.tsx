import { useState } from 'react';
import { Input, Message, Modal, Radio, Space } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { checkBatch, type BatchMode } from './pricing';

interface Props {
  visible: boolean;
  selected: number;
  onApply: (mode: BatchMode, value: number, completion?: number) => void;
  onCancel: () => void;
}

export function BatchSetModal({ visible, selected, onApply, onCancel }: Props) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<BatchMode>('ratio');
  const [value, setValue] = useState('');
  const [completion, setCompletion] = useState('');
  const ok = () => {
    const problem = checkBatch(selected, mode, value, completion);
    if (problem) return void Message.error(t(problem));
    onApply(mode, Number(value), mode === 'both' ? Number(completion) : undefined);
  };
  return (
    <Modal visible={visible} title={t('pricing.batch_title')} onOk={ok} onCancel={onCancel} className="gw-batch-set">
      <Space direction="vertical" style={{ width: '100%' }}>
        <span>{t('pricing.batch_mode')}</span>
        <Radio.Group value={mode} onChange={setMode}>
          <Radio value="price">{t('pricing.batch_mode_price')}</Radio>
          <Radio value="ratio">{t('pricing.batch_mode_ratio')}</Radio>
          <Radio value="both">{t('pricing.batch_mode_both')}</Radio>
        </Radio.Group>
        <Input value={value} onChange={setValue} placeholder={mode === 'both' ? t('pricing.col_ratio') : t('pricing.batch_value')} />
        {mode === 'both' && <Input value={completion} onChange={setCompletion} placeholder={t('pricing.col_completion')} />}
      </Space>
    </Modal>
  );
}
