import type pg from 'pg';
import { AppError } from '../../http/errors.js';

/**
 * Limits of the display routes. Pairing codes and code entries are counted in PostgreSQL per address /
 * per admin (every instance sees the same count, as check-in does), so codes cannot be farmed by
 * spreading requests over instances. Reads and actions of a paired display are counted in memory per
 * instance (a display polls once a minute and acts rarely; a leaked token is revoked, not out-counted).
 */
export const DISPLAY_LIMITS = {
  /** New pairing codes per client address and window: a building's tablets share an address. */
  codesPerAddress: 20,
  /** Codes an admin may enter per window (a mistyped code is no harm; guessing is). */
  entriesPerAdmin: 20,
  windowMinutes: 10,
  /** Pairing polls per address and minute (a tablet polls every 3 s). */
  pollsPerAddressMinute: 120,
  /** Reads of a paired display per minute (state, stream opens). */
  readsPerDisplayMinute: 60,
  /** Book now, check-in and End now per display and minute. */
  actionsPerDisplayMinute: 10,
} as const;

export const TOO_MANY = 'Too many requests from this display. Please wait a minute and try again.';

/** Counts a call in display_attempts and refuses it beyond `max` in the window (a refused call is not counted). */
export async function countAttempt(pool: pg.Pool, key: string, max: number, windowMinutes: number = DISPLAY_LIMITS.windowMinutes): Promise<void> {
  const { rows: ids } = await pool.query<{ id: string }>('INSERT INTO display_attempts (key) VALUES ($1) RETURNING id', [key]);
  const { rows } = await pool.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM display_attempts WHERE key = $1 AND attempted_at > now() - make_interval(mins => $2)', [key, windowMinutes]);
  if ((rows[0]?.n ?? 0) > max) {
    await pool.query('DELETE FROM display_attempts WHERE id = $1', [ids[0]!.id]);
    throw new AppError('TOO_MANY_ATTEMPTS', TOO_MANY);
  }
}

/** A fixed one-minute window per key, in this instance's memory; old windows are dropped as they pass. */
export class MinuteCounter {
  private minute = 0;
  private counts = new Map<string, number>();
  constructor(private readonly max: number, private readonly clock: () => number = Date.now) {}

  take(key: string): void {
    const minute = Math.floor(this.clock() / 60_000);
    if (minute !== this.minute) { this.minute = minute; this.counts = new Map(); }
    const n = (this.counts.get(key) ?? 0) + 1;
    if (n > this.max) throw new AppError('TOO_MANY_ATTEMPTS', TOO_MANY);
    this.counts.set(key, n);
  }
}
