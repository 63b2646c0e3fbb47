import { useState, type Key, type ReactNode } from 'react';
import { Button, Checkbox, Empty, Pagination, Spin, type PaginationProps } from '@arco-design/web-react';
import { tr } from '../i18n';
import { cardLayout } from './card-layout';
import type { DataColumn, DataTableProps } from './DataTable';

type Row = Record<string, unknown>;

function cellValue<T>(col: DataColumn<T>, row: T, index: number): ReactNode {
  const raw = typeof col.dataIndex === 'string' ? (row as Row)[col.dataIndex] : undefined;
  return col.render ? col.render(raw, row, index) : (raw as ReactNode);
}

/** Rows with their tree children after them (tag mode), each with its depth. */
function flatten<T>(rows: readonly T[], childrenKey: string, depth = 0): { row: T; depth: number }[] {
  return rows.flatMap((row) => {
    const children = (row as Row)[childrenKey];
    return [{ row, depth }, ...(Array.isArray(children) ? flatten(children as T[], childrenKey, depth + 1) : [])];
  });
}

/** The phone form of DataTable: one card per row with the title, the fields as label/value lines, then the actions. */
export function CardList<T extends object>({ columns, data = [], rowKey = 'key', className, loading, pagination, rowSelection, expandedRowRender, expandProps, childrenColumnName = 'children', rowClassName }: DataTableProps<T>) {
  const [open, setOpen] = useState<Set<Key>>(new Set());
  const [localPage, setLocalPage] = useState(1);
  const { title, actions, fields } = cardLayout(columns);
  const keyOf = (row: T): Key => (typeof rowKey === 'function' ? rowKey(row) : ((row as Row)[String(rowKey)] as Key));
  const selected = new Set((rowSelection?.selectedRowKeys ?? []).map(String));
  const toggleSelected = (row: T, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(String(keyOf(row)));
    else next.delete(String(keyOf(row)));
    rowSelection?.onChange?.([...next], data.filter((r) => next.has(String(keyOf(r)))));
  };
  const paging = typeof pagination === 'object' ? (pagination as PaginationProps) : null;
  // A pager without a total pages the given rows here (a client-side list such as the price list).
  const local = !!paging && paging.total === undefined;
  const size = paging?.pageSize ?? 10;
  const shown = local ? data.slice((localPage - 1) * size, localPage * size) : data;
  const items = flatten(shown, childrenColumnName);
  const loadingOn = typeof loading === 'object' ? true : !!loading;

  return (
    <Spin loading={loadingOn} block className={`gw-card-list${className ? ` ${className}` : ''}`}>
      {items.length === 0 && <Empty />}
      {items.map(({ row, depth }, index) => {
        const key = keyOf(row);
        const expandable = !!expandedRowRender && expandProps?.rowExpandable?.(row) !== false;
        const checkbox = rowSelection?.checkboxProps?.(row);
        const extraClass = typeof rowClassName === 'function' ? rowClassName(row, index) : '';
        return (
          <div key={key} className={`gw-card-item ${extraClass}`} style={depth ? { marginLeft: depth * 12 } : undefined} data-row-key={String(key)}>
            <div className="gw-card-head">
              {rowSelection && !checkbox?.disabled && (
                <Checkbox checked={selected.has(String(key))} onChange={(on) => toggleSelected(row, on)} />
              )}
              <div className="gw-card-title">{title && cellValue(title, row, index)}</div>
            </div>
            {fields.map((col, i) => {
              const value = cellValue(col, row, index);
              if (value === null || value === undefined || value === '') return null;
              return (
                <div key={String(col.key ?? col.dataIndex ?? i)} className="gw-card-field">
                  <span className="gw-card-label">{col.title as ReactNode}</span>
                  <span className="gw-card-value">{value}</span>
                </div>
              );
            })}
            {expandable && (
              <>
                <Button
                  type="text"
                  size="mini"
                  className="gw-card-expand"
                  onClick={() => setOpen((s) => (s.has(key) ? new Set([...s].filter((k) => k !== key)) : new Set([...s, key])))}
                >
                  {open.has(key) ? tr('common.show_less') : tr('common.details')}
                </Button>
                {open.has(key) && <div className="gw-card-details">{expandedRowRender(row, index)}</div>}
              </>
            )}
            {actions.length > 0 && <div className="gw-card-actions">{actions.map((col, i) => <span key={i}>{cellValue(col, row, index)}</span>)}</div>}
          </div>
        );
      })}
      {paging && (
        <Pagination
          className="gw-card-pagination"
          size="small"
          simple
          current={local ? localPage : paging.current}
          pageSize={size}
          total={local ? data.length : paging.total}
          sizeCanChange={false}
          onChange={local ? setLocalPage : paging.onChange}
        />
      )}
    </Spin>
  );
}
