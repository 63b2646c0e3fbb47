import { randomBytes } from 'node:crypto';
import type { ApiResponse } from './api-client';
import type { Db } from './relay-fixtures';

/**
 * Unique marker strings planted as secrets, and the check that none of them turns up where it must
 * not. Each marker is found by its head (its first characters), so a copy cut short by a length limit
 * still counts as a leak.
 */
export class Markers {
  private readonly needles = new Map<string, string>();

  /** A new marker for `label` (letters and digits only, so it fits every secret field), at most `max` long. */
  make(label: string, max = 64): string {
    const head = `m${randomBytes(6).toString('hex')}x`;
    this.needles.set(head, label);
    return `${head}${label.replace(/[^A-Za-z0-9]/g, '')}`.slice(0, Math.max(max, head.length));
  }

  /** A secret the server generated (access token, API key): found by `needle`, a distinctive part of it. */
  add(label: string, needle: string): void {
    if (needle.length < 12) throw new Error(`needle for ${label} too short to be unique`);
    this.needles.set(needle, label);
  }

  get size(): number {
    return this.needles.size;
  }

  /** Labels of the markers `text` carries, `allowed` labels aside. */
  foundIn(text: string, allowed: readonly string[] = []): string[] {
    const found: string[] = [];
    for (const [needle, label] of this.needles)
      if (!allowed.includes(label) && text.includes(needle)) found.push(label);
    return found;
  }
}

/** Responses recorded during a workload, each with the marker labels it may legitimately carry. */
export class ResponseLog {
  readonly entries: { what: string; text: string; allowed: readonly string[] }[] = [];

  record(what: string, res: Pick<ApiResponse, 'status' | 'body' | 'headers'>, allowed: readonly string[] = []): void {
    const headers = [...res.headers].map(([k, v]) => `${k}: ${v}`).join('\n');
    const body = typeof res.body === 'string' ? res.body : JSON.stringify(res.body ?? null);
    this.entries.push({ what, text: `${res.status}\n${headers}\n${body}`, allowed });
  }

  /** "what: labels" for every response that carries a marker it must not. */
  leaks(markers: Markers): string[] {
    return this.entries.flatMap((e) => {
      const found = markers.foundIn(e.text, e.allowed);
      return found.length ? [`${e.what}: ${found.join(', ')}`] : [];
    });
  }
}

/** Every row of every table, as text per table (SQLite or MariaDB). */
export async function dumpTables(db: Db, sqlite: boolean): Promise<Record<string, string>> {
  const names = sqlite
    ? await db.all<{ name: string }>(`SELECT name FROM sqlite_master WHERE type = 'table'`)
    : await db.all<{ name: string }>(
        `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE()`,
      );
  const out: Record<string, string> = {};
  for (const { name } of names) out[name] = JSON.stringify(await db.all(`SELECT * FROM "${name}"`));
  return out;
}
