import type pg from 'pg';

/**
 * Waits until some connection of this test's database waits for a lock: the moment a race test has
 * made the request under test queue behind a transaction it holds open, so it can commit that
 * transaction and prove what the request does when it wakes. Throws after ~5 s.
 */
export async function waitForLockWait(pool: pg.Pool, what = 'the request'): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const { rows } = await pool.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()");
    if (rows[0].n > 0) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`${what} never waited for a lock`);
}
