import type { DataColumn } from './DataTable';

/** Where each column goes on a card: title, actions, hidden or a field line. */
export function cardLayout<T>(columns: DataColumn<T>[]) {
  const shown = columns.filter((c) => c.card !== 'hide');
  const isActions = (c: DataColumn<T>) => c.card === 'actions' || (c.card === undefined && c.key === 'actions');
  const title = shown.find((c) => c.card === 'title') ?? shown.find((c) => !isActions(c));
  const actions = shown.filter(isActions);
  const fields = shown.filter((c) => c !== title && !actions.includes(c));
  return { title, actions, fields };
}
