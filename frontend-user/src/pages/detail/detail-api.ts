/** The dashboard's calls: usage rows (admins /api/data/, others /api/data/self/), the caller, and RPM/TPM. */
import type { LogStat, QuotaDataRow, UserView } from '@gw/shared';
import { api, withQuery } from '@gw/web';

export async function usageRows(admin: boolean, q: Record<string, string | number>): Promise<QuotaDataRow[]> {
  return (await api.get<QuotaDataRow[] | null>(withQuery(admin ? '/api/data/' : '/api/data/self/', q))) ?? [];
}

export const selfUser = () => api.get<UserView>('/api/user/self');

/** Requests and tokens of the last minute: the caller's own, or (admins) everyone's or one user's. */
export async function lastMinute(admin: boolean, username: string): Promise<{ rpm: number; tpm: number }> {
  // Bounded to the last minute, so the quota sum the stat also computes reads only recent rows.
  const since = Math.floor(Date.now() / 1000) - 60;
  const path = withQuery(admin ? '/api/log/stat' : '/api/log/self/stat', { type: 2, start_timestamp: since, username: admin ? username.trim() || undefined : undefined });
  const s = await api.get<Partial<LogStat> | null>(path, { quiet: true });
  return { rpm: Number(s?.rpm) || 0, tpm: Number(s?.tpm) || 0 };
}
