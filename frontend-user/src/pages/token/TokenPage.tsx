import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Card, Form, Input, Message, Space } from '@arco-design/web-react';
import { IconPlus, IconSearch } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import type { TokenRecord, UserGroupMap } from '@gw/shared';
import { usePageSize, type ListResult } from '@gw/web';
import { listTokens, loadUserGroups, loadUserModels, tokenApi, type TokenQuery } from './token-api';
import { toggledStatus } from './token-helpers';
import { TokenDrawer } from './TokenDrawer';
import { TokenTable } from './TokenTable';

const EMPTY: ListResult<TokenRecord> = { items: [], total: 0, page: 0, page_size: 0, local: false };

/** API tokens: personal-use warning, search, table and the editor drawer. */
export function TokenPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<TokenQuery>();
  const [pageSize, setPageSize] = usePageSize();
  const [page, setPage] = useState(1);
  const [query, setQuery] = useState<TokenQuery>({ keyword: '', token: '' });
  const [result, setResult] = useState<ListResult<TokenRecord>>(EMPTY);
  const [loading, setLoading] = useState(false);
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [groups, setGroups] = useState<UserGroupMap>({});
  const [models, setModels] = useState<string[]>([]);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setResult(await listTokens(query, page, pageSize));
    } catch {
      setResult(EMPTY);
    } finally {
      setLoading(false);
    }
  }, [query, page, pageSize]);

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    void loadUserGroups().then(setGroups);
    void loadUserModels().then(setModels);
  }, []);

  const toggle = async (row: TokenRecord) => {
    const status = toggledStatus(row.status);
    if (status === null) return;
    try {
      const updated = await tokenApi.setStatus(row.id, status);
      setResult((r) => ({ ...r, items: r.items.map((x) => (x.id === row.id ? { ...x, ...(updated ?? {}), status: updated?.status ?? status } : x)) }));
      Message.success(t('common.success'));
    } catch {
      /* reported */
    }
  };

  const remove = async (row: TokenRecord) => {
    try {
      await tokenApi.remove(row.id);
      Message.success(t('token.deleted'));
      void load();
    } catch {
      /* reported */
    }
  };

  const rows = result.local ? result.items.slice((page - 1) * pageSize, page * pageSize) : result.items;

  return (
    <Card title={t('token.title')} className="gw-token-page">
      <Alert type="warning" content={t('token.personal_use')} style={{ marginBottom: 16 }} className="gw-token-warning" />
      <Form
        form={form}
        layout="inline"
        className="gw-token-search"
        style={{ marginBottom: 12, rowGap: 8 }}
        onSubmit={(v: Partial<TokenQuery>) => {
          setQuery({ keyword: (v.keyword ?? '').trim(), token: (v.token ?? '').trim() });
          setPage(1);
        }}
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
              setQuery({ keyword: '', token: '' });
              setPage(1);
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
        rows={rows}
        loading={loading}
        page={page}
        pageSize={pageSize}
        total={result.total}
        onPage={(p, size) => {
          if (size !== pageSize) {
            setPageSize(size);
            setPage(1);
          } else setPage(p);
        }}
        onToggle={(row) => void toggle(row)}
        onEdit={setEditing}
        onDelete={(row) => void remove(row)}
      />
      <TokenDrawer target={editing} groups={groups} models={models} onClose={() => setEditing(null)} onSaved={() => void load()} />
    </Card>
  );
}
