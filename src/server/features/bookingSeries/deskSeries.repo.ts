import type pg from 'pg';
import type { Occurrence } from '../../../domain/recurrence/expandSeries.js';
import { BOOKING_COLUMNS, BOOKING_JOINS, toBooking, type BookingRow } from '../bookings/bookingPresenter.js';
import type { NewDeskBooking } from '../deskBooking/deskBooking.repo.js';
import type { Db } from '../orgAccess/orgAccess.repo.js';
import type { NewSeries } from './roomSeries.repo.js';

/** What other bookings say about one occurrence of a desk series. */
export interface DeskDayFacts {
  /** An active booking holds the desk then (desk_not_double_booked would refuse it). */
  taken: boolean;
  /** The holder (the on-behalf person, else the booker) has another desk then (person_one_desk_at_a_time). */
  held: boolean;
  /** Active bookings with parking at the site then (compared with the site's spaces). */
  parkingUsed: number;
}

export interface DeskSeriesPlace { siteId: number; floorplanId: number; deskId: string; holderKey: string }

const occurrenceArrays = (occurrences: readonly Occurrence[]) =>
  [occurrences.map((o) => o.date), occurrences.map((o) => o.start), occurrences.map((o) => o.finish)];

/**
 * For every occurrence: the desk taken, the person's other desk, the car park's use: the same
 * predicates as the exclusion constraints and the single booking's parking count, in one statement.
 */
export async function deskDayFacts(db: Db, p: DeskSeriesPlace, occurrences: readonly Occurrence[], withParking: boolean): Promise<Map<string, DeskDayFacts>> {
  if (occurrences.length === 0) return new Map();
  const { rows } = await db.query<{ day: string; taken: boolean; held: boolean; parking_used: number }>(
    `SELECT o.day,
       EXISTS (SELECT 1 FROM bookings b WHERE b.floorplan_id = $1 AND b.desk_id = $2 AND b.status IN (0, 1)
               AND b.during && tstzrange(o.s, o.f, '[)')) AS taken,
       EXISTS (SELECT 1 FROM bookings b WHERE b.holder_key = $3 AND b.desk_id IS NOT NULL AND b.status IN (0, 1)
               AND b.during && tstzrange(o.s, o.f, '[)')) AS held,
       CASE WHEN $5 THEN (SELECT count(*)::int FROM bookings b WHERE b.site_id = $4 AND b.include_parking AND b.status IN (0, 1)
               AND b.during && tstzrange(o.s, o.f, '[)')) ELSE 0 END AS parking_used
     FROM unnest($6::text[], $7::timestamptz[], $8::timestamptz[]) AS o(day, s, f)`,
    [p.floorplanId, p.deskId, p.holderKey, p.siteId, withParking, ...occurrenceArrays(occurrences)]);
  return new Map(rows.map((r) => [r.day, { taken: r.taken, held: r.held, parkingUsed: r.parking_used }]));
}

/**
 * With parking, capacity is a count no constraint can express: the site's parking lock (the one a
 * single desk booking with parking takes, deskBooking.repo.ts) is held until the transaction ends,
 * and the days whose car park is full are returned (the caller refuses the series then).
 */
export async function fullParkingDays(client: pg.PoolClient, siteId: number, spaces: number, occurrences: readonly Occurrence[]): Promise<string[]> {
  await client.query('SELECT pg_advisory_xact_lock(7310002, $1)', [siteId]);
  const { rows } = await client.query<{ day: string }>(
    `SELECT o.day FROM unnest($2::text[], $3::timestamptz[], $4::timestamptz[]) AS o(day, s, f)
     WHERE (SELECT count(*) FROM bookings b WHERE b.site_id = $1 AND b.include_parking AND b.status IN (0, 1)
            AND b.during && tstzrange(o.s, o.f, '[)')) >= $5`,
    [siteId, ...occurrenceArrays(occurrences), spaces]);
  return rows.map((r) => r.day);
}

/**
 * The series and its chosen occurrences in one statement (inside the caller's transaction): one
 * insert of every occurrence, so desk_not_double_booked or person_one_desk_at_a_time (or the closure
 * trigger) refuses the whole statement if any occurrence breaks it, and nothing of the series stays.
 */
export async function insertDeskSeries(
  client: pg.PoolClient, series: NewSeries, row: Omit<NewDeskBooking, 'start' | 'finish'>, occurrences: readonly Occurrence[],
) {
  const { rows } = await client.query<BookingRow>(
    `WITH series AS (
       INSERT INTO booking_series (rule, first_date, start_minutes, duration_minutes, time_zone, booked_by_user_id)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id),
     b AS (
       INSERT INTO bookings (site_id, location_id, floorplan_id, layout_id, desk_id, desk_name, starts_at, finishes_at,
         description, on_behalf_of_email, booked_by_user_id, holder_key, include_parking, status, series_id, occurrence_date)
       SELECT $7, $8, $9, $10, $11, $12, o.s, o.f, $13, $14, $6, $15, $16, 1, (SELECT id FROM series), o.day::date
       FROM unnest($17::text[], $18::timestamptz[], $19::timestamptz[]) AS o(day, s, f)
       RETURNING *)
     SELECT ${BOOKING_COLUMNS} FROM b ${BOOKING_JOINS} ORDER BY b.starts_at`,
    [JSON.stringify(series.rule), series.first.date, series.first.startMinutes, series.first.durationMinutes, series.timeZone, series.bookedByUserId,
      row.siteId, row.locationId, row.floorplanId, row.layoutId, row.deskId, row.deskName, row.description, row.onBehalfOfEmail,
      row.holderKey, row.includeParking, ...occurrenceArrays(occurrences)]);
  return { seriesId: rows[0]!.series_id!, bookings: rows.map(toBooking) };
}
