import type pg from 'pg';
import type { Recurrence } from '../../../domain/recurrence/recurrenceRule.js';
import type { Booking } from '../../../domain/wire/bookings.js';
import { BOOKING_COLUMNS, BOOKING_JOINS, toBooking, type BookingRow } from '../bookings/bookingPresenter.js';
import { roomAdminSql, type Db } from '../orgAccess/orgAccess.repo.js';

/**
 * Pending room requests the caller decides: rooms they are a room admin of (on the room or its
 * location, directly or through a team), or every room for Admins. Requests whose time has passed
 * are left out: nothing is left to decide. Uses the partial index bookings_pending_room.
 */
const PENDING_WHERE = `b.status = 0 AND b.room_id IS NOT NULL AND b.finishes_at > $1 AND ($3::boolean OR ${roomAdminSql('r', '$2')})`;

/** A pending request, and the repeat rule of the series it belongs to (issue 22: the screen shows a series as one request). */
export interface PendingRequest { booking: Booking; series: { rule: Recurrence; firstDate: string } | null }

export async function pendingRequests(db: Db, q: { now: Date; userId: number; admin: boolean }): Promise<PendingRequest[]> {
  const { rows } = await db.query<BookingRow & { series_rule: Recurrence | null; series_first_date: string | null }>(
    `SELECT ${BOOKING_COLUMNS}, bs.rule AS series_rule, bs.first_date::text AS series_first_date
     FROM bookings b ${BOOKING_JOINS} LEFT JOIN booking_series bs ON bs.id = b.series_id
     WHERE ${PENDING_WHERE} ORDER BY b.starts_at, b.id`,
    [q.now, q.userId, q.admin]);
  return rows.map((r) => ({ booking: toBooking(r), series: r.series_rule && r.series_first_date ? { rule: r.series_rule, firstDate: r.series_first_date } : null }));
}

export async function countPendingRequests(db: Db, q: { now: Date; userId: number; admin: boolean }): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM bookings b LEFT JOIN rooms r ON r.id = b.room_id WHERE ${PENDING_WHERE}`,
    [q.now, q.userId, q.admin]);
  return rows[0]?.n ?? 0;
}

export interface LockedBooking { id: number; status: number; isRoomBooking: boolean; isRoomAdmin: boolean }

/** Locks the booking row for this transaction, so two decisions on one request are taken one after the other. */
export async function lockBooking(client: pg.PoolClient, id: number, userId: number): Promise<LockedBooking | undefined> {
  const { rows } = await client.query(
    `SELECT b.id, b.status, b.room_id IS NOT NULL AS is_room_booking, coalesce(${roomAdminSql('r', '$2')}, false) AS is_room_admin
     FROM bookings b LEFT JOIN rooms r ON r.id = b.room_id WHERE b.id = $1 FOR UPDATE OF b`, [id, userId]);
  const r = rows[0];
  return r ? { id: Number(r.id), status: r.status, isRoomBooking: r.is_room_booking, isRoomAdmin: r.is_room_admin } : undefined;
}

/** Records a decision and answers the presented booking. */
export async function recordDecision(client: pg.PoolClient, d: { id: number; status: 1 | 2; reason: string; userId: number; now: Date }): Promise<Booking> {
  const { rows } = await client.query<BookingRow>(
    `WITH b AS (
       UPDATE bookings SET status = $2::smallint, updated_at = $5,
         cancellation_reason = CASE WHEN $2::smallint = 2 THEN $3 ELSE cancellation_reason END,
         cancelled_by_admin = CASE WHEN $2::smallint = 2 THEN true ELSE cancelled_by_admin END,
         cancelled_by_user_id = CASE WHEN $2::smallint = 2 THEN $4::int ELSE cancelled_by_user_id END,
         cancelled_at = CASE WHEN $2::smallint = 2 THEN $5::timestamptz ELSE cancelled_at END
       WHERE id = $1 RETURNING *)
     SELECT ${BOOKING_COLUMNS} FROM b ${BOOKING_JOINS}`,
    [d.id, d.status, d.reason, d.userId, d.now]);
  return toBooking(rows[0]!);
}
