import { Table, type TableColumnProps, type TableProps } from '@arco-design/web-react';
import { useIsMobile } from '../hooks/useIsMobile';
import { CardList } from './CardList';
import './tables.css';

/**
 * A column of a list page. On a phone the same columns fill a card per row (CardList): `card` says where
 * this one goes — 'title' heads the card (default: the first column), 'actions' ends it (default: the
 * column keyed 'actions'), 'hide' leaves it out; the others are label/value lines.
 */
export type DataColumn<T> = TableColumnProps<T> & { card?: 'title' | 'actions' | 'hide' };

export type DataTableProps<T> = Omit<TableProps<T>, 'columns'> & { columns: DataColumn<T>[] };

/**
 * The console's list table (docs/console.md#tables): an Arco table with compact cells above the mobile
 * width, a card list at or below it, driven by the same columns, rows, pagination and selection.
 */
export function DataTable<T extends object>(props: DataTableProps<T>) {
  const mobile = useIsMobile();
  if (mobile) return <CardList {...props} />;
  const { className, columns, ...rest } = props;
  return <Table<T> {...rest} columns={columns} className={`gw-data-table${className ? ` ${className}` : ''}`} />;
}
