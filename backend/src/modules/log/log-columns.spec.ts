import { getMetadataArgsStorage } from 'typeorm';
import { LogEntity } from '../../database/entities';
import { LOG_COLUMNS, logValues } from './log-columns';

describe('log columns of raw inserts', () => {
  it('are exactly the columns of LogEntity but the generated id', () => {
    const entityColumns = getMetadataArgsStorage()
      .columns.filter((c) => c.target === LogEntity)
      .map((c) => c.options.name ?? c.propertyName)
      .filter((name) => name !== 'id');
    expect([...LOG_COLUMNS].sort()).toEqual(entityColumns.sort());
  });

  it('give one value per column, with the entity defaults and booleans as 0/1', () => {
    const values = logValues({ type: 2, user_id: 7, is_stream: true, quota: 5 }, 1234);
    expect(values).toHaveLength(LOG_COLUMNS.length);
    const row = Object.fromEntries(LOG_COLUMNS.map((c, i) => [c, values[i]]));
    expect(row).toMatchObject({
      user_id: 7,
      type: 2,
      created_at: 1234,
      is_stream: 1,
      quota: 5,
      content: '',
      other: null,
      request_id: '',
    });
  });

  it('keep a record of its own time', () => {
    const values = logValues({ type: 2, user_id: 1, created_at: 99 }, 1234);
    expect(values[LOG_COLUMNS.indexOf('created_at')]).toBe(99);
  });
});
