import { describe, expect, it } from 'vitest';
import { ReadCache } from './readCache.js';

describe('read cache', () => {
  it('reads a key once, and concurrent requests for it share that read', async () => {
    const cache = new ReadCache<number>(10);
    const pool = {};
    let reads = 0;
    const read = () => new Promise<number>((resolve) => { reads++; setTimeout(() => resolve(42), 5); });
    const [a, b] = await Promise.all([cache.get(pool, 'k', read), cache.get(pool, 'k', read)]);
    expect([a, b, await cache.get(pool, 'k', read)]).toEqual([42, 42, 42]);
    expect(reads).toBe(1);
  });

  it('keeps the entries of two pools apart, even under the same key', async () => {
    const cache = new ReadCache<string>(10);
    const one = {}, two = {};
    expect(await cache.get(one, 'v1', async () => 'first database')).toBe('first database');
    expect(await cache.get(two, 'v1', async () => 'second database')).toBe('second database');
    expect(await cache.get(one, 'v1', async () => 'not read')).toBe('first database');
  });

  it('does not keep a failed read: the next request reads again', async () => {
    const cache = new ReadCache<number>(10);
    const pool = {};
    await expect(cache.get(pool, 'k', async () => { throw new Error('database down'); })).rejects.toThrow('database down');
    expect(await cache.get(pool, 'k', async () => 7)).toBe(7);
  });

  it('holds at most max entries per pool, dropping the oldest', async () => {
    const cache = new ReadCache<string>(2);
    const pool = {};
    for (const k of ['a', 'b', 'c']) await cache.get(pool, k, async () => `${k} read 1`);
    expect(await cache.get(pool, 'c', async () => 'c read 2')).toBe('c read 1');
    expect(await cache.get(pool, 'a', async () => 'a read 2')).toBe('a read 2');
  });
});
