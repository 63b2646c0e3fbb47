/**
 * A read-through cache of database rows. The relay reads through this contract only, so a shared
 * (Redis) implementation can replace the in-memory one when several nodes run.
 */
export interface ReadThroughCache<K, V> {
  /**
   * The cached value, null when known absent, undefined when not cached. Never touches the database.
   * Each call is one lookup for the hit/miss metrics.
   */
  peek(key: K): V | null | undefined;
  /** The cached value or one load shared by concurrent callers. */
  get(key: K): Promise<V | null>;
  invalidate(key: K): void;
  /** Replaces a cached value (e.g. a balance after a reservation); no-op when not cached. */
  update(key: K, fn: (v: V) => V): void;
  /** Reloads every cached key in bulk and forgets entries idle for longer than the idle limit. */
  refresh(): Promise<void>;
}

/** Loads rows by key; absent keys are missing from the map. */
export type BulkLoader<K, V> = (keys: readonly K[]) => Promise<Map<K, V>>;

interface Entry<V> {
  value: V | null;
  usedAt: number;
}

export interface MemoryCacheOptions<K, V> {
  /** Entries unused for this long are dropped on refresh. */
  idleMs: number;
  /** At most this many "absent" answers are remembered (cheap refusal of unknown keys). */
  maxNegative: number;
  /** Keys per bulk read of refresh(). */
  refreshChunk?: number;
  /**
   * refresh()'s bulk reads, when they should not go through `load` (e.g. a reader off the event loop);
   * the same rows for the same keys.
   */
  reload?: BulkLoader<K, V>;
  /**
   * Told whether each peek() found the key cached (metrics; must be cheap). The relay peeks before it
   * reads through, so a get() after a missed peek is that miss's load and is not counted again.
   */
  observe?: (hit: boolean) => void;
}

/** In-memory implementation, sized by the keys actually in use. */
export class MemoryReadThroughCache<K, V> implements ReadThroughCache<K, V> {
  private readonly entries = new Map<K, Entry<V>>();
  private readonly loading = new Map<K, Promise<V | null>>();
  private negatives = 0;
  /**
   * Keys invalidated or updated while a bulk refresh was in flight. Its rows may have been read before
   * that change, so they are not stored: an invalidated key stays dropped, an updated one is dropped
   * too and read again on its next use.
   */
  private changedDuringRefresh: Set<K> | null = null;

  constructor(
    private readonly load: BulkLoader<K, V>,
    private readonly opts: MemoryCacheOptions<K, V>,
  ) {}

  peek(key: K): V | null | undefined {
    const cached = this.cached(key);
    this.opts.observe?.(cached !== undefined);
    return cached;
  }

  private cached(key: K): V | null | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    e.usedAt = Date.now();
    return e.value;
  }

  get(key: K): Promise<V | null> {
    const cached = this.cached(key);
    if (cached !== undefined) return Promise.resolve(cached);
    let pending = this.loading.get(key);
    if (!pending) {
      pending = this.load([key]).then(
        (rows) => {
          const value = rows.get(key) ?? null;
          if (this.loading.get(key) === pending) {
            this.loading.delete(key);
            this.store(key, value);
          }
          return value;
        },
        (err: unknown) => {
          if (this.loading.get(key) === pending) this.loading.delete(key);
          throw err;
        },
      );
      this.loading.set(key, pending);
    }
    return pending;
  }

  invalidate(key: K): void {
    const e = this.entries.get(key);
    if (e && e.value === null) this.negatives--;
    this.entries.delete(key);
    this.loading.delete(key);
    this.changedDuringRefresh?.add(key);
  }

  update(key: K, fn: (v: V) => V): void {
    const e = this.entries.get(key);
    if (e && e.value !== null) {
      e.value = fn(e.value);
      this.changedDuringRefresh?.add(key);
    }
  }

  async refresh(): Promise<void> {
    const idleBefore = Date.now() - this.opts.idleMs;
    const keys: K[] = [];
    for (const [k, e] of this.entries) {
      if (e.value === null || e.usedAt < idleBefore) this.invalidate(k);
      else keys.push(k);
    }
    const chunk = this.opts.refreshChunk ?? 500;
    const reload = this.opts.reload ?? this.load;
    const changed = (this.changedDuringRefresh = new Set());
    try {
      for (let i = 0; i < keys.length; i += chunk) {
        const part = keys.slice(i, i + chunk);
        const rows = await reload(part);
        for (const k of part) {
          const e = this.entries.get(k);
          if (!e) continue;
          const v = rows.get(k);
          if (v === undefined || changed.has(k)) this.invalidate(k);
          else e.value = v;
        }
        changed.clear();
      }
    } finally {
      this.changedDuringRefresh = null;
    }
  }

  get size(): number {
    return this.entries.size;
  }

  private store(key: K, value: V | null): void {
    if (value === null) {
      if (this.negatives >= this.opts.maxNegative) return;
      this.negatives++;
    }
    this.entries.set(key, { value, usedAt: Date.now() });
  }
}
