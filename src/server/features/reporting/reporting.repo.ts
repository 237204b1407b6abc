import type pg from 'pg';
import type { ReportFilter } from '../../../domain/adminRules.js';
import type { Db } from '../orgAccess/orgAccess.repo.js';

/**
 * Reports are SQL aggregations over bookings (never loaded into memory). A booking counts when it is
 * active (Pending or Approved) and starts inside the range. A bound given as a calendar day is that
 * day's midnight in each booking's site time zone; a bound given as a date-time is that instant.
 *
 * Two stages keep a year of bookings cheap: bookings are counted per group key (location, room,
 * person, site, desk) reading only the bookings table, inside a constant window one day wider than
 * the range on each side (which the planner can estimate, so a month uses bookings_starts and a
 * year scans), with the exact site-local bounds checked per row; names are joined to the few groups after.
 *
 * Parameters: $1 from, $2 to, $3 and $4 the widened window, $5 tag id (tag filter only).
 */
export interface ReportRange { from: string; fromIsDay: boolean; to: string; toIsDay: boolean }
export type TagType = 1 | 2 | 3 | 4 | 5;

const DAY_MS = 86_400_000;
/** A window that surely holds the range whatever the sites' time zones (offsets stay within a day). */
function widened(r: ReportRange): [string, string] {
  const lo = r.fromIsDay ? Date.parse(`${r.from}T00:00:00Z`) - DAY_MS : Date.parse(r.from);
  const hi = r.toIsDay ? Date.parse(`${r.to}T00:00:00Z`) + 2 * DAY_MS : Date.parse(r.to) + 1;
  return [new Date(lo).toISOString(), new Date(hi).toISOString()];
}

const boundsCte = (r: ReportRange) => `
  bounds AS (
    SELECT s.id,
      ${r.fromIsDay ? '($1::date)::timestamp AT TIME ZONE s.time_zone' : '$1::timestamptz'} AS lo,
      ${r.toIsDay ? '($2::date + 1)::timestamp AT TIME ZONE s.time_zone' : "$2::timestamptz + interval '1 millisecond'"} AS hi
    FROM sites s)`;

/** Desks carrying the tag in the latest published layout of each live floorplan (desk tags live in the drawing). */
const TAGGED_DESKS_CTE = `
  tagged_desks AS (
    SELECT f.id AS floorplan_id, f.location_id, d ->> 'id' AS desk_id, coalesce(nullif(d ->> 'alias', ''), d ->> 'id') AS desk_name
    FROM floorplans f
    JOIN LATERAL (SELECT x.json FROM layouts x WHERE x.floorplan_id = f.id AND x.published ORDER BY x.id DESC LIMIT 1) lay ON true
    CROSS JOIN LATERAL jsonb_array_elements(coalesce(lay.json::jsonb -> 'desks', '[]'::jsonb)) d
    WHERE f.deleted_at IS NULL AND d -> 'tags' @> jsonb_build_array(jsonb_build_object('Id', $5::int)))`;

/**
 * key: the group of a booking (SQL over b); where: which bookings count; names: (gid, label) for each
 * counted key c.k, joined after counting.
 */
interface Grouping { ctes: string[]; joins: string; where: string; key: string; names: string }

const BY_LOCATION = `SELECT c.k::text AS gid, s.title || ' / ' || l.title AS label, c.n FROM counted c
  JOIN locations l ON l.id = c.k JOIN sites s ON s.id = l.site_id`;
const BY_ROOM = `SELECT c.k::text AS gid, s.title || ' / ' || l.title || ' / ' || r.name AS label, c.n FROM counted c
  JOIN rooms r ON r.id = c.k JOIN locations l ON l.id = r.location_id JOIN sites s ON s.id = l.site_id`;
const tagged = (kind: number, column: string) => `b.${column} IN (SELECT target_id FROM tag_assignments WHERE kind = ${kind} AND tag_id = $5)`;

function grouping(filter: ReportFilter, tagType: TagType | undefined): Grouping {
  switch (filter) {
    case 'all':
      return { ctes: [], joins: '', where: 'true', key: "CASE WHEN b.desk_id IS NOT NULL THEN 'desk' ELSE 'room' END", names: "SELECT c.k AS gid, '' AS label, c.n FROM counted c" };
    case 'desk':
      return { ctes: [], joins: '', where: 'b.desk_id IS NOT NULL', key: 'b.location_id', names: BY_LOCATION };
    case 'room':
      return { ctes: [], joins: '', where: 'b.room_id IS NOT NULL', key: 'b.room_id', names: BY_ROOM };
    case 'tag':
      switch (tagType) {
        case 1: return {
          ctes: [], joins: '', where: tagged(1, 'booked_by_user_id'), key: 'b.booked_by_user_id',
          names: 'SELECT c.k::text AS gid, u.full_name AS label, c.n FROM counted c JOIN users u ON u.id = c.k',
        };
        case 2: return {
          ctes: [TAGGED_DESKS_CTE], joins: 'JOIN tagged_desks td ON td.floorplan_id = b.floorplan_id AND td.desk_id = b.desk_id',
          where: 'true', key: "b.floorplan_id || ':' || b.desk_id",
          names: `SELECT c.k AS gid, s.title || ' / ' || l.title || ' / ' || td.desk_name AS label, c.n FROM counted c
            JOIN tagged_desks td ON td.floorplan_id || ':' || td.desk_id = c.k JOIN locations l ON l.id = td.location_id JOIN sites s ON s.id = l.site_id`,
        };
        case 3: return { ctes: [], joins: '', where: tagged(3, 'room_id'), key: 'b.room_id', names: BY_ROOM };
        case 4: return { ctes: [], joins: '', where: tagged(4, 'location_id'), key: 'b.location_id', names: BY_LOCATION };
        case 5: return { ctes: [], joins: '', where: tagged(5, 'site_id'), key: 'b.site_id', names: 'SELECT c.k::text AS gid, s.title AS label, c.n FROM counted c JOIN sites s ON s.id = c.k' };
        default: throw new Error('tag filter without a tag type');
      }
  }
}

/** The bookings a report counts (FROM ... WHERE over b, with s the booking's site bounds). */
const counting = (g: Grouping, extraJoins = '') => `
  FROM bookings b JOIN bounds s ON s.id = b.site_id ${g.joins} ${extraJoins}
  WHERE b.starts_at >= $3::timestamptz AND b.starts_at < $4::timestamptz
    AND b.starts_at >= s.lo AND b.starts_at < s.hi AND b.status IN (0, 1) AND ${g.where}`;

const params = (r: ReportRange, tagId: number | undefined) => {
  const base: unknown[] = [r.from, r.to, ...widened(r)];
  return tagId === undefined ? base : [...base, tagId];
};

export interface Group { gid: string; label: string; n: number }

export async function countGroups(db: Db, r: ReportRange, filter: ReportFilter, tag: { id: number; type: TagType } | undefined): Promise<Group[]> {
  const g = grouping(filter, tag?.type);
  const { rows } = await db.query<Group>(
    `WITH ${[boundsCte(r), ...g.ctes].join(',')},
       counted AS (SELECT ${g.key} AS k, count(*)::int AS n ${counting(g)} GROUP BY 1)
     ${g.names}`,
    params(r, tag?.id));
  return rows;
}

/** Everything carrying the tag (live), so a tag report also lists what had no bookings. */
export async function taggedGroups(db: Db, tag: { id: number; type: TagType }): Promise<{ gid: string; label: string }[]> {
  const sql: Record<TagType, string> = {
    1: `SELECT u.id::text AS gid, u.full_name AS label FROM tag_assignments ta JOIN users u ON u.id = ta.target_id WHERE ta.kind = 1 AND ta.tag_id = $5`,
    2: `WITH ${TAGGED_DESKS_CTE} SELECT td.floorplan_id || ':' || td.desk_id AS gid, s.title || ' / ' || l.title || ' / ' || td.desk_name AS label
        FROM tagged_desks td JOIN locations l ON l.id = td.location_id JOIN sites s ON s.id = l.site_id WHERE l.deleted_at IS NULL`,
    3: `SELECT r.id::text AS gid, s.title || ' / ' || l.title || ' / ' || r.name AS label FROM tag_assignments ta JOIN rooms r ON r.id = ta.target_id
        JOIN locations l ON l.id = r.location_id JOIN sites s ON s.id = l.site_id WHERE ta.kind = 3 AND ta.tag_id = $5 AND r.deleted_at IS NULL`,
    4: `SELECT l.id::text AS gid, s.title || ' / ' || l.title AS label FROM tag_assignments ta JOIN locations l ON l.id = ta.target_id
        JOIN sites s ON s.id = l.site_id WHERE ta.kind = 4 AND ta.tag_id = $5 AND l.deleted_at IS NULL`,
    5: `SELECT s.id::text AS gid, s.title AS label FROM tag_assignments ta JOIN sites s ON s.id = ta.target_id WHERE ta.kind = 5 AND ta.tag_id = $5 AND s.deleted_at IS NULL`,
  };
  // Only the tag is a parameter here; $5 keeps one spelling with the counting queries.
  const { rows } = await db.query<{ gid: string; label: string }>(sql[tag.type].replace(/\$5/g, '$1'), [tag.id]);
  return rows;
}

export async function tagById(db: Db, id: number): Promise<{ id: number; type: TagType } | undefined> {
  return (await db.query<{ id: number; type: TagType }>('SELECT id, type FROM tags WHERE id = $1', [id])).rows[0];
}

export interface ExportRow {
  gid: string; id: number; kind: 'Desk' | 'Room'; site: string; location: string; resource: string;
  starts_at: Date; finishes_at: Date; status: number; booked_by: string; booked_by_email: string; on_behalf_of: string;
}

/**
 * The bookings of a report, one by one in start order, through a server-side cursor: one query,
 * fetched in batches, so a year of bookings streams without being held in memory.
 */
export async function* exportRows(pool: pg.Pool, r: ReportRange, filter: ReportFilter, tag: { id: number; type: TagType } | undefined): AsyncGenerator<ExportRow[]> {
  const g = grouping(filter, tag?.type);
  const client = await pool.connect();
  try {
    await client.query('BEGIN READ ONLY');
    await client.query(
      `DECLARE report_export NO SCROLL CURSOR FOR WITH ${[boundsCte(r), ...g.ctes].join(',')}
       SELECT (${g.key})::text AS gid, b.id, CASE WHEN b.desk_id IS NOT NULL THEN 'Desk' ELSE 'Room' END AS kind, st.title AS site, l.title AS location,
         coalesce(b.desk_name, b.desk_id, r.name) AS resource, b.starts_at, b.finishes_at, b.status,
         bu.full_name AS booked_by, bu.email AS booked_by_email, b.on_behalf_of_email AS on_behalf_of
       ${counting(g, `JOIN sites st ON st.id = b.site_id JOIN locations l ON l.id = b.location_id LEFT JOIN rooms r ON r.id = b.room_id
         JOIN users bu ON bu.id = b.booked_by_user_id`)}
       ORDER BY b.starts_at, b.id`,
      params(r, tag?.id));
    for (;;) {
      const { rows } = await client.query<ExportRow>('FETCH 5000 FROM report_export');
      if (rows.length === 0) break;
      yield rows;
    }
  } finally {
    // Read-only: ending with ROLLBACK closes the cursor. Also reached when the download is abandoned.
    await client.query('ROLLBACK').catch(() => undefined);
    client.release();
  }
}
