import type pg from 'pg';
import type { NamesOnMap } from '../../../domain/wire/settings.js';

/**
 * A desk booking of that day whose holder has an account, with what the privacy rule needs. Places
 * come as ids only (their names from placeNames.ts): fewer fields for pg to parse on every row.
 */
export interface DayDeskRow {
  site_id: number; desk_id: string; desk_name: string | null; floorplan_id: number; location_id: number;
  /** Milliseconds since the epoch: a float is parsed far faster than a timestamp's text (2,800 a day). */
  start_ms: number; finish_ms: number;
  user_id: number; full_name: string; hide_name_on_map: boolean;
}

/**
 * Each live site's own day as an instant range, worked out once per site (a handful of rows) rather
 * than per booking: the bookings are then found by start time alone (a booking lasts at most 24 hours,
 * and a site's day lies within [date - 14 h, date + 1 day + 12 h] UTC), on the covering index
 * bookings_active_desks_day (migration 0018), and kept when they overlap their site's day.
 * MATERIALIZED: inlined, PostgreSQL worked out both AT TIME ZONE conversions (a time zone lookup each)
 * for every booking-site pair of the join, ~3,500 pairs a day for 2,000 people: half the query's time.
 * site_rank orders the sites by title (then id) once, so the answer's sort compares an integer per row.
 */
const SITE_DAYS = `site_days AS MATERIALIZED (
    SELECT s.id, row_number() OVER (ORDER BY s.title, s.id) AS site_rank,
      $1::date::timestamp AT TIME ZONE s.time_zone AS day_start,
      ($1::date + 1)::timestamp AT TIME ZONE s.time_zone AS day_end
    FROM sites s WHERE s.deleted_at IS NULL)`;
const DAY_BOOKINGS = `b.desk_id IS NOT NULL AND b.status IN (0, 1)
    AND b.starts_at >= ($1::date::timestamp AT TIME ZONE 'UTC') - interval '38 hours'
    AND b.starts_at < ($1::date::timestamp AT TIME ZONE 'UTC') + interval '36 hours'`;
const PLACES = `
  JOIN site_days d ON d.id = b.site_id AND b.starts_at < d.day_end AND b.finishes_at > d.day_start
  JOIN locations l ON l.id = b.location_id AND l.deleted_at IS NULL
  JOIN floorplans f ON f.id = b.floorplan_id AND f.deleted_at IS NULL`;
/** Times as epoch milliseconds (float8): cheaper for PostgreSQL to write than to_char and for pg to read than a timestamp. */
const MS = (column: string) => `date_part('epoch', ${column}) * 1000`;
const COLUMNS = `b.site_id, b.desk_id, b.desk_name, b.floorplan_id, b.location_id,
    ${MS('b.starts_at')} AS start_ms, ${MS('b.finishes_at')} AS finish_ms, u.id AS user_id, u.full_name, u.hide_name_on_map`;
const ORDER = 'ORDER BY d.site_rank, u.full_name, b.starts_at';

/**
 * 'teammates' starts from the viewer's teams: their members (a few dozen), then each one's bookings
 * by holder (index bookings_holder), instead of every booking of the day.
 */
export const TEAMMATES_SQL = `
  WITH ${SITE_DAYS}
  SELECT ${COLUMNS}
  FROM (SELECT DISTINCT tm.user_id FROM team_members tm WHERE tm.team_id = ANY ($3::int[])) mates
  JOIN users u ON u.id = mates.user_id AND u.id <> $2 AND NOT u.hide_name_on_map
  JOIN bookings b ON b.holder_key = u.email_key
  ${PLACES}
  WHERE ${DAY_BOOKINGS}
  ${ORDER}`;

/** 'everyone' reads the day's desk bookings (index bookings_active_desks_day); shared teams do not matter. */
export const EVERYONE_SQL = `
  WITH ${SITE_DAYS}
  SELECT ${COLUMNS}
  FROM bookings b
  JOIN users u ON u.email_key = b.holder_key AND u.id <> $2 AND NOT u.hide_name_on_map
  ${PLACES}
  WHERE ${DAY_BOOKINGS}
  ${ORDER}`;

/**
 * The active desk bookings touching `date` in each site's own time zone, across every live site, of
 * the people the setting lets the viewer see. The holder is the on-behalf person when one is named
 * (holder_key), found by e-mail; holders without an account are left out (there is no name to show).
 * People hiding their name and the viewer are never read; the service still applies the rule. Under
 * 'teammates' every row shares a team with the viewer (it was found by team); under 'everyone' that is
 * not looked up: the rule does not need it there.
 */
export async function deskBookingsOfDay(
  db: pg.Pool, date: string, viewerId: number, viewerTeamIds: number[], setting: Exclude<NamesOnMap, 'off'>,
): Promise<DayDeskRow[]> {
  const { rows } = setting === 'teammates'
    ? await db.query<DayDeskRow>({ name: 'whos_in_teammates', text: TEAMMATES_SQL, values: [date, viewerId, viewerTeamIds] })
    : await db.query<DayDeskRow>({ name: 'whos_in_everyone', text: EVERYONE_SQL, values: [date, viewerId] });
  return rows;
}
