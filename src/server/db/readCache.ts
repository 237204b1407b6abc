/**
 * Reads kept in memory by key, per database pool: a desk context per floorplan and configuration
 * version, the desks of a published layout, the room catalogue. Keys name versions (configuration
 * version, layout updated_at), so a stale entry is never asked for again and simply ages out.
 *
 * - Per pool (a WeakMap): two pools on two databases (tests, tools) never share an entry, even where
 *   their version numbers coincide.
 * - Promises, not values: the many requests that arrive together after a change share one read.
 * - A failed read is not kept: the next request tries again.
 * - At most `max` entries per pool; the oldest goes first.
 */
export class ReadCache<T> {
  private readonly byPool = new WeakMap<object, Map<string, Promise<T>>>();

  constructor(private readonly max: number) {}

  get(pool: object, key: string, read: () => Promise<T>): Promise<T> {
    let entries = this.byPool.get(pool);
    if (!entries) this.byPool.set(pool, (entries = new Map()));
    const hit = entries.get(key);
    if (hit) return hit;
    const loading = read();
    if (entries.size >= this.max) entries.delete(entries.keys().next().value!);
    entries.set(key, loading);
    const kept = entries;
    loading.catch(() => { if (kept.get(key) === loading) kept.delete(key); });
    return loading;
  }
}
