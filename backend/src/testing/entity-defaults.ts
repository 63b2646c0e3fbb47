import { getMetadataArgsStorage } from 'typeorm';

/**
 * The row an insert of `{}` would store, from the entity's column metadata: each column's default,
 * null for nullable columns without one (primary keys are left out). Fakes start new rows from it.
 */
export function entityDefaults<T>(entity: new () => T): Partial<T> {
  const row: Record<string, unknown> = {};
  for (const c of getMetadataArgsStorage().columns) {
    if (c.target !== entity || c.options.primary) continue;
    const def = c.options.default;
    if (def !== undefined) row[c.propertyName] = typeof def === 'function' ? undefined : def;
    else if (c.options.nullable) row[c.propertyName] = null;
  }
  return row as Partial<T>;
}
