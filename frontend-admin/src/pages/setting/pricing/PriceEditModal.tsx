import { useEffect } from 'react';
import { Form, Input, Message, Modal, Radio } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { effectiveCompletion, rowFromInput, rowPrices, type PriceRow, type RowInput } from './pricing';

interface Props {
  row: PriceRow | null;
  visible: boolean;
  existing: string[];
  onOk: (row: PriceRow) => void;
  onCancel: () => void;
}

const str = (n: number | undefined) => (n === undefined ? '' : String(Math.round(n * 1e6) / 1e6));

/** Edits one model: per call (fixed price) or per token (ratios, or input/output price per 1M). */
export function PriceEditModal({ row, visible, existing, onOk, onCancel }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RowInput>();
  const mode = Form.useWatch('mode', form) as RowInput['mode'];
  const by = Form.useWatch('by', form) as RowInput['by'];

  useEffect(() => {
    if (!visible) return;
    const prices = row ? rowPrices(row) : null;
    form.setFieldsValue({
      name: row?.name ?? '',
      mode: row?.mode ?? 'token',
      by: 'ratio',
      price: str(row?.price),
      ratio: str(row?.ratio),
      completion: row ? str(effectiveCompletion(row)) : '',
      input: str(prices?.input),
      output: str(prices?.output),
    });
  }, [visible, row, form]);

  const submit = () => {
    const result = rowFromInput(form.getFieldsValue() as RowInput, existing, row?.name);
    if ('error' in result) return void Message.error(t(result.error));
    onOk(result);
  };
  return (
    <Modal visible={visible} title={t(row ? 'pricing.edit_title' : 'pricing.add_title')} onOk={submit} onCancel={onCancel} className="gw-price-edit">
      <Form form={form} layout="vertical">
        <Form.Item field="name" label={t('pricing.col_name')}>
          <Input />
        </Form.Item>
        <Form.Item field="mode" label={t('pricing.col_mode')}>
          <Radio.Group type="button">
            <Radio value="token">{t('pricing.per_token')}</Radio>
            <Radio value="call">{t('pricing.per_call')}</Radio>
          </Radio.Group>
        </Form.Item>
        {mode === 'call' ? (
          <Form.Item field="price" label={t('pricing.col_price')}>
            <Input />
          </Form.Item>
        ) : (
          <>
            <Form.Item field="by">
              <Radio.Group>
                <Radio value="ratio">{t('pricing.by_ratio')}</Radio>
                <Radio value="price">{t('pricing.by_price')}</Radio>
              </Radio.Group>
            </Form.Item>
            {by === 'price' ? (
              <>
                <Form.Item field="input" label={t('pricing.col_input')}>
                  <Input />
                </Form.Item>
                <Form.Item field="output" label={t('pricing.col_output')}>
                  <Input />
                </Form.Item>
              </>
            ) : (
              <>
                <Form.Item field="ratio" label={t('pricing.col_ratio')}>
                  <Input />
                </Form.Item>
                <Form.Item field="completion" label={t('pricing.col_completion')}>
                  <Input />
                </Form.Item>
              </>
            )}
          </>
        )}
      </Form>
    </Modal>
  );
}
