import type pg from 'pg';
import type { Recurrence } from '../../../domain/recurrence/recurrenceRule.js';
import type { Occurrence, SeriesStart } from '../../../domain/recurrence/expandSeries.js';
import { BOOKING_COLUMNS, BOOKING_JOINS, toBooking, type BookingRow } from '../bookings/bookingPresenter.js';
import type { Db } from '../orgAccess/orgAccess.repo.js';
import type { NewRoomBooking } from '../roomBooking/roomBooking.repo.js';

/** The days among `occurrences` on which an active booking (Pending or Approved) holds the room. */
export async function takenRoomDays(db: Db, roomId: number, occurrences: readonly Occurrence[]): Promise<Set<string>> {
  if (occurrences.length === 0) return new Set();
  const { rows } = await db.query<{ day: string }>(
    `SELECT o.day FROM unnest($2::text[], $3::timestamptz[], $4::timestamptz[]) AS o(day, s, f)
     WHERE EXISTS (SELECT 1 FROM bookings b WHERE b.room_id = $1 AND b.status IN (0, 1) AND b.during && tstzrange(o.s, o.f, '[)'))`,
    [roomId, occurrences.map((o) => o.date), occurrences.map((o) => o.start), occurrences.map((o) => o.finish)]);
  return new Set(rows.map((r) => r.day));
}

export interface NewSeries {
  rule: Recurrence; first: SeriesStart; timeZone: string; bookedByUserId: number;
}

/**
 * The series and its chosen occurrences in one statement (inside the caller's transaction): one
 * insert of every occurrence, so room_not_double_booked refuses the whole statement if any of them
 * overlaps another booking, and nothing of the series is left behind.
 */
export async function insertRoomSeries(client: pg.PoolClient, series: NewSeries, row: Omit<NewRoomBooking, 'start' | 'finish'>, occurrences: readonly Occurrence[]) {
  const { rows } = await client.query<BookingRow>(
    `WITH series AS (
       INSERT INTO booking_series (rule, first_date, start_minutes, duration_minutes, time_zone, booked_by_user_id)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id),
     b AS (
       INSERT INTO bookings (site_id, location_id, room_id, starts_at, finishes_at, description, on_behalf_of_email,
         booked_by_user_id, holder_key, status, series_id, occurrence_date)
       SELECT $7, $8, $9, o.s, o.f, $10, $11, $6, $12, $13, (SELECT id FROM series), o.day::date
       FROM unnest($14::text[], $15::timestamptz[], $16::timestamptz[]) AS o(day, s, f)
       RETURNING *)
     SELECT ${BOOKING_COLUMNS} FROM b ${BOOKING_JOINS} ORDER BY b.starts_at`,
    [JSON.stringify(series.rule), series.first.date, series.first.startMinutes, series.first.durationMinutes, series.timeZone, series.bookedByUserId,
      row.siteId, row.locationId, row.roomId, row.description, row.onBehalfOfEmail, row.holderKey, row.status,
      occurrences.map((o) => o.date), occurrences.map((o) => o.start), occurrences.map((o) => o.finish)]);
  return { seriesId: rows[0]!.series_id!, bookings: rows.map(toBooking) };
}
