import { Button, Form, Input, Select, Space } from '@arco-design/web-react';
import { IconPlus, IconSearch } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';

export interface UserQuery {
  keyword: string;
  group: string;
}

interface Props {
  groups: string[];
  onSearch: (q: UserQuery) => void;
  onAdd: () => void;
}

export function UserSearch({ groups, onSearch, onAdd }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<UserQuery>();
  const submit = (v: Partial<UserQuery>) => onSearch({ keyword: (v.keyword ?? '').trim(), group: v.group ?? '' });
  return (
    <Form form={form} layout="inline" onSubmit={submit} className="gw-user-search">
      <Form.Item field="keyword">
        <Input allowClear prefix={<IconSearch />} placeholder={t('users.search_placeholder')} style={{ width: 300 }} />
      </Form.Item>
      <Form.Item field="group">
        <Select allowClear placeholder={t('users.group_placeholder')} style={{ width: 160 }} options={groups} />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit">
          {t('common.search')}
        </Button>
        <Button
          onClick={() => {
            form.resetFields();
            onSearch({ keyword: '', group: '' });
          }}
        >
          {t('common.reset')}
        </Button>
        <Button type="primary" status="success" icon={<IconPlus />} onClick={onAdd} className="gw-add-user">
          {t('users.add')}
        </Button>
      </Space>
    </Form>
  );
}
