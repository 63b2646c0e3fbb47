import { AsyncLocalStorage } from 'node:async_hooks';

const scope = new AsyncLocalStorage<string>();

/** Runs `fn` as the work of relay request `requestId`: log lines written inside carry the id. */
export function inRequestScope<T>(requestId: string, fn: () => T): T {
  return scope.run(requestId, fn);
}

/** The id of the relay request being served, if any. */
export function currentRequestId(): string | undefined {
  return scope.getStore();
}
