import { useEffect, useState } from 'react';
import { Card, Message } from '@arco-design/web-react';
import { useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { UserManageAction, UserView } from '@gw/shared';
import { api, toListResult, usePagedList, useUser, withQuery } from '@gw/web';
import { AddUserDrawer } from './AddUserDrawer';
import { EditUserDrawer } from './EditUserDrawer';
import { applyManageResult } from './user-actions';
import { UserSearch, type UserQuery } from './UserSearch';
import { UserTable } from './UserTable';

const NO_QUERY: UserQuery = { keyword: '', group: '' };

/** User administration: search, server-paged table, add and edit side panels, actions. */
export function UserPage() {
  const { t } = useTranslation();
  const me = useUser();
  const navigate = useNavigate();
  const { id: routeId } = useParams();
  const list = usePagedList({
    initialQuery: NO_QUERY,
    load: async ({ query, page, pageSize }) => {
      const paging = { p: page - 1, page_size: pageSize };
      const searching = query.keyword || query.group;
      const url = searching ? withQuery('/api/user/search', { ...query, ...paging }) : withQuery('/api/user/', paging);
      return toListResult<UserView>(await api.get<unknown>(url));
    },
    // A failed load leaves the rows shown (the API client reported it).
    onError: 'keep',
  });
  const [groups, setGroups] = useState<string[]>([]);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<number | null>(routeId ? Number(routeId) : null);

  useEffect(() => {
    api.get<string[]>('/api/group/', { quiet: true }).then(setGroups, () => setGroups([]));
  }, []);

  const manage = async (row: UserView, action: UserManageAction) => {
    try {
      const res = await api.post<{ role: number; status: number }>('/api/user/manage', { id: row.id, action });
      Message.success(t('common.success'));
      list.updateItems((items) => items.map((u) => (u.id === row.id ? applyManageResult(u, action, res) : u)));
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
        onSearch={list.search}
      />
      <UserTable
        rows={list.rows}
        loading={list.loading}
        page={list.page}
        pageSize={list.pageSize}
        total={list.total}
        myRole={me?.role ?? 0}
        onPage={list.changePage}
        onEdit={setEditing}
        onManage={(row, action) => void manage(row, action)}
      />
      <AddUserDrawer visible={adding} onClose={() => setAdding(false)} onCreated={list.reload} />
      <EditUserDrawer userId={editing} groups={groups} onClose={closeEdit} onSaved={list.reload} />
    </Card>
  );
}
