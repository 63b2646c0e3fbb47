import type { QueryRunner } from 'typeorm';

export interface DriverQueries {
  sqlite: string[];
  mysql: string[];
}

/** Runs the statements written for the connected driver. */
export async function runForDriver(q: QueryRunner, queries: DriverQueries): Promise<void> {
  const list = q.connection.options.type === 'mysql' ? queries.mysql : queries.sqlite;
  for (const sql of list) await q.query(sql);
}
