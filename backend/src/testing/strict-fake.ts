import type { EntityManager } from 'typeorm';

/** Properties test tooling probes on any object (awaiting it, printing it); reading them is no use of the fake. */
const PROBES = new Set(['then', 'asymmetricMatch', '$$typeof', 'nodeType', 'toJSON', 'constructor', 'tagName', '@@__IMMUTABLE_ITERABLE__@@', '@@__IMMUTABLE_RECORD__@@']);

/**
 * Wraps a fake so that reading any member it does not define throws: a test never passes because a
 * dependency quietly returned undefined. Cast the result to the real type where the code wants it.
 */
export function strictFake<T extends object>(name: string, impl: T): T {
  return new Proxy(impl, {
    get(target, prop, receiver) {
      if (typeof prop === 'symbol' || prop in target || PROBES.has(prop)) return Reflect.get(target, prop, receiver);
      throw new Error(`${name}.${prop} is not implemented by this fake`);
    },
  });
}

/** For members a fake declares (to satisfy the interface) but does not model. */
export function notImplemented(name: string): never {
  throw new Error(`${name} is not implemented by this fake`);
}

/** The error a unique key violation gives (isUniqueViolation recognises it). */
export function uniqueViolation(what: string): Error {
  return Object.assign(new Error(`UNIQUE constraint failed: ${what}`), { code: 'SQLITE_CONSTRAINT_UNIQUE' });
}

/** The transaction handle fake repositories pass to the work (the services only hand it on). */
export const FAKE_TX = Object.freeze({ fakeTransaction: true }) as unknown as EntityManager;
