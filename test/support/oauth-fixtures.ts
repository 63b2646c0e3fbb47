import { createHash, createHmac } from 'node:crypto';
import type { ApiClient, ApiResponse } from './api-client';
import { Db, eventually } from './relay-fixtures';
import type { TestApp } from './test-app';

export type RedirectProvider = 'github' | 'oidc' | 'linuxdo';

/** `GET /api/oauth/{provider}/start` as the console's button navigates to it: the authorize URL it redirects to. */
export async function startSignIn(client: ApiClient, provider: RedirectProvider, aff = ''): Promise<URL> {
  const res = await client.navigate(`/api/oauth/${provider}/start${aff ? `?aff=${encodeURIComponent(aff)}` : ''}`);
  if (res.status !== 302 || !res.location) throw new Error(`start ${provider}: ${res.status} ${res.body}`);
  return new URL(res.location);
}

/** Follows an authorize URL at a stand-in that sends the browser straight back: the callback page URL. */
export async function followAuthorize(authorizeUrl: URL): Promise<URL> {
  const res = await fetch(authorizeUrl, { redirect: 'manual' });
  const location = res.headers.get('location');
  if (res.status !== 302 || !location) throw new Error(`authorize: ${res.status} ${await res.text()}`);
  return new URL(location);
}

/**
 * What the console's `/oauth/{provider}` page does with the provider's redirect: passes its query to
 * `GET /api/oauth/{provider}`. After a sign-in the client sends New-Api-User, as the console does.
 */
export async function finishSignIn(client: ApiClient, provider: RedirectProvider, back: URL): Promise<ApiResponse> {
  const res = await client.get(`/api/oauth/${provider}?${back.searchParams.toString()}`);
  if (res.body?.success && typeof res.body.data?.id === 'number')
    client.headers['new-api-user'] = String(res.body.data.id);
  return res;
}

/**
 * Writes option rows straight into the database (values the option API refuses, such as loopback OIDC
 * URLs: the outbound rule), then waits until the app, started with SYNC_FREQUENCY=1, has reloaded them:
 * `ready` must turn true. The rows go in with one INSERT, so a reload sees all of them or none: `ready`
 * may then look at one of them only (a reload between two INSERTs once gave the relay a WorkerUrl
 * without its WorkerValidKey).
 */
export async function writeOptionRows(
  t: TestApp,
  rows: Record<string, string>,
  ready: () => Promise<boolean>,
): Promise<void> {
  const db = Db.open(t);
  try {
    const entries = Object.entries(rows);
    const marks = (n: number, each: string) => Array.from({ length: n }, () => each).join(', ');
    await db.exec(`DELETE FROM options WHERE "key" IN (${marks(entries.length, '?')})`, Object.keys(rows));
    await db.exec(`INSERT INTO options ("key", "value") VALUES ${marks(entries.length, '(?, ?)')}`, entries.flat());
  } finally {
    db.close();
  }
  if (!(await eventually(ready, 20_000))) throw new Error('options were not reloaded');
}

/** The Telegram login widget's data for `fields`, signed with the bot token (`hash`). */
export function telegramData(botToken: string, fields: Record<string, string | number>): Record<string, string> {
  const data = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)]));
  const text = Object.keys(data)
    .sort()
    .map((k) => `${k}=${data[k]}`)
    .join('\n');
  const key = createHash('sha256').update(botToken).digest();
  return { ...data, hash: createHmac('sha256', key).update(text).digest('hex') };
}

/** A user row's identity columns and status, read from the database. */
export async function userRow(t: TestApp, id: number): Promise<Record<string, any>> {
  const db = Db.open(t);
  try {
    return await db.one('SELECT * FROM users WHERE id = ?', [id]);
  } finally {
    db.close();
  }
}
