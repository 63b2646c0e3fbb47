/**
 * Which table columns are shown, remembered in localStorage as a JSON object of column key → boolean
 * (e.g. `logs-table-columns`, the channel columns). Pure, so the parsing is unit-tested.
 */
export type ColumnPrefs = Record<string, boolean>;

/** Every key visible unless listed in `hidden`. */
export function defaultColumnPrefs(keys: readonly string[], hidden: readonly string[] = []): ColumnPrefs {
  return Object.fromEntries(keys.map((k) => [k, !hidden.includes(k)]));
}

/**
 * The stored choice for exactly `keys`: unparseable or non-object JSON falls back to the defaults;
 * a key missing from the stored object (a column added later) takes its default; unknown keys and
 * non-boolean values are ignored; `forced` keys are always false (admin-only columns for users).
 */
export function parseColumnPrefs(raw: string | null | undefined, defaults: ColumnPrefs, forced: readonly string[] = []): ColumnPrefs {
  let stored: unknown = null;
  try {
    stored = raw ? JSON.parse(raw) : null;
  } catch {
    stored = null;
  }
  const obj = stored && typeof stored === 'object' && !Array.isArray(stored) ? (stored as Record<string, unknown>) : {};
  const out: ColumnPrefs = {};
  for (const [key, def] of Object.entries(defaults)) {
    const v = obj[key];
    out[key] = forced.includes(key) ? false : typeof v === 'boolean' ? v : def;
  }
  return out;
}
