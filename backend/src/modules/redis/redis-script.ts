import type Redis from 'ioredis';

/** A Lua script on one connection: one round trip per call (EVALSHA, EVAL again after a Redis restart). */
export type RedisScript = (keys: readonly string[], args: readonly (string | number)[]) => Promise<unknown>;

type ScriptCaller = (numberOfKeys: number, ...keysAndArgs: (string | number)[]) => Promise<unknown>;

/**
 * Defines `lua` on `client` as the command `name` (ioredis caches its SHA and resends the source when
 * Redis has forgotten it) and returns a typed caller. Defining the same name twice is harmless.
 */
export function defineScript(client: Redis, name: string, lua: string): RedisScript {
  client.defineCommand(name, { lua });
  const call = (client as unknown as Record<string, ScriptCaller>)[name].bind(client);
  return (keys, args) => call(keys.length, ...keys, ...args);
}
