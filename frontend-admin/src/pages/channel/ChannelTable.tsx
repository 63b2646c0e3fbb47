import { Button, Dropdown, Menu, Popconfirm, Space, Tag } from '@arco-design/web-react';
import { IconDown } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { ChannelStatus, PAGE_SIZES, renderQuota, type ChannelRecord } from '@gw/shared';
import { CellText, DataTable, quotaDisplay, useStatus, type ColumnPrefs, type DataColumn } from '@gw/web';
import type { TableRow, TagRow } from './channel-display';
import { BalanceCell, GroupTags, HealthTag, InlineNumber, ResponseTime, StatusTag, TypeTag } from './ChannelCells';

export interface ChannelHandlers {
  test: (c: ChannelRecord) => void;
  testModels: (c: ChannelRecord) => void;
  toggle: (c: ChannelRecord) => void;
  edit: (id: number) => void;
  copy: (c: ChannelRecord) => void;
  remove: (c: ChannelRecord) => void;
  balance: (c: ChannelRecord) => void;
  priority: (c: ChannelRecord, v: number) => void;
  weight: (c: ChannelRecord, v: number) => void;
  tagToggle: (tag: string, enable: boolean) => void;
  tagEdit: (row: TagRow) => void;
  tagPriority: (tag: string, v: number) => void;
  tagWeight: (tag: string, v: number) => void;
}

/** Column keys of the settings dialog, in display order (the actions column is always shown). */
export const CHANNEL_COLUMNS = [
  'id',
  'name',
  'group',
  'type',
  'status',
  'response_time',
  'balance',
  'priority',
  'weight',
] as const;

interface Props {
  rows: TableRow[];
  loading: boolean;
  page: number;
  pageSize: number;
  total: number;
  prefs: ColumnPrefs;
  selected: number[];
  onSelect: (ids: number[]) => void;
  onPage: (page: number, size: number) => void;
  on: ChannelHandlers;
}

const isTag = (r: TableRow): r is TagRow => r.isTag === true;
/** The columns' widths with the selection column: the table fits a 1440 px screen, so the fixed actions lie over nothing. */
const CHANNEL_TABLE_WIDTH = 1150;

/** The channel list; in tag mode tags are parent rows whose children are their channels. */
export function ChannelTable({ rows, loading, page, pageSize, total, prefs, selected, onSelect, onPage, on }: Props) {
  const { t } = useTranslation();
  const display = quotaDisplay(useStatus());

  const channelActions = (c: ChannelRecord) => (
    <Space size={4} wrap>
      <Button.Group>
        <Button size="mini" type="primary" className="gw-channel-test" onClick={() => on.test(c)}>
          {t('channel.test')}
        </Button>
        <Dropdown
          droplist={
            <Menu onClickMenuItem={() => on.testModels(c)}>
              <Menu.Item key="models">{t('channel.test_pick_model')}</Menu.Item>
            </Menu>
          }
        >
          <Button size="mini" type="primary" icon={<IconDown />} className="gw-channel-test-more" />
        </Dropdown>
      </Button.Group>
      <Button
        size="mini"
        status={c.status === ChannelStatus.Enabled ? 'warning' : 'success'}
        className="gw-channel-toggle"
        onClick={() => on.toggle(c)}
      >
        {c.status === ChannelStatus.Enabled ? t('channel.disable') : t('channel.enable')}
      </Button>
      <Button size="mini" type="outline" className="gw-channel-edit" onClick={() => on.edit(c.id)}>
        {t('common.edit')}
      </Button>
      <Button size="mini" className="gw-channel-copy" onClick={() => on.copy(c)}>
        {t('channel.copy')}
      </Button>
      <Popconfirm title={t('channel.delete_confirm', { name: c.name })} onOk={() => on.remove(c)}>
        <Button size="mini" status="danger" className="gw-channel-delete">
          {t('common.delete')}
        </Button>
      </Popconfirm>
    </Space>
  );

  const tagActions = (r: TagRow) => (
    <Space size={4} wrap>
      <Button size="mini" status="success" onClick={() => on.tagToggle(r.tag, true)}>
        {t('channel.tag_enable_all')}
      </Button>
      <Button size="mini" status="warning" onClick={() => on.tagToggle(r.tag, false)}>
        {t('channel.tag_disable_all')}
      </Button>
      <Button size="mini" type="outline" className="gw-tag-edit" onClick={() => on.tagEdit(r)}>
        {t('channel.tag_edit')}
      </Button>
    </Space>
  );

  const all: Record<(typeof CHANNEL_COLUMNS)[number], DataColumn<TableRow>> = {
    id: { title: 'ID', width: 50, render: (_, r) => (isTag(r) ? '' : r.id) },
    name: {
      title: t('channel.col_name'),
      width: 160,
      card: 'title',
      render: (_, r) =>
        isTag(r) ? (
          <Space size={4} wrap>
            <Tag color="purple">{t('channel.tag_label', { tag: r.tag })}</Tag>
            <span className="gw-small">{t('channel.tag_count', { count: r.children.length })}</span>
          </Space>
        ) : (
          <CellText text={r.tag ? `${r.name} (${t('channel.tag_label', { tag: r.tag })})` : r.name}>
            <span className="gw-channel-name">{r.name}</span>
          </CellText>
        ),
    },
    group: { title: t('channel.col_group'), width: 120, render: (_, r) => <GroupTags group={r.group} /> },
    type: { title: t('channel.col_type'), width: 90, render: (_, r) => (isTag(r) ? null : <TypeTag type={r.type} />) },
    status: {
      title: t('channel.col_status'),
      width: 90,
      render: (_, r) =>
        isTag(r) ? (
          <Tag color={r.enabled ? 'green' : 'red'}>
            {t('channel.tag_enabled_count', { enabled: r.enabled, total: r.children.length })}
          </Tag>
        ) : (
          <Space size={4} wrap>
            <StatusTag channel={r} />
            <HealthTag health={r.health} />
          </Space>
        ),
    },
    response_time: {
      title: t('channel.col_response_time'),
      width: 80,
      render: (_, r) => (isTag(r) ? null : <ResponseTime channel={r} />),
    },
    balance: {
      title: t('channel.col_balance'),
      width: 120,
      render: (_, r) =>
        isTag(r) ? (
          <Tag>{renderQuota(r.used_quota, display)}</Tag>
        ) : (
          <BalanceCell channel={r} onUpdate={() => on.balance(r)} />
        ),
    },
    priority: {
      title: t('channel.col_priority'),
      width: 100,
      render: (_, r) =>
        isTag(r) ? (
          <InlineNumber
            value={r.priority}
            min={-999}
            className="gw-tag-priority"
            onSave={(v) => on.tagPriority(r.tag, v)}
          />
        ) : (
          <InlineNumber value={r.priority} className="gw-channel-priority" onSave={(v) => on.priority(r, v)} />
        ),
    },
    weight: {
      title: t('channel.col_weight'),
      width: 100,
      render: (_, r) =>
        isTag(r) ? (
          <InlineNumber value={r.weight} min={0} className="gw-tag-weight" onSave={(v) => on.tagWeight(r.tag, v)} />
        ) : (
          <InlineNumber value={r.weight} className="gw-channel-weight" onSave={(v) => on.weight(r, v)} />
        ),
    },
  };
  const columns = [
    ...CHANNEL_COLUMNS.filter((k) => prefs[k] !== false).map((k) => ({ ...all[k], key: k })),
    {
      key: 'actions',
      title: t('common.actions'),
      fixed: 'right' as const,
      width: 200,
      render: (_: unknown, r: TableRow) => (isTag(r) ? tagActions(r) : channelActions(r)),
    },
  ];

  return (
    <DataTable<TableRow>
      rowKey="rowKey"
      className="gw-channel-table"
      loading={loading}
      columns={columns}
      data={rows}
      scroll={{ x: CHANNEL_TABLE_WIDTH }}
      rowSelection={{
        type: 'checkbox',
        checkStrictly: true,
        selectedRowKeys: selected.map(String),
        checkboxProps: (r) => ({ disabled: isTag(r) }),
        onChange: (keys) =>
          onSelect(
            keys
              .map(String)
              .filter((k) => !k.startsWith('tag:'))
              .map(Number),
          ),
      }}
      pagination={{
        current: page,
        pageSize,
        total,
        sizeCanChange: true,
        sizeOptions: [...PAGE_SIZES],
        showTotal: true,
        onChange: onPage,
      }}
    />
  );
}
