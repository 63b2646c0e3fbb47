import type { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';

/**
 * Rows per statement: ~1 ms of SQLite work for the widest rows written here (a redemption code has
 * 14 columns), and well under SQLite's 32,766 bound values.
 */
export const ROWS_PER_STATEMENT = 100;

/**
 * Inserts `rows` of one entity through `manager` (inside its transaction, if it has one) in multi-row
 * statements of at most `perStatement` rows, and reads nothing back. On SQLite the write queue gives
 * the event loop a turn between statements when they run long (database/sqlite-write-queue.ts).
 *
 * The columns are those the first row gives a value; every row must give the same. Values are
 * converted by the driver as TypeORM's own inserts convert them. TypeORM's insert builder is not used
 * here: it spends a few µs building SQL per value and then reads default columns back, which cost
 * ~0.5 s for 10,000 routing rows (docs/channel-types.md, "Writing many rows").
 */
export async function insertRows<E extends ObjectLiteral>(
  manager: EntityManager,
  entity: EntityTarget<E>,
  rows: readonly Partial<E>[],
  perStatement = ROWS_PER_STATEMENT,
): Promise<void> {
  if (rows.length === 0) return;
  const meta = manager.connection.getMetadata(entity);
  const driver = manager.connection.driver;
  const columns = meta.columns.filter((c) => rows[0][c.propertyName] !== undefined);
  const names = new Set(columns.map((c) => c.propertyName));
  const head = `INSERT INTO ${driver.escape(meta.tableName)} (${columns.map((c) => driver.escape(c.databaseName)).join(', ')}) VALUES `;
  const tuple = `(${columns.map(() => '?').join(', ')})`;
  for (let start = 0; start < rows.length; start += perStatement) {
    const slice = rows.slice(start, start + perStatement);
    const params: unknown[] = [];
    for (const row of slice) {
      if (meta.columns.some((c) => (row[c.propertyName] !== undefined) !== names.has(c.propertyName)))
        throw new Error(`insertRows(${meta.tableName}): every row must set the same columns`);
      for (const c of columns) params.push(driver.preparePersistentValue(row[c.propertyName], c));
    }
    await manager.query(head + Array(slice.length).fill(tuple).join(', '), params);
  }
}
