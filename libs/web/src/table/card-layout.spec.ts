import { cardLayout } from './card-layout';
import type { DataColumn } from './DataTable';

type Row = { id: number };
const col = (key: string, extra: Partial<DataColumn<Row>> = {}): DataColumn<Row> => ({ key, title: key, ...extra });

describe('cardLayout: where each column of a list goes on a phone card', () => {
  it('the first column heads the card, the actions column ends it, the rest are field lines', () => {
    const l = cardLayout([col('name'), col('key'), col('status'), col('actions')]);
    expect([l.title?.key, l.actions.map((c) => c.key), l.fields.map((c) => c.key)]).toEqual(['name', ['actions'], ['key', 'status']]);
  });

  it('a column marked title heads it wherever it stands; hidden columns are left out; card: actions ends it', () => {
    const l = cardLayout([col('id'), col('name', { card: 'title' }), col('secret', { card: 'hide' }), col('ops', { card: 'actions' }), col('time')]);
    expect([l.title?.key, l.actions.map((c) => c.key), l.fields.map((c) => c.key)]).toEqual(['name', ['ops'], ['id', 'time']]);
  });
});
