import type { Booking } from '../../../domain/wire/bookings.js';
import { BOOKING_COLUMNS, BOOKING_JOINS, toBooking, type BookingRow } from '../bookings/bookingPresenter.js';
import type { Db } from '../orgAccess/orgAccess.repo.js';

/** The most bookings one search answers (ordered by start); narrow the search for more. */
export const SEARCH_RESULT_LIMIT = 2000;

export async function siteTimeZone(db: Db, q: { siteId?: number; locationId?: number; floorplanId?: number }): Promise<string | null | undefined> {
  if (q.siteId) return (await db.query<{ tz: string }>('SELECT time_zone AS tz FROM sites WHERE id = $1', [q.siteId])).rows[0]?.tz ?? null;
  if (q.locationId) {
    return (await db.query<{ tz: string }>('SELECT s.time_zone AS tz FROM locations l JOIN sites s ON s.id = l.site_id WHERE l.id = $1', [q.locationId])).rows[0]?.tz ?? null;
  }
  if (q.floorplanId) {
    return (await db.query<{ tz: string }>(
      'SELECT s.time_zone AS tz FROM floorplans f JOIN locations l ON l.id = f.location_id JOIN sites s ON s.id = l.site_id WHERE f.id = $1', [q.floorplanId])).rows[0]?.tz ?? null;
  }
  return undefined;
}

export interface DeskSearch {
  from: Date; until: Date; deskId?: string; floorplanId?: number; siteId?: number; locationId?: number; userId?: number;
}

/** Desk bookings (any status) overlapping [from, until), with the optional filters; the person is the booker or the holder. */
export async function searchDeskBookings(db: Db, q: DeskSearch): Promise<Booking[]> {
  const { rows } = await db.query<BookingRow>(
    `SELECT ${BOOKING_COLUMNS} FROM bookings b ${BOOKING_JOINS}
     WHERE b.desk_id IS NOT NULL AND b.starts_at < $2 AND b.finishes_at > $1
       AND ($3::text IS NULL OR b.desk_id = $3)
       AND ($4::int IS NULL OR b.floorplan_id = $4)
       AND ($5::int IS NULL OR b.site_id = $5)
       AND ($6::int IS NULL OR b.location_id = $6)
       AND ($7::int IS NULL OR b.booked_by_user_id = $7 OR b.holder_key = (SELECT email_key FROM users WHERE id = $7))
     ORDER BY b.starts_at, b.id
     LIMIT ${SEARCH_RESULT_LIMIT}`,
    [q.from, q.until, q.deskId ?? null, q.floorplanId ?? null, q.siteId ?? null, q.locationId ?? null, q.userId ?? null],
  );
  return rows.map(toBooking);
}
