import { describe, expect, it } from 'vitest';
import { LookupBatcher } from './lookupBatcher.js';

/** A lookup whose statements are held until released, to see how keys were grouped. */
function heldLookups(rows: Record<string, number>) {
  const statements: { keys: string[]; release: (fail?: Error) => void }[] = [];
  const batcher = new LookupBatcher<string, number>((keys) => new Promise((resolve, reject) => {
    statements.push({ keys, release: (fail) => (fail ? reject(fail) : resolve(new Map(keys.filter((k) => k in rows).map((k) => [k, rows[k]!])))) });
  }), 2);
  return { batcher, statements };
}
const tick = () => new Promise((r) => setTimeout(r, 0));

describe('lookup batcher', () => {
  it('sends a lookup at once when nothing is in flight, and answers undefined for a key with no row', async () => {
    const { batcher, statements } = heldLookups({ a: 1 });
    const a = batcher.get('a');
    expect(statements.map((s) => s.keys)).toEqual([['a']]);
    statements[0]!.release();
    expect(await a).toBe(1);
    const missing = batcher.get('zz');
    statements[1]!.release();
    expect(await missing).toBeUndefined();
  });

  it('groups what arrives while statements are in flight into one statement, each caller getting its own row', async () => {
    const rows = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`k${i}`, i]));
    const { batcher, statements } = heldLookups(rows);
    const first = [batcher.get('k0'), batcher.get('k1')];
    const queued = ['k2', 'k3', 'k3', 'nobody', ...Array.from({ length: 10 }, (_, i) => `k${i + 10}`)].map((k) => batcher.get(k));
    expect(statements.map((s) => s.keys)).toEqual([['k0'], ['k1']]); // at most two in flight
    statements[0]!.release();
    await tick();
    // The queued keys go out together, each once.
    expect(statements[2]!.keys).toEqual(['k2', 'k3', 'nobody', ...Array.from({ length: 10 }, (_, i) => `k${i + 10}`)]);
    statements[1]!.release();
    statements[2]!.release();
    expect(await Promise.all(first)).toEqual([0, 1]);
    expect(await Promise.all(queued)).toEqual([2, 3, 3, undefined, ...Array.from({ length: 10 }, (_, i) => i + 10)]);
    expect(batcher.stats).toEqual({ statements: 3, keys: 16 });
  });

  it('fails only the lookups of a statement that failed, and goes on with the next', async () => {
    const { batcher, statements } = heldLookups({ a: 1, b: 2, c: 3 });
    const a = batcher.get('a');
    const b = batcher.get('b');
    const c = batcher.get('c');
    statements[0]!.release(new Error('connection lost'));
    await expect(a).rejects.toThrow('connection lost');
    await tick();
    statements[1]!.release();
    statements[2]!.release();
    expect(await b).toBe(2);
    expect(await c).toBe(3);
  });
});
