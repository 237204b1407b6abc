import type pg from 'pg';
import type { Booking } from '../../../domain/wire/bookings.js';
import { BOOKING_COLUMNS, BOOKING_JOINS, toBooking, type BookingRow } from '../bookings/bookingPresenter.js';

export interface BookingToCancel extends BookingRow { time_zone: string }

/** The booking, locked until the transaction ends, so two cancellations (or a cancel and an edit) queue. */
export async function lockBooking(client: pg.PoolClient, id: number): Promise<BookingToCancel | undefined> {
  const { rows } = await client.query<BookingToCancel>(
    `SELECT ${BOOKING_COLUMNS}, s.time_zone FROM bookings b ${BOOKING_JOINS} WHERE b.id = $1 FOR UPDATE OF b`, [id]);
  return rows[0];
}

export async function markCancelled(
  client: pg.PoolClient,
  c: { id: number; reason: string; asAdmin: boolean; byUserId: number; at: Date },
): Promise<Booking> {
  const { rows } = await client.query<BookingRow>(
    `WITH b AS (
       UPDATE bookings SET status = 3, cancellation_reason = $2, cancelled_by_admin = $3, cancelled_by_user_id = $4,
         cancelled_at = $5, updated_at = $5
       WHERE id = $1 AND status IN (0, 1) RETURNING *)
     SELECT ${BOOKING_COLUMNS} FROM b ${BOOKING_JOINS}`,
    [c.id, c.reason, c.asAdmin, c.byUserId, c.at],
  );
  return toBooking(rows[0]!);
}
