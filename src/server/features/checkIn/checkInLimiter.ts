import type pg from 'pg';
import { AppError } from '../../http/errors.js';

/**
 * Anonymous check-in attempts counted per client address in PostgreSQL, so every instance enforces
 * the same limit (like auth/signInLimiter.ts). Every anonymous attempt counts, good or bad: the
 * limit only has to stop a script from checking in (or probing) many bookings, while a building's
 * shared address still lets a busy morning of real visitors through.
 */
export const CHECK_IN_LIMITS = { perAddress: 30, windowMinutes: 10 } as const;

export const TOO_MANY_CHECK_INS = 'Too many check-in attempts from this device. Please wait a few minutes and try again.';

export class CheckInLimiter {
  constructor(private readonly pool: pg.Pool, private readonly limits: { perAddress: number; windowMinutes: number } = CHECK_IN_LIMITS) {}

  /**
   * Counts the attempt first and then checks the count, so attempts sent in parallel see each
   * other. A refused attempt is removed again, so waiting always ends the refusal.
   */
  async attempt(address: string): Promise<void> {
    const key = `ip:${address}`;
    const { rows: ids } = await this.pool.query<{ id: string }>('INSERT INTO check_in_attempts (key) VALUES ($1) RETURNING id', [key]);
    const { rows } = await this.pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM check_in_attempts WHERE key = $1 AND attempted_at > now() - make_interval(mins => $2)',
      [key, this.limits.windowMinutes],
    );
    const row = { id: ids[0]!.id, n: rows[0]?.n ?? 0 };
    if (row.n > this.limits.perAddress) {
      await this.pool.query('DELETE FROM check_in_attempts WHERE id = $1', [row.id]);
      throw new AppError('TOO_MANY_ATTEMPTS', TOO_MANY_CHECK_INS);
    }
  }

  async purgeOld(): Promise<void> {
    await this.pool.query('DELETE FROM check_in_attempts WHERE attempted_at < now() - make_interval(mins => $1)', [this.limits.windowMinutes]);
  }
}
