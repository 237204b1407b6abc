import type pg from 'pg';
import { AppError } from './errors.js';

/**
 * Calls limited per person and minute (reads of who is in, series, uploads, exports of calendars …), counted in PostgreSQL so every instance counts the same reads
 * (as sign-in and check-in limits are). A fixed one-minute window in one statement: the person's row
 * starts over when its minute has passed, so the table holds one row per person and read kind.
 */
const COUNT_SQL = `
  INSERT INTO read_limits AS r (key, window_start, reads) VALUES ($1, date_trunc('minute', now()), 1)
  ON CONFLICT (key) DO UPDATE SET
    window_start = date_trunc('minute', now()),
    reads = CASE WHEN r.window_start = date_trunc('minute', now()) THEN r.reads + 1 ELSE 1 END
  RETURNING reads`;

export const TOO_MANY_READS = 'Too many requests. Please wait a minute and try again.';

/** Counts one read of `kind` by `userId`; throws 429 past `perMinute` in the current minute. */
export async function countRead(pool: pg.Pool, kind: string, userId: number, perMinute: number): Promise<void> {
  const { rows } = await pool.query<{ reads: number }>({ name: 'count_read', text: COUNT_SQL, values: [`${kind}:${userId}`] });
  if ((rows[0]?.reads ?? 0) > perMinute) throw new AppError('TOO_MANY_ATTEMPTS', TOO_MANY_READS);
}
