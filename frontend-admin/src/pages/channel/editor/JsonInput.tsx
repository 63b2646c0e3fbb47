import { Button, Input, Space } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { isValidJson } from '@gw/shared';

interface Props {
  value?: string;
  onChange?: (v: string) => void;
  sample?: string;
  placeholder?: string;
  className?: string;
}

/** JSON text with "fill sample" and "format" helpers (validation is the form rule's job). */
export function JsonInput({ value = '', onChange, sample, placeholder, className }: Props) {
  const { t } = useTranslation();
  return (
    <div className={className}>
      <Input.TextArea className="gw-mono" value={value} onChange={(v) => onChange?.(v)} placeholder={placeholder ?? sample} autoSize={{ minRows: 3, maxRows: 12 }} />
      <Space size={4}>
        {sample && (
          <Button type="text" size="mini" onClick={() => onChange?.(sample)}>
            {t('channel.fill_sample')}
          </Button>
        )}
        <Button
          type="text"
          size="mini"
          disabled={!value.trim() || !isValidJson(value)}
          onClick={() => onChange?.(JSON.stringify(JSON.parse(value), null, 2))}
        >
          {t('channel.format_json')}
        </Button>
      </Space>
    </div>
  );
}
