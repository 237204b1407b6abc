import type pg from 'pg';
import { AppError } from '../../http/errors.js';
import { countRead } from '../../http/perPersonLimit.js';

/**
 * The feeds are read without signing in, so they are limited twice, both counted in PostgreSQL (every
 * instance counts the same calls) in the read_limits table's fixed one-minute windows:
 * - per client address, before the secret is looked up, so probing secrets (or hammering the server)
 *   from one address is slow; generous, as one room finder may read every room from one address;
 * - per feed (room), so a leaked URL read in a loop costs one room's rendering a second, at most.
 * Calendar services read a subscription every few hours and room finders every minute or so: both
 * stay far below. Conditional reads (If-None-Match) count too: they still look the feed up.
 */
export const FEED_LIMITS = { perAddressPerMinute: 600, perFeedPerMinute: 120 } as const;
export interface FeedLimits { perAddressPerMinute: number; perFeedPerMinute: number }

export const TOO_MANY_FEED_READS = 'Too many requests for free/busy feeds. Please wait a minute and try again.';

/** Key prefix of the per-address counts (their rows are purged by purgeAddressCounts). */
const ADDRESS_KEY = 'roomFreeBusy:address:';

// The statement of http/perPersonLimit.ts, with a text key: that helper keys on a person's id.
const COUNT_SQL = `
  INSERT INTO read_limits AS r (key, window_start, reads) VALUES ($1, date_trunc('minute', now()), 1)
  ON CONFLICT (key) DO UPDATE SET
    window_start = date_trunc('minute', now()),
    reads = CASE WHEN r.window_start = date_trunc('minute', now()) THEN r.reads + 1 ELSE 1 END
  RETURNING reads`;

export async function countAddressRead(pool: pg.Pool, address: string, limits: FeedLimits = FEED_LIMITS): Promise<void> {
  const { rows } = await pool.query<{ reads: number }>({ name: 'count_free_busy_address', text: COUNT_SQL, values: [`${ADDRESS_KEY}${address}`] });
  if ((rows[0]?.reads ?? 0) > limits.perAddressPerMinute) throw new AppError('TOO_MANY_ATTEMPTS', TOO_MANY_FEED_READS);
}

export const countFeedRead = (pool: pg.Pool, roomId: number, limits: FeedLimits = FEED_LIMITS): Promise<void> =>
  countRead(pool, 'roomFreeBusy:room', roomId, limits.perFeedPerMinute);

/**
 * Addresses are many and come and go (a per-person row is one per person): rows of past minutes are
 * dropped by a background job. One statement, so every instance may run it at once.
 */
export async function purgeAddressCounts(pool: pg.Pool): Promise<number> {
  const { rowCount } = await pool.query(
    "DELETE FROM read_limits WHERE starts_with(key, $1) AND window_start < date_trunc('minute', now())", [ADDRESS_KEY]);
  return rowCount ?? 0;
}
