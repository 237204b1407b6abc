/**
 * What the calendar objects of bookings and series need, read in the caller's transaction (so a
 * notice queued with a change describes the booking as that change left it).
 */
import type pg from 'pg';
import { Recurrence } from '../../../domain/recurrence/recurrenceRule.js';
import type { CalendarBooking, OccurrenceRow, SeriesRow } from './calendarEvents.js';

type Queryable = Pick<pg.PoolClient, 'query'>;

/** The columns of a CalendarBooking over bookings b, sites s, locations l, rooms r (left), users u (the booker). */
export const CALENDAR_COLUMNS = `b.id, b.starts_at, b.finishes_at, b.description, b.status, b.ics_sequence, b.series_id,
  to_char(b.occurrence_date, 'YYYY-MM-DD') AS occurrence_date, r.name AS room_name, b.desk_name, b.desk_id,
  l.title AS location_name, s.title AS site_name, s.time_zone, u.full_name AS booker_name, u.email AS booker_email,
  b.on_behalf_of_email`;
export const CALENDAR_JOINS = `JOIN sites s ON s.id = b.site_id JOIN locations l ON l.id = b.location_id
  LEFT JOIN rooms r ON r.id = b.room_id JOIN users u ON u.id = b.booked_by_user_id`;

export interface CalendarRow {
  id: string; starts_at: Date; finishes_at: Date; description: string; status: number; ics_sequence: number;
  series_id: string | null; occurrence_date: string | null; room_name: string | null; desk_name: string | null; desk_id: string | null;
  location_name: string; site_name: string; time_zone: string; booker_name: string; booker_email: string; on_behalf_of_email: string;
}

export type StoredBooking = CalendarBooking & { id: number; sequence: number; seriesId: string | null; occurrenceDate: string | null };

export const toStoredBooking = (r: CalendarRow): StoredBooking => ({
  id: Number(r.id), start: r.starts_at, finish: r.finishes_at, description: r.description, status: r.status, sequence: r.ics_sequence,
  seriesId: r.series_id, occurrenceDate: r.occurrence_date, roomName: r.room_name, deskName: r.desk_name, deskId: r.desk_id,
  locationName: r.location_name, siteName: r.site_name, timeZone: r.time_zone, bookerName: r.booker_name, bookerEmail: r.booker_email,
  onBehalfOfEmail: r.on_behalf_of_email,
});

export async function loadCalendarBooking(db: Queryable, bookingId: number): Promise<StoredBooking | undefined> {
  const { rows } = await db.query<CalendarRow>(`SELECT ${CALENDAR_COLUMNS} FROM bookings b ${CALENDAR_JOINS} WHERE b.id = $1`, [bookingId]);
  return rows[0] && toStoredBooking(rows[0]);
}

export interface StoredSeries { series: SeriesRow; occurrences: OccurrenceRow[] }

/** A series and every occurrence it holds (any status: the inactive ones become EXDATEs). */
export async function loadSeries(db: Queryable, seriesId: string): Promise<StoredSeries | undefined> {
  return (await loadSeriesMany(db, [seriesId]))[0];
}

/** Several series at once (the personal feed), in two statements. A rule that no longer parses is left out. */
export async function loadSeriesMany(db: Queryable, seriesIds: readonly string[]): Promise<StoredSeries[]> {
  if (seriesIds.length === 0) return [];
  const { rows: series } = await db.query<{ id: string; rule: unknown; first_date: string; start_minutes: number; duration_minutes: number; time_zone: string }>(
    `SELECT id, rule, to_char(first_date, 'YYYY-MM-DD') AS first_date, start_minutes, duration_minutes, time_zone
     FROM booking_series WHERE id = ANY($1::uuid[]) ORDER BY first_date, id`, [seriesIds]);
  const { rows } = await db.query<CalendarRow>(
    `SELECT ${CALENDAR_COLUMNS} FROM bookings b ${CALENDAR_JOINS} WHERE b.series_id = ANY($1::uuid[]) ORDER BY b.occurrence_date, b.id`, [seriesIds]);
  return series.flatMap((s) => {
    const rule = Recurrence.safeParse(s.rule);
    if (!rule.success) return [];
    return [{
      series: { id: s.id, rule: rule.data, first: { date: s.first_date, startMinutes: s.start_minutes, durationMinutes: s.duration_minutes }, timeZone: s.time_zone },
      occurrences: rows.filter((r) => r.series_id === s.id).map((r) => ({ ...toStoredBooking(r), occurrenceDate: r.occurrence_date! })),
    }];
  });
}
