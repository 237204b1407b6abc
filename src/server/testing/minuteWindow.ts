import type pg from 'pg';

/**
 * Per-minute limits count in the database's current minute (http/perPersonLimit.ts). A test that
 * makes the allowed number of calls and expects the next to be refused would see the count start over
 * if the minute ended halfway: so it first waits, when fewer than `neededSeconds` are left in this
 * minute by the database's clock, for the next minute to begin.
 */
export async function awayFromMinuteEnd(pool: pg.Pool, neededSeconds = 15): Promise<void> {
  const { rows } = await pool.query<{ left: number }>("SELECT 60 - extract(epoch FROM now() - date_trunc('minute', now()))::float8 AS left");
  const left = rows[0]!.left;
  if (left < neededSeconds) await new Promise((r) => setTimeout(r, left * 1000 + 100));
}
