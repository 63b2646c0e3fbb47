import type { EntityManager } from 'typeorm';

/**
 * Helpers for the unit tier's fakes (services tested against in-memory repositories; the api tier
 * covers the real databases). A fake is strict: touching a member it does not implement throws at
 * once, so a service that starts using a new repository method fails its specs loudly instead of
 * running against `undefined`.
 */

/** The public members of a class: what a fake of it implements (TypeScript's `private` excluded). */
export type Public<T> = { [K in keyof T]: T[K] };

/** Members asked for by promise resolution, jest's matchers and printers, never by service code. */
const PROBES = new Set<PropertyKey>([
  'then',
  'asymmetricMatch',
  'toJSON',
  'nodeType',
  'tagName',
  '$$typeof',
  'constructor',
  '@@__IMMUTABLE_ITERABLE__@@',
  '@@__IMMUTABLE_RECORD__@@',
]);

/**
 * Wraps `impl` so that reading any member it lacks throws "<name>.<member> is not implemented by
 * this fake". `optional` lists members the real interface marks optional (they read as undefined).
 */
export function strictFake<T extends object>(name: string, impl: T, optional: readonly PropertyKey[] = []): T {
  return new Proxy(impl, {
    get(target, prop, receiver) {
      if (prop in target) return Reflect.get(target, prop, receiver) as unknown;
      if (typeof prop === 'symbol' || PROBES.has(prop) || optional.includes(prop)) return undefined;
      throw new Error(`${name}.${prop} is not implemented by this fake`);
    },
  });
}

/** Hands a fake to a constructor that is typed with the real class (they differ only in private members). */
export function asReal<T>(fake: Public<T>): T {
  return fake as T;
}

/**
 * A strict fake of a collaborator the service under test uses only in part (a config, another
 * service): the members given, and a throw for any other.
 */
export function partialFake<T extends object>(name: string, impl: Partial<T>): T {
  return strictFake(name, impl as T);
}

/** For members a fake declares (to satisfy the interface) but does not model. */
export function notImplemented(name: string): never {
  throw new Error(`${name} is not implemented by this fake`);
}

/** The error a database raises for a duplicate unique key (isUniqueViolation recognises its code). */
export function uniqueViolation(table: string, column?: string): Error {
  const what = column ? `${table}.${column}` : table;
  return Object.assign(new Error(`UNIQUE constraint failed: ${what}`), { code: 'SQLITE_CONSTRAINT_UNIQUE' });
}

/** The transaction handle fake repositories pass to the work (the services only hand it on). */
export const FAKE_TX = Object.freeze({ fakeTransaction: true }) as unknown as EntityManager;
