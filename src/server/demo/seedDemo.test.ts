import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { createTestDatabase } from '../testing/testApp.js';
import { createPool } from '../db/pool.js';
import { seedDemo } from './seedDemo.js';

// `--demo` on several instances started at once: each runs seedDemo on its own connections.
describe('the demo organisation when instances start together', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let pools: pg.Pool[];
  beforeAll(async () => {
    db = await createTestDatabase();
    pools = [1, 2, 3].map(() => createPool(db.url, 2));
  });
  afterAll(async () => {
    await Promise.all(pools.map((p) => p.end()));
    await db.drop();
  });

  const count = async (sql: string) => (await db.pool.query<{ n: number }>(sql)).rows[0]!.n;

  it('is created exactly once and every instance prints the same people', async () => {
    const printed = await Promise.all(pools.map((pool) => seedDemo(pool, 'Europe/London')));
    expect(printed[1]).toEqual(printed[0]);
    expect(printed[2]).toEqual(printed[0]);
    expect(await count(`SELECT count(*)::int AS n FROM sites`)).toBe(2);
    expect(await count(`SELECT count(*)::int AS n FROM rooms`)).toBe(5);
    expect(await count(`SELECT count(*)::int AS n FROM floorplans`)).toBe(1);
    expect(await count(`SELECT count(*)::int AS n FROM users WHERE email_key LIKE '%@demo.hotdesk'`)).toBe(6);
    expect(await count(`SELECT count(*)::int AS n FROM access_grants`)).toBe(2);
  });

  it('a later start together again adds nothing', async () => {
    await Promise.all(pools.map((pool) => seedDemo(pool, 'Europe/London')));
    expect(await count(`SELECT count(*)::int AS n FROM sites`)).toBe(2);
    expect(await count(`SELECT count(*)::int AS n FROM users WHERE email_key LIKE '%@demo.hotdesk'`)).toBe(6);
  });
});
