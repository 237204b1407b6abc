import type { Recurrence } from '../../../domain/recurrence/recurrenceRule.js';
import type { Db } from '../orgAccess/orgAccess.repo.js';
import type { SeriesPlace } from './seriesNotice.js';

/** One occurrence of a series as the managing routes need it. */
export interface StoredOccurrence {
  id: number; day: string; start: Date; finish: Date; status: number;
}

/** A series with its place and people (read from its occurrences, which all share them) and every occurrence. */
export interface StoredSeries {
  id: string;
  rule: Recurrence;
  firstDate: string;
  startMinutes: number;
  durationMinutes: number;
  timeZone: string;
  bookedByUserId: number;
  bookerName: string;
  bookerEmail: string;
  description: string;
  onBehalfOfEmail: string;
  place: SeriesPlace;
  siteId: number;
  deskId: string | null;
  floorplanId: number | null;
  /** Whose bookings they are (the on-behalf person, else the booker): one desk per person at a time. */
  holderKey: string;
  /** The room needs approval (room series). */
  restricted: boolean;
  occurrences: StoredOccurrence[];
}

/** A series id is a uuid; anything else names no series (and must not reach PostgreSQL's uuid cast). */
export const isSeriesId = (id: string): boolean => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

/**
 * The series and all its occurrences, oldest first; undefined when unknown or when it has none.
 * `lock`: the series row is locked until the transaction ends, so two changes of one series (a
 * cancel and a decision, two cancels) are taken one after the other.
 */
export async function loadSeries(db: Db, seriesId: string, opts: { lock?: boolean } = {}): Promise<StoredSeries | undefined> {
  if (!isSeriesId(seriesId)) return undefined;
  const head = await db.query(
    `SELECT bs.id, bs.rule, bs.first_date::text AS first_date, bs.start_minutes, bs.duration_minutes, bs.time_zone, bs.booked_by_user_id,
       u.full_name AS booker_name, u.email AS booker_email
     FROM booking_series bs JOIN users u ON u.id = bs.booked_by_user_id WHERE bs.id = $1 ${opts.lock ? 'FOR UPDATE OF bs' : ''}`, [seriesId]);
  const s = head.rows[0];
  if (!s) return undefined;
  const { rows } = await db.query(
    `SELECT b.id, b.occurrence_date::text AS day, b.starts_at, b.finishes_at, b.status, b.room_id, b.desk_id, b.desk_name,
       b.floorplan_id, b.site_id, b.location_id, b.description, b.on_behalf_of_email, b.holder_key, r.name AS room_name,
       coalesce(r.restrict_room_access, false) AS restricted,
       l.title AS location_name, si.title AS site_name, si.notification_email
     FROM bookings b JOIN sites si ON si.id = b.site_id JOIN locations l ON l.id = b.location_id LEFT JOIN rooms r ON r.id = b.room_id
     WHERE b.series_id = $1 ORDER BY b.occurrence_date, b.id`, [seriesId]);
  const first = rows[0];
  if (!first) return undefined;
  return {
    id: s.id, rule: s.rule as Recurrence, firstDate: s.first_date, startMinutes: s.start_minutes, durationMinutes: s.duration_minutes,
    timeZone: s.time_zone, bookedByUserId: s.booked_by_user_id, bookerName: s.booker_name, bookerEmail: s.booker_email,
    description: first.description, onBehalfOfEmail: first.on_behalf_of_email, siteId: first.site_id, deskId: first.desk_id, floorplanId: first.floorplan_id,
    holderKey: first.holder_key, restricted: first.restricted,
    place: {
      roomId: first.room_id, locationId: first.location_id, name: first.room_name ?? first.desk_name ?? first.desk_id ?? '',
      locationName: first.location_name, siteName: first.site_name, timeZone: s.time_zone, notificationEmail: first.notification_email ?? '',
    },
    occurrences: rows.map((r) => ({ id: Number(r.id), day: r.day, start: r.starts_at, finish: r.finishes_at, status: r.status })),
  };
}
