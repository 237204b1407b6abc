import type pg from 'pg';
import type { Booking } from '../../../domain/wire/bookings.js';
import { BOOKING_COLUMNS, BOOKING_JOINS, toBooking, type BookingRow } from '../bookings/bookingPresenter.js';

/**
 * "My" bookings: those I booked and those booked on my behalf (e-mail compared case-insensitively,
 * SPEC 6). Two index-backed conditions (bookings_booked_by, bookings_on_behalf of migration 0005).
 */
const MINE = `(b.booked_by_user_id = $1 OR (b.on_behalf_of_email <> '' AND lower(b.on_behalf_of_email) = lower($2)))`;

/** Extra columns some lists need beside the presented booking. */
export interface MyBookingRow extends BookingRow { location_name: string; time_zone: string }
const EXTRA = `, l.title AS location_name, s.time_zone`;
const EXTRA_JOIN = `JOIN locations l ON l.id = b.location_id`;

/** Bookings that have not finished yet, soonest first (every status, so a cancellation stays visible). */
export async function upcomingBookings(db: pg.Pool, userId: number, email: string, now: Date, limit: number): Promise<Booking[]> {
  const { rows } = await db.query<BookingRow>(
    `SELECT ${BOOKING_COLUMNS} FROM bookings b ${BOOKING_JOINS}
     WHERE ${MINE} AND b.finishes_at > $3 ORDER BY b.starts_at, b.id LIMIT $4`,
    [userId, email, now, limit],
  );
  return rows.map(toBooking);
}

/** Finished bookings, latest first, optionally only those that started before `before` (paging). */
export async function pastBookings(db: pg.Pool, userId: number, email: string, now: Date, before: Date | null, limit: number): Promise<Booking[]> {
  const { rows } = await db.query<BookingRow>(
    `SELECT ${BOOKING_COLUMNS} FROM bookings b ${BOOKING_JOINS}
     WHERE ${MINE} AND b.finishes_at <= $3 AND ($4::timestamptz IS NULL OR b.starts_at < $4)
     ORDER BY b.starts_at DESC, b.id DESC LIMIT $5`,
    [userId, email, now, before, limit],
  );
  return rows.map(toBooking);
}

/** Every booking of the person (for the CSV export and the calendar feed), latest first, with location and time zone. */
export async function allMyBookings(db: pg.Pool, userId: number, email: string, o: { from?: Date; activeOnly?: boolean; limit: number }): Promise<MyBookingRow[]> {
  const { rows } = await db.query<MyBookingRow>(
    `SELECT ${BOOKING_COLUMNS} ${EXTRA} FROM bookings b ${BOOKING_JOINS} ${EXTRA_JOIN}
     WHERE ${MINE} AND ($3::timestamptz IS NULL OR b.finishes_at > $3) AND (NOT $4::boolean OR b.status IN (0, 1))
     ORDER BY b.starts_at DESC, b.id DESC LIMIT $5`,
    [userId, email, o.from ?? null, o.activeOnly ?? false, o.limit],
  );
  return rows;
}
