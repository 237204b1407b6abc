import type pg from 'pg';
import { CALENDAR_COLUMNS, CALENDAR_JOINS, toStoredBooking, type CalendarRow, type StoredBooking } from '../mail/invitationFacts.repo.js';

/** Sets (or, with null, clears) the hash of the person's feed secret. */
export async function setFeedHash(db: pg.Pool, userId: number, hash: string | null): Promise<void> {
  await db.query('UPDATE users SET calendar_token = $2 WHERE id = $1', [userId, hash]);
}

export async function feedEnabled(db: pg.Pool, userId: number): Promise<boolean> {
  const { rows } = await db.query<{ on: boolean }>('SELECT calendar_token IS NOT NULL AS on FROM users WHERE id = $1', [userId]);
  return rows[0]?.on ?? false;
}

export async function ownerOfFeed(db: pg.Pool, hash: string): Promise<{ id: number; email: string; full_name: string } | undefined> {
  const { rows } = await db.query('SELECT id, email, full_name FROM users WHERE calendar_token = $1', [hash]);
  return rows[0];
}

/**
 * The feed's bookings: the owner's (as booker or person booked for) Pending and Approved ones that end
 * after `from`, soonest last first, at most `limit`, with what their calendar events say.
 */
export async function feedBookings(db: pg.Pool, owner: { id: number; email: string }, from: Date, limit: number): Promise<StoredBooking[]> {
  const { rows } = await db.query<CalendarRow>(
    `SELECT ${CALENDAR_COLUMNS} FROM bookings b ${CALENDAR_JOINS}
     WHERE (b.booked_by_user_id = $1 OR (b.on_behalf_of_email <> '' AND lower(b.on_behalf_of_email) = lower($2)))
       AND b.finishes_at > $3 AND b.status IN (0, 1)
     ORDER BY b.starts_at DESC, b.id DESC LIMIT $4`, [owner.id, owner.email, from, limit]);
  return rows.map(toStoredBooking);
}
