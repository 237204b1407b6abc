import type pg from 'pg';
import { AppError } from './errors.js';

/**
 * Calls limited per person and window (reads of who is in, series, uploads, exports of calendars, downloads of
 * one's own data …), counted in PostgreSQL so every instance counts the same calls (as sign-in and check-in limits
 * are). A fixed window (a minute unless the caller names an hour) in one statement: the person's row starts over
 * when its window has passed, so the table holds one row per person and kind.
 */
const COUNT_SQL = `
  INSERT INTO read_limits AS r (key, window_start, reads) VALUES ($1, date_trunc($2, now()), 1)
  ON CONFLICT (key) DO UPDATE SET
    window_start = date_trunc($2, now()),
    reads = CASE WHEN r.window_start = date_trunc($2, now()) THEN r.reads + 1 ELSE 1 END
  RETURNING reads`;

export const TOO_MANY_READS = 'Too many requests. Please wait a minute and try again.';

/** The window a limit counts in, and what the refused caller is told (it should name the wait). */
export interface ReadWindow { per: 'minute' | 'hour'; refusal: string }

const PER_MINUTE: ReadWindow = { per: 'minute', refusal: TOO_MANY_READS };

/** Counts one call of `kind` by `userId`; throws 429 past `limit` calls in the current window (a minute by default). */
export async function countRead(
  pool: pg.Pool, kind: string, userId: number, limit: number, window: ReadWindow = PER_MINUTE,
): Promise<void> {
  const { rows } = await pool.query<{ reads: number }>({ name: 'count_read', text: COUNT_SQL, values: [`${kind}:${userId}`, window.per] });
  if ((rows[0]?.reads ?? 0) > limit) throw new AppError('TOO_MANY_ATTEMPTS', window.refusal);
}
