import { Button, Form, Input, Select, Space } from '@arco-design/web-react';
import { IconSearch } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { EMPTY_QUERY, type ChannelQuery } from './channel-api';

/** Search by keyword (id, name, key or base URL), group and model. */
export function ChannelSearch({ groups, onSearch }: { groups: string[]; onSearch: (q: ChannelQuery) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ChannelQuery>();
  const submit = (v: Partial<ChannelQuery>) => onSearch({ keyword: (v.keyword ?? '').trim(), group: v.group ?? '', model: (v.model ?? '').trim() });
  return (
    <Form form={form} layout="inline" onSubmit={submit} className="gw-channel-search">
      <Form.Item field="keyword">
        <Input allowClear prefix={<IconSearch />} placeholder={t('channel.search_keyword')} style={{ width: 260 }} />
      </Form.Item>
      <Form.Item field="model">
        <Input allowClear placeholder={t('channel.search_model')} style={{ width: 180 }} />
      </Form.Item>
      <Form.Item field="group">
        <Select allowClear placeholder={t('channel.search_group')} style={{ width: 160 }} options={groups} />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit">
          {t('common.search')}
        </Button>
        <Button
          onClick={() => {
            form.resetFields();
            onSearch(EMPTY_QUERY);
          }}
        >
          {t('common.reset')}
        </Button>
      </Space>
    </Form>
  );
}
