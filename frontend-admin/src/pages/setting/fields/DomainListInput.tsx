import { useState } from 'react';
import { Button, Input, Message, Space, Tag } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { checkWhitelistDomain } from '@gw/shared';

interface Props {
  value?: string;
  onChange?: (value: string) => void;
}

export const splitDomains = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((d) => d.trim())
    .filter(Boolean);

/** The e-mail domain whitelist as tags; stored comma-joined. */
export function DomainListInput({ value, onChange }: Props) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState('');
  const domains = splitDomains(value);
  const add = () => {
    const domain = draft.trim().toLowerCase();
    const problem = checkWhitelistDomain(domain, domains);
    if (problem) return void Message.error(t(problem));
    onChange?.([...domains, domain].join(','));
    setDraft('');
  };
  return (
    <div className="gw-domains">
      <Space wrap size={4} style={{ marginBottom: 8 }}>
        {domains.map((d) => (
          <Tag key={d} closable onClose={() => onChange?.(domains.filter((x) => x !== d).join(','))}>
            {d}
          </Tag>
        ))}
      </Space>
      <Input.Group compact>
        <Input style={{ width: 260 }} value={draft} onChange={setDraft} onPressEnter={add} placeholder={t('setting.domains.placeholder')} />
        <Button onClick={add}>{t('setting.domains.add')}</Button>
      </Input.Group>
    </div>
  );
}
