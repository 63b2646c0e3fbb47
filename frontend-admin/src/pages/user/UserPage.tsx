import { useCallback, useEffect, useState } from 'react';
import { Card, Message } from '@arco-design/web-react';
import { useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Paged, UserManageAction, UserView } from '@gw/shared';
import { api, usePageSize, useUser, withQuery } from '@gw/web';
import { AddUserDrawer } from './AddUserDrawer';
import { EditUserDrawer } from './EditUserDrawer';
import { applyManageResult } from './user-actions';
import { UserSearch, type UserQuery } from './UserSearch';
import { UserTable } from './UserTable';

/** User administration: search, server-paged table, add and edit side panels, actions. */
export function UserPage() {
  const { t } = useTranslation();
  const me = useUser();
  const navigate = useNavigate();
  const { id: routeId } = useParams();
  const [pageSize, setPageSize] = usePageSize();
  const [page, setPage] = useState(1);
  const [query, setQuery] = useState<UserQuery>({ keyword: '', group: '' });
  const [result, setResult] = useState<Paged<UserView>>({ items: [], page: 0, page_size: pageSize, total: 0 });
  const [loading, setLoading] = useState(false);
  const [groups, setGroups] = useState<string[]>([]);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<number | null>(routeId ? Number(routeId) : null);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const paging = { p: page - 1, page_size: pageSize };
      const searching = query.keyword || query.group;
      const url = searching ? withQuery('/api/user/search', { ...query, ...paging }) : withQuery('/api/user/', paging);
      setResult(await api.get<Paged<UserView>>(url));
    } catch {
      /* reported */
    } finally {
      setLoading(false);
    }
  }, [page, pageSize, query]);

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    api.get<string[]>('/api/group/', { quiet: true }).then(setGroups, () => setGroups([]));
  }, []);

  const manage = async (row: UserView, action: UserManageAction) => {
    try {
      const res = await api.post<{ role: number; status: number }>('/api/user/manage', { id: row.id, action });
      Message.success(t('common.success'));
      setResult((r) => ({ ...r, items: r.items.map((u) => (u.id === row.id ? applyManageResult(u, action, res) : u)) }));
    } catch {
      /* reported */
    }
  };

  const closeEdit = () => {
    setEditing(null);
    if (routeId) navigate('/user', { replace: true });
  };

  return (
    <Card title={t('users.title')} className="gw-user-page">
      <UserSearch
        groups={groups}
        onAdd={() => setAdding(true)}
        onSearch={(q) => {
          setQuery(q);
          setPage(1);
        }}
      />
      <UserTable
        rows={result.items}
        loading={loading}
        page={page}
        pageSize={pageSize}
        total={result.total}
        myRole={me?.role ?? 0}
        onPage={(p, size) => {
          if (size !== pageSize) {
            setPageSize(size);
            setPage(1);
          } else setPage(p);
        }}
        onEdit={setEditing}
        onManage={(row, action) => void manage(row, action)}
      />
      <AddUserDrawer visible={adding} onClose={() => setAdding(false)} onCreated={() => void load()} />
      <EditUserDrawer userId={editing} groups={groups} onClose={closeEdit} onSaved={() => void load()} />
    </Card>
  );
}
