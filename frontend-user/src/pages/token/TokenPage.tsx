import { useEffect, useState } from 'react';
import { Alert, Button, Card, Form, Input, Message, Space } from '@arco-design/web-react';
import { IconPlus, IconSearch } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import type { TokenRecord, UserGroupMap } from '@gw/shared';
import { usePagedList } from '@gw/web';
import { listTokens, loadUserGroups, loadUserModels, tokenApi, type TokenQuery } from './token-api';
import { toggledStatus } from './token-helpers';
import { TokenDrawer } from './TokenDrawer';
import { TokenTable } from './TokenTable';

const NO_QUERY: TokenQuery = { keyword: '', token: '' };

/** API tokens: personal-use warning, search, table and the editor drawer. */
export function TokenPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<TokenQuery>();
  const list = usePagedList({ initialQuery: NO_QUERY, load: ({ query, page, pageSize }) => listTokens(query, page, pageSize) });
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [groups, setGroups] = useState<UserGroupMap>({});
  const [models, setModels] = useState<string[]>([]);

  useEffect(() => {
    void loadUserGroups().then(setGroups);
    void loadUserModels().then(setModels);
  }, []);

  const toggle = async (row: TokenRecord) => {
    const status = toggledStatus(row.status);
    if (status === null) return;
    try {
      const updated = await tokenApi.setStatus(row.id, status);
      list.updateItems((items) => items.map((x) => (x.id === row.id ? { ...x, ...(updated ?? {}), status: updated?.status ?? status } : x)));
      Message.success(t('common.success'));
    } catch {
      /* reported */
    }
  };

  const remove = async (row: TokenRecord) => {
    try {
      await tokenApi.remove(row.id);
      Message.success(t('token.deleted'));
      list.reload();
    } catch {
      /* reported */
    }
  };

  return (
    <Card title={t('token.title')} className="gw-token-page">
      <Alert type="warning" content={t('token.personal_use')} style={{ marginBottom: 16 }} className="gw-token-warning" />
      <Form
        form={form}
        layout="inline"
        className="gw-token-search"
        style={{ marginBottom: 12, rowGap: 8 }}
        onSubmit={(v: Partial<TokenQuery>) => list.search({ keyword: (v.keyword ?? '').trim(), token: (v.token ?? '').trim() })}
      >
        <Form.Item field="keyword">
          <Input allowClear prefix={<IconSearch />} placeholder={t('token.search_name')} style={{ width: 220 }} />
        </Form.Item>
        <Form.Item field="token">
          <Input allowClear placeholder={t('token.search_key')} style={{ width: 240 }} />
        </Form.Item>
        <Space wrap>
          <Button type="primary" htmlType="submit">
            {t('common.search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              list.search(NO_QUERY);
            }}
          >
            {t('common.reset')}
          </Button>
          <Button type="primary" status="success" icon={<IconPlus />} onClick={() => setEditing('new')} className="gw-add-token">
            {t('token.add')}
          </Button>
        </Space>
      </Form>
      <TokenTable
        rows={list.rows}
        loading={list.loading}
        page={list.page}
        pageSize={list.pageSize}
        total={list.total}
        onPage={list.changePage}
        onToggle={(row) => void toggle(row)}
        onEdit={setEditing}
        onDelete={(row) => void remove(row)}
      />
      <TokenDrawer target={editing} groups={groups} models={models} onClose={() => setEditing(null)} onSaved={list.reload} />
    </Card>
  );
}
