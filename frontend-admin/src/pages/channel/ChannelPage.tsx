import { useEffect, useMemo, useState } from 'react';
import { Card } from '@arco-design/web-react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { ChannelRecord } from '@gw/shared';
import { ColumnSettingsModal, defaultColumnPrefs, useColumnPrefs, usePagedList, useStoredFlag } from '@gw/web';
import { BatchTagModal } from './BatchTagModal';
import { channelRow, groupByTag, type TagRow } from './channel-display';
import { EMPTY_QUERY, listChannels, loadGroups, loadModelOptions } from './channel-api';
import { ChannelSearch } from './ChannelSearch';
import { CHANNEL_COLUMNS, ChannelTable } from './ChannelTable';
import { ChannelToolbar } from './ChannelToolbar';
import { ChannelDrawer } from './editor/ChannelDrawer';
import { ModelTestModal } from './ModelTestModal';
import { TagEditModal } from './TagEditModal';
import { useChannelHandlers } from './useChannelHandlers';

export const TAG_MODE_KEY = 'enable-tag-mode';
export const ID_SORT_KEY = 'id-sort';
export const CHANNEL_COLUMNS_KEY = 'channels-table-columns';
const COLUMN_DEFAULTS = defaultColumnPrefs(CHANNEL_COLUMNS);

/** Channel management: search, server-paged table, tag mode, editor drawer and dialogs. */
export function ChannelPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { id: routeId } = useParams();
  const [idSort, setIdSort] = useStoredFlag(ID_SORT_KEY);
  const [tagMode, setTagMode] = useStoredFlag(TAG_MODE_KEY);
  const [prefs, setPrefs] = useColumnPrefs(CHANNEL_COLUMNS_KEY, COLUMN_DEFAULTS);
  const list = usePagedList({
    initialQuery: EMPTY_QUERY,
    load: ({ query, page, pageSize }) => listChannels({ query, page, pageSize, idSort, tagMode }),
    deps: [idSort, tagMode],
  });
  const [selected, setSelected] = useState<number[]>([]);
  const [groups, setGroups] = useState<string[]>([]);
  const [modelOptions, setModelOptions] = useState<string[]>([]);
  const [editing, setEditing] = useState<number | 'new' | null>(routeId ? Number(routeId) : pathname.endsWith('/add') ? 'new' : null);
  const [testing, setTesting] = useState<ChannelRecord | null>(null);
  const [tagEditing, setTagEditing] = useState<TagRow | null>(null);
  const [batchTag, setBatchTag] = useState(false);
  const [columnsOpen, setColumnsOpen] = useState(false);

  useEffect(() => {
    void loadGroups().then(setGroups);
    void loadModelOptions().then(setModelOptions);
  }, []);

  const { updateItems, reload } = list;
  const { handlers, bulk, batchDelete } = useChannelHandlers({
    reload,
    patchRow: (id: number, patch: Partial<ChannelRecord>) => updateItems((items) => items.map((c) => (c.id === id ? { ...c, ...patch } : c))),
    openEditor: setEditing,
    openModelTest: setTesting,
    openTagEdit: setTagEditing,
  });

  const visible = list.rows;
  const rows = useMemo(() => (tagMode ? groupByTag(visible) : visible.map(channelRow)), [tagMode, visible]);

  const closeEditor = () => {
    setEditing(null);
    if (pathname !== '/channel') navigate('/channel', { replace: true });
  };

  return (
    <Card title={t('channel.title')} className="gw-channel-page">
      <ChannelSearch
        groups={groups}
        onSearch={list.search}
      />
      <ChannelToolbar
        selected={selected.length}
        idSort={idSort}
        tagMode={tagMode}
        onIdSort={(v) => {
          setIdSort(v);
          list.setPage(1);
        }}
        onTagMode={(v) => {
          setTagMode(v);
          list.setPage(1);
        }}
        onAdd={() => setEditing('new')}
        onBatchDelete={() => batchDelete(selected, () => setSelected([]))}
        onBatchTag={() => setBatchTag(true)}
        onBulk={(a) => void bulk(a)}
        onColumns={() => setColumnsOpen(true)}
        onRefresh={reload}
      />
      <ChannelTable
        rows={rows}
        loading={list.loading}
        page={list.page}
        pageSize={list.pageSize}
        total={list.total}
        prefs={prefs}
        selected={selected}
        onSelect={setSelected}
        onPage={list.changePage}
        on={handlers}
      />
      <ChannelDrawer target={editing} groups={groups} modelOptions={modelOptions} onClose={closeEditor} onSaved={reload} />
      <ModelTestModal channel={testing} onClose={() => setTesting(null)} onTested={reload} />
      <TagEditModal row={tagEditing} groups={groups} modelOptions={modelOptions} onClose={() => setTagEditing(null)} onSaved={reload} />
      <BatchTagModal
        visible={batchTag}
        ids={selected}
        onClose={() => setBatchTag(false)}
        onSaved={() => {
          setSelected([]);
          reload();
        }}
      />
      <ColumnSettingsModal
        visible={columnsOpen}
        columns={CHANNEL_COLUMNS.map((k) => ({ key: k, label: k === 'id' ? 'ID' : t(`channel.col_${k}`) }))}
        value={prefs}
        defaults={COLUMN_DEFAULTS}
        onCancel={() => setColumnsOpen(false)}
        onOk={(next) => {
          setPrefs(next);
          setColumnsOpen(false);
        }}
      />
    </Card>
  );
}
