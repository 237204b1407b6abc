import type pg from 'pg';
import { AppError } from '../../http/errors.js';

/**
 * Anonymous check-in calls counted per client address in PostgreSQL, so every instance enforces the
 * same limits (like auth/signInLimiter.ts). Two counts, each over the same window:
 * - check-in attempts (POST), good or bad: the limit only has to stop a script from checking in (or
 *   probing) many bookings, while a building's shared address still lets a busy morning through;
 * - reads of the check-in page (GET, issue 18), so walking room ids is slow. An open check-in page
 *   reads once a minute: the read limit lets about two dozen door tablets or phones share an address.
 */
export const CHECK_IN_LIMITS = { perAddress: 30, readsPerAddress: 240, windowMinutes: 10 } as const;
export interface CheckInLimits { perAddress: number; readsPerAddress: number; windowMinutes: number }

export const TOO_MANY_CHECK_INS = 'Too many check-in attempts from this device. Please wait a few minutes and try again.';
export const TOO_MANY_READS = 'Too many requests from this device. Please wait a few minutes and try again.';

export class CheckInLimiter {
  constructor(private readonly pool: pg.Pool, private readonly limits: CheckInLimits = CHECK_IN_LIMITS) {}

  /** An anonymous check-in attempt (POST /api/bookings/check-in/{bookingId}). */
  attempt(address: string): Promise<void> {
    return this.count(`ip:${address}`, this.limits.perAddress, TOO_MANY_CHECK_INS);
  }

  /** An anonymous read of a room's check-in page (GET check-in info), whatever the answer. */
  read(address: string): Promise<void> {
    return this.count(`read:${address}`, this.limits.readsPerAddress, TOO_MANY_READS);
  }

  /**
   * Counts the call first and then checks the count, so calls sent in parallel see each other. A
   * refused call is removed again, so waiting always ends the refusal.
   */
  private async count(key: string, max: number, message: string): Promise<void> {
    const { rows: ids } = await this.pool.query<{ id: string }>('INSERT INTO check_in_attempts (key) VALUES ($1) RETURNING id', [key]);
    const { rows } = await this.pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM check_in_attempts WHERE key = $1 AND attempted_at > now() - make_interval(mins => $2)',
      [key, this.limits.windowMinutes],
    );
    if ((rows[0]?.n ?? 0) > max) {
      await this.pool.query('DELETE FROM check_in_attempts WHERE id = $1', [ids[0]!.id]);
      throw new AppError('TOO_MANY_ATTEMPTS', message);
    }
  }

  async purgeOld(): Promise<void> {
    await this.pool.query('DELETE FROM check_in_attempts WHERE attempted_at < now() - make_interval(mins => $1)', [this.limits.windowMinutes]);
  }
}
