import type pg from 'pg';
import type { NamesOnMap } from '../../../domain/wire/settings.js';

/** A desk booking of that day whose holder has an account, with what the privacy rule needs. */
export interface DayDeskRow {
  site_id: number; site_name: string; time_zone: string;
  desk_id: string; desk_name: string | null; floorplan_id: number; floorplan_name: string;
  location_id: number; location_name: string; starts_at: Date; finishes_at: Date;
  user_id: number; full_name: string; hide_name_on_map: boolean;
  /** True when read by team; under 'everyone' not looked up (false): the rule does not need it there. */
  shares_team: boolean;
}

const PLACES = `
  JOIN sites s ON s.id = b.site_id AND s.deleted_at IS NULL
  JOIN locations l ON l.id = b.location_id AND l.deleted_at IS NULL
  JOIN floorplans f ON f.id = b.floorplan_id AND f.deleted_at IS NULL`;
const COLUMNS = `s.id AS site_id, s.title AS site_name, s.time_zone, b.desk_id, b.desk_name, b.floorplan_id, f.name AS floorplan_name,
    b.location_id, l.title AS location_name, b.starts_at, b.finishes_at, u.id AS user_id, u.full_name, u.hide_name_on_map`;
/**
 * A site's day lies within [date - 14 h, date + 1 day + 12 h] UTC and a desk booking lasts at most
 * 24 hours: these bounds let an index find the day; the exact test is each site's own midnights.
 */
const DAY = `b.desk_id IS NOT NULL AND b.status IN (0, 1)
    AND b.starts_at >= ($1::date::timestamp AT TIME ZONE 'UTC') - interval '38 hours'
    AND b.starts_at < ($1::date::timestamp AT TIME ZONE 'UTC') + interval '36 hours'
    AND b.during && tstzrange($1::date::timestamp AT TIME ZONE s.time_zone, ($1::date + 1)::timestamp AT TIME ZONE s.time_zone, '[)')`;
const ORDER = 'ORDER BY s.title, s.id, u.full_name, b.starts_at';

/**
 * 'teammates' starts from the viewer's teams: their members (a few dozen), then each one's bookings
 * by holder (index bookings_holder), instead of every booking of the day.
 */
export const TEAMMATES_SQL = `
  SELECT ${COLUMNS}, true AS shares_team
  FROM (SELECT DISTINCT tm.user_id FROM team_members tm WHERE tm.team_id = ANY ($3::int[])) mates
  JOIN users u ON u.id = mates.user_id AND u.id <> $2 AND NOT u.hide_name_on_map
  JOIN bookings b ON b.holder_key = u.email_key
  ${PLACES}
  WHERE ${DAY}
  ${ORDER}`;

/** 'everyone' reads the day's desk bookings (index bookings_active_desks_start); shared teams do not matter. */
export const EVERYONE_SQL = `
  SELECT ${COLUMNS}, false AS shares_team
  FROM bookings b
  JOIN users u ON u.email_key = b.holder_key AND u.id <> $2 AND NOT u.hide_name_on_map
  ${PLACES}
  WHERE ${DAY}
  ${ORDER}`;

/**
 * The active desk bookings touching `date` in each site's own time zone, across every live site, of
 * the people the setting lets the viewer see. The holder is the on-behalf person when one is named
 * (holder_key), found by e-mail; holders without an account are left out (there is no name to show).
 * People hiding their name and the viewer are never read; the service still applies the rule.
 */
export async function deskBookingsOfDay(
  db: pg.Pool, date: string, viewerId: number, viewerTeamIds: number[], setting: Exclude<NamesOnMap, 'off'>,
): Promise<DayDeskRow[]> {
  const { rows } = setting === 'teammates'
    ? await db.query<DayDeskRow>({ name: 'whos_in_teammates', text: TEAMMATES_SQL, values: [date, viewerId, viewerTeamIds] })
    : await db.query<DayDeskRow>({ name: 'whos_in_everyone', text: EVERYONE_SQL, values: [date, viewerId] });
  return rows;
}
