import { useCallback, useEffect, useMemo, useState } from 'react';
import { Card } from '@arco-design/web-react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { ChannelRecord } from '@gw/shared';
import { ColumnSettingsModal, defaultColumnPrefs, useColumnPrefs, usePageSize, useStoredFlag, type ListResult } from '@gw/web';
import { BatchTagModal } from './BatchTagModal';
import { channelRow, groupByTag, type TagRow } from './channel-display';
import { EMPTY_QUERY, listChannels, loadGroups, loadModelOptions, type ChannelQuery } from './channel-api';
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
const EMPTY: ListResult<ChannelRecord> = { items: [], total: 0, page: 0, page_size: 0, local: false };

/** Channel management: search, server-paged table, tag mode, editor drawer and dialogs. */
export function ChannelPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { id: routeId } = useParams();
  const [pageSize, setPageSize] = usePageSize();
  const [page, setPage] = useState(1);
  const [query, setQuery] = useState<ChannelQuery>(EMPTY_QUERY);
  const [idSort, setIdSort] = useStoredFlag(ID_SORT_KEY);
  const [tagMode, setTagMode] = useStoredFlag(TAG_MODE_KEY);
  const [prefs, setPrefs] = useColumnPrefs(CHANNEL_COLUMNS_KEY, COLUMN_DEFAULTS);
  const [result, setResult] = useState<ListResult<ChannelRecord>>(EMPTY);
  const [loading, setLoading] = useState(false);
  const [selected, setSelected] = useState<number[]>([]);
  const [groups, setGroups] = useState<string[]>([]);
  const [modelOptions, setModelOptions] = useState<string[]>([]);
  const [editing, setEditing] = useState<number | 'new' | null>(routeId ? Number(routeId) : pathname.endsWith('/add') ? 'new' : null);
  const [testing, setTesting] = useState<ChannelRecord | null>(null);
  const [tagEditing, setTagEditing] = useState<TagRow | null>(null);
  const [batchTag, setBatchTag] = useState(false);
  const [columnsOpen, setColumnsOpen] = useState(false);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setResult(await listChannels({ query, page, pageSize, idSort, tagMode }));
    } catch {
      setResult(EMPTY);
    } finally {
      setLoading(false);
    }
  }, [query, page, pageSize, idSort, tagMode]);

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    void loadGroups().then(setGroups);
    void loadModelOptions().then(setModelOptions);
  }, []);

  const patchRow = useCallback((id: number, patch: Partial<ChannelRecord>) => {
    setResult((r) => ({ ...r, items: r.items.map((c) => (c.id === id ? { ...c, ...patch } : c)) }));
  }, []);

  const { handlers, bulk, batchDelete } = useChannelHandlers({
    reload: () => void load(),
    patchRow,
    openEditor: setEditing,
    openModelTest: setTesting,
    openTagEdit: setTagEditing,
  });

  const visible = result.local ? result.items.slice((page - 1) * pageSize, page * pageSize) : result.items;
  const rows = useMemo(() => (tagMode ? groupByTag(visible) : visible.map(channelRow)), [tagMode, visible]);

  const closeEditor = () => {
    setEditing(null);
    if (pathname !== '/channel') navigate('/channel', { replace: true });
  };

  return (
    <Card title={t('channel.title')} className="gw-channel-page">
      <ChannelSearch
        groups={groups}
        onSearch={(q) => {
          setQuery(q);
          setPage(1);
        }}
      />
      <ChannelToolbar
        selected={selected.length}
        idSort={idSort}
        tagMode={tagMode}
        onIdSort={(v) => {
          setIdSort(v);
          setPage(1);
        }}
        onTagMode={(v) => {
          setTagMode(v);
          setPage(1);
        }}
        onAdd={() => setEditing('new')}
        onBatchDelete={() => batchDelete(selected, () => setSelected([]))}
        onBatchTag={() => setBatchTag(true)}
        onBulk={(a) => void bulk(a)}
        onColumns={() => setColumnsOpen(true)}
        onRefresh={() => void load()}
      />
      <ChannelTable
        rows={rows}
        loading={loading}
        page={page}
        pageSize={pageSize}
        total={result.total}
        prefs={prefs}
        selected={selected}
        onSelect={setSelected}
        onPage={(p, size) => {
          if (size !== pageSize) {
            setPageSize(size);
            setPage(1);
          } else setPage(p);
        }}
        on={handlers}
      />
      <ChannelDrawer target={editing} groups={groups} modelOptions={modelOptions} onClose={closeEditor} onSaved={() => void load()} />
      <ModelTestModal channel={testing} onClose={() => setTesting(null)} onTested={() => void load()} />
      <TagEditModal row={tagEditing} groups={groups} modelOptions={modelOptions} onClose={() => setTagEditing(null)} onSaved={() => void load()} />
      <BatchTagModal
        visible={batchTag}
        ids={selected}
        onClose={() => setBatchTag(false)}
        onSaved={() => {
          setSelected([]);
          void load();
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
