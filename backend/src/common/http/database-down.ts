/** Errors that mean the database cannot be reached right now: answered 503, never 401/403. */
const DB_DOWN_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'PROTOCOL_CONNECTION_LOST',
  'ER_CON_COUNT_ERROR',
  'ER_ACCESS_DENIED_ERROR',
  'SQLITE_BUSY',
  'SQLITE_CANTOPEN',
  'SQLITE_IOERR',
]);

export function isDatabaseDown(err: unknown): boolean {
  const e = err as { code?: string; driverError?: { code?: string }; message?: string };
  const code = e?.driverError?.code ?? e?.code;
  if (code && DB_DOWN_CODES.has(code)) return true;
  return /Connection is not established|Pool is closed|connection.*closed|database connection/i.test(e?.message ?? '');
}
