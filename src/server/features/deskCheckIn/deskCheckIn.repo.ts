import type pg from 'pg';
import { resolveDeskCheckIn, type DeskCheckInRule } from '../../../domain/deskCheckIn.js';

type Db = pg.Pool | pg.PoolClient;

/** SQL over s (site) and l (location): the desk check-in rule that applies (location overrides the site, the window whole). */
export const DESK_RULE_SQL = {
  required: 'coalesce(l.desk_check_ins, s.desk_check_ins)',
  before: 'CASE WHEN l.desk_check_in_after_minutes IS NULL THEN s.desk_check_in_before_minutes ELSE l.desk_check_in_before_minutes END',
  after: 'coalesce(l.desk_check_in_after_minutes, s.desk_check_in_after_minutes)',
};

interface RuleColumns {
  site_required: boolean; site_before: number; site_after: number;
  location_required: boolean | null; location_before: number | null; location_after: number | null;
}
const RULE_COLUMNS = `s.desk_check_ins AS site_required, s.desk_check_in_before_minutes AS site_before, s.desk_check_in_after_minutes AS site_after,
  l.desk_check_ins AS location_required, l.desk_check_in_before_minutes AS location_before, l.desk_check_in_after_minutes AS location_after`;
const siteRuleOf = (r: RuleColumns): DeskCheckInRule => ({ required: r.site_required, beforeMinutes: r.site_before, afterMinutes: r.site_after });
const ruleOf = (r: RuleColumns): DeskCheckInRule =>
  resolveDeskCheckIn(siteRuleOf(r), { required: r.location_required, beforeMinutes: r.location_before, afterMinutes: r.location_after });

export async function siteDeskRule(db: Db, siteId: number): Promise<DeskCheckInRule | undefined> {
  const { rows } = await db.query<RuleColumns>(
    `SELECT ${RULE_COLUMNS} FROM sites s LEFT JOIN locations l ON false WHERE s.id = $1 AND s.deleted_at IS NULL`, [siteId]);
  return rows[0] && siteRuleOf(rows[0]);
}

export async function saveSiteDeskRule(db: Db, siteId: number, rule: DeskCheckInRule): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE sites SET desk_check_ins = $2, desk_check_in_before_minutes = $3, desk_check_in_after_minutes = $4
     WHERE id = $1 AND deleted_at IS NULL`, [siteId, rule.required, rule.beforeMinutes, rule.afterMinutes]);
  return rowCount === 1;
}

export interface LocationRule { required: boolean | null; beforeMinutes: number | null; afterMinutes: number | null; site: DeskCheckInRule }

export async function locationDeskRule(db: Db, locationId: number): Promise<LocationRule | undefined> {
  const { rows } = await db.query<RuleColumns>(
    `SELECT ${RULE_COLUMNS} FROM locations l JOIN sites s ON s.id = l.site_id AND s.deleted_at IS NULL
     WHERE l.id = $1 AND l.deleted_at IS NULL`, [locationId]);
  const r = rows[0];
  if (!r) return undefined;
  return { required: r.location_required, beforeMinutes: r.location_before, afterMinutes: r.location_after, site: siteRuleOf(r) };
}

export async function saveLocationDeskRule(db: Db, locationId: number, rule: Omit<LocationRule, 'site'>): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE locations SET desk_check_ins = $2, desk_check_in_before_minutes = $3, desk_check_in_after_minutes = $4
     WHERE id = $1 AND deleted_at IS NULL`, [locationId, rule.required, rule.beforeMinutes, rule.afterMinutes]);
  return rowCount === 1;
}

/** A live floorplan with its place, the site's clock and day end, its published layout and the desk rule that applies. */
export interface DeskPlace {
  floorplanId: number; floorplanName: string; siteName: string; locationName: string; timeZone: string;
  dayEndMinutes: number; layoutId: number | null; layoutUpdatedAt: Date | null; rule: DeskCheckInRule;
}

export async function deskPlace(db: Db, floorplanId: number): Promise<DeskPlace | undefined> {
  const { rows } = await db.query<RuleColumns & {
    id: number; name: string; site_name: string; location_name: string; time_zone: string; day_end_minutes: number;
    layout_id: number | null; layout_updated_at: Date | null;
  }>(
    `SELECT f.id, f.name, s.title AS site_name, l.title AS location_name, s.time_zone, s.day_end_minutes,
       lay.id AS layout_id, lay.updated_at AS layout_updated_at, ${RULE_COLUMNS}
     FROM floorplans f
     JOIN locations l ON l.id = f.location_id AND l.deleted_at IS NULL
     JOIN sites s ON s.id = l.site_id AND s.deleted_at IS NULL
     LEFT JOIN LATERAL (SELECT id, updated_at FROM layouts WHERE floorplan_id = f.id AND published ORDER BY id DESC LIMIT 1) lay ON true
     WHERE f.id = $1 AND f.deleted_at IS NULL`, [floorplanId]);
  const r = rows[0];
  if (!r) return undefined;
  return {
    floorplanId: r.id, floorplanName: r.name, siteName: r.site_name, locationName: r.location_name, timeZone: r.time_zone,
    dayEndMinutes: r.day_end_minutes, layoutId: r.layout_id, layoutUpdatedAt: r.layout_updated_at, rule: ruleOf(r),
  };
}

export interface DeskBookingRow {
  id: number; starts_at: Date; finishes_at: Date; checked_in_at: Date | null; desk_name: string | null; floorplan_name: string;
}

/** "Yours": booked by the person, or booked for them (e-mail, any case); the same people a room check-in accepts. */
const YOURS = `(b.booked_by_user_id = $2 OR (b.on_behalf_of_email <> '' AND lower(b.on_behalf_of_email) = lower($3)))`;

/**
 * The person's Approved booking at this desk that a scan is about: the one in progress or starting
 * within the next day, the earliest first (so the morning's booking comes before the afternoon's).
 */
export async function yourBookingAtDesk(db: Db, floorplanId: number, deskId: string, person: { id: number; email: string }, now: Date): Promise<DeskBookingRow | undefined> {
  const { rows } = await db.query<DeskBookingRow>(
    `SELECT b.id, b.starts_at, b.finishes_at, b.checked_in_at, b.desk_name, f.name AS floorplan_name
     FROM bookings b JOIN floorplans f ON f.id = b.floorplan_id
     WHERE b.floorplan_id = $1 AND b.desk_id = $4 AND b.status = 1 AND ${YOURS}
       AND b.finishes_at > $5::timestamptz AND b.starts_at < $5::timestamptz + interval '1 day'
     ORDER BY b.starts_at LIMIT 1`, [floorplanId, person.id, person.email, deskId, now]);
  return rows[0];
}

/** The person's Approved desk booking elsewhere (another desk or floor) in progress or starting within the next 12 hours. */
export async function yourDeskElsewhere(db: Db, floorplanId: number, deskId: string, person: { id: number; email: string }, now: Date): Promise<DeskBookingRow | undefined> {
  const { rows } = await db.query<DeskBookingRow>(
    `SELECT b.id, b.starts_at, b.finishes_at, b.checked_in_at, coalesce(b.desk_name, b.desk_id) AS desk_name, f.name AS floorplan_name
     FROM bookings b JOIN floorplans f ON f.id = b.floorplan_id
     WHERE b.desk_id IS NOT NULL AND NOT (b.floorplan_id = $1 AND b.desk_id = $4) AND b.status = 1 AND ${YOURS}
       AND b.finishes_at > $5::timestamptz AND b.starts_at < $5::timestamptz + interval '12 hours'
     ORDER BY b.starts_at LIMIT 1`, [floorplanId, person.id, person.email, deskId, now]);
  return rows[0];
}

/** When the desk's next active booking (anyone's) starts after `from`, or null: "Book now" ends before it. */
export async function nextBookingStart(db: Db, floorplanId: number, deskId: string, from: Date): Promise<Date | null> {
  const { rows } = await db.query<{ starts_at: Date }>(
    `SELECT starts_at FROM bookings WHERE floorplan_id = $1 AND desk_id = $2 AND status IN (0, 1) AND starts_at > $3
     ORDER BY starts_at LIMIT 1`, [floorplanId, deskId, from]);
  return rows[0]?.starts_at ?? null;
}

/**
 * Records the check-in in one conditional statement: an Approved desk booking of this desk, not yet
 * checked in, inside the window given. Two check-ins (or a check-in and the no-show job) at once: one
 * changes the row, the other finds nothing to change.
 */
export async function recordDeskCheckIn(
  db: Db, c: { bookingId: number; floorplanId: number; deskId: string; userId: number; name: string; at: Date; beforeMinutes: number; afterMinutes: number },
): Promise<DeskBookingRow | undefined> {
  const { rows } = await db.query<DeskBookingRow>(
    `WITH b AS (
       UPDATE bookings SET checked_in_by_user_id = $2, checked_in_by_name = $3, checked_in_at = $4, updated_at = $4
       WHERE id = $1 AND floorplan_id = $7 AND desk_id = $8 AND status = 1 AND checked_in_at IS NULL
         AND $4::timestamptz BETWEEN starts_at - make_interval(mins => $5) AND starts_at + make_interval(mins => $6)
       RETURNING *)
     SELECT b.id, b.starts_at, b.finishes_at, b.checked_in_at, b.desk_name, f.name AS floorplan_name
     FROM b JOIN floorplans f ON f.id = b.floorplan_id`,
    [c.bookingId, c.userId, c.name, c.at, c.beforeMinutes, c.afterMinutes, c.floorplanId, c.deskId],
  );
  return rows[0];
}
