import type pg from 'pg';
import type { ReportFilter } from '../../../domain/adminRules.js';
import type { Db } from '../orgAccess/orgAccess.repo.js';

/**
 * Reports are SQL aggregations over bookings (never loaded into memory). A booking counts when it is
 * active (Pending or Approved) and starts inside the range. A bound given as a calendar day is that
 * day's midnight in each booking's site time zone; a bound given as a date-time is that instant.
 *
 * A year of bookings stays cheap because the site time zones only matter near the ends of the range:
 * - the core window (from + 14 h to the end of `to` - 14 h, UTC) lies inside every site's range
 *   whatever its UTC offset (-12 h to +14 h), so its bookings are counted per group key reading the
 *   bookings table alone (one scan, no join);
 * - the edges (a day either side) are few bookings, checked against their own site's local bounds;
 * - names are joined to the few groups afterwards.
 *
 * Parameters: $1 from, $2 to (site-local bounds), $3 edge start, $4 core start, $5 core end,
 * $6 edge end, $7 tag id (tag filter only).
 */
export interface ReportRange { from: string; fromIsDay: boolean; to: string; toIsDay: boolean }
export type TagType = 1 | 2 | 3 | 4 | 5;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const MAX_OFFSET_MS = 14 * HOUR_MS;

/** [edge start, core start, core end, edge end] as ISO instants. */
export function windows(r: ReportRange): [string, string, string, string] {
  const day = (d: string) => Date.parse(`${d}T00:00:00Z`);
  const wideLo = r.fromIsDay ? day(r.from) - DAY_MS : Date.parse(r.from);
  const wideHi = r.toIsDay ? day(r.to) + 2 * DAY_MS : Date.parse(r.to) + 1;
  let coreLo = r.fromIsDay ? day(r.from) + MAX_OFFSET_MS : wideLo;
  let coreHi = r.toIsDay ? day(r.to) + DAY_MS - MAX_OFFSET_MS : wideHi;
  if (coreLo >= coreHi) coreLo = coreHi = wideHi; // a short range: all of it is edge
  return [wideLo, coreLo, coreHi, wideHi].map((t) => new Date(t).toISOString()) as [string, string, string, string];
}

// MATERIALIZED: each site's bounds are computed once, not once per booking row.
const boundsCte = (r: ReportRange) => `
  bounds AS MATERIALIZED (
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
    WHERE f.deleted_at IS NULL AND d -> 'tags' @> jsonb_build_array(jsonb_build_object('Id', $7::int)))`;

/**
 * key: the group of a booking (SQL over b); where: which bookings count; names: (gid, label) for each
 * counted key c.k, joined after counting.
 */
interface Grouping { ctes: string[]; joins: string; where: string; key: string; names: string }

const BY_LOCATION = `SELECT c.k::text AS gid, s.title || ' / ' || l.title AS label, c.n FROM counted c
  JOIN locations l ON l.id = c.k JOIN sites s ON s.id = l.site_id`;
const BY_ROOM = `SELECT c.k::text AS gid, s.title || ' / ' || l.title || ' / ' || r.name AS label, c.n FROM counted c
  JOIN rooms r ON r.id = c.k JOIN locations l ON l.id = r.location_id JOIN sites s ON s.id = l.site_id`;
// = ANY (ARRAY(...)): the tagged ids become one list the scan filters on (a semi-join made the
// planner fetch each tagged location's bookings separately, twice as slow over a year).
const tagged = (kind: number, column: string) => `b.${column} = ANY (ARRAY(SELECT target_id FROM tag_assignments WHERE kind = ${kind} AND tag_id = $7))`;

function grouping(filter: ReportFilter, tagType: TagType | undefined): Grouping {
  switch (filter) {
    case 'all':
      return { ctes: [], joins: '', where: 'true', key: "CASE WHEN b.room_id IS NULL THEN 'desk' ELSE 'room' END", names: "SELECT c.k AS gid, '' AS label, c.n FROM counted c" };
    case 'desk':
      return { ctes: [], joins: '', where: 'b.room_id IS NULL', key: 'b.location_id', names: BY_LOCATION };
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

/** The bookings of the edges a report counts, each checked against its site's local bounds (FROM ... WHERE over b). */
const atEdges = (g: Grouping, extraJoins = '') => `
  FROM bookings b JOIN bounds s ON s.id = b.site_id ${g.joins} ${extraJoins}
  WHERE ((b.starts_at >= $3::timestamptz AND b.starts_at < $4::timestamptz) OR (b.starts_at >= $5::timestamptz AND b.starts_at < $6::timestamptz))
    AND b.starts_at >= s.lo AND b.starts_at < s.hi AND b.status IN (0, 1) AND ${g.where}`;
/** The bookings of the core window, which every site's range holds. */
const inCore = (g: Grouping, extraJoins = '') => `
  FROM bookings b ${g.joins} ${extraJoins}
  WHERE b.starts_at >= $4::timestamptz AND b.starts_at < $5::timestamptz AND b.status IN (0, 1) AND ${g.where}`;

const params = (r: ReportRange, tagId: number | undefined) => {
  const base: unknown[] = [r.from, r.to, ...windows(r)];
  return tagId === undefined ? base : [...base, tagId];
};

export interface Group { gid: string; label: string; n: number }

export async function countGroups(db: Db, r: ReportRange, filter: ReportFilter, tag: { id: number; type: TagType } | undefined): Promise<Group[]> {
  const g = grouping(filter, tag?.type);
  const { rows } = await db.query<Group>(
    `WITH ${[boundsCte(r), ...g.ctes].join(',')},
       counted AS (SELECT k, sum(n)::int AS n FROM (
         SELECT ${g.key} AS k, count(*) AS n ${inCore(g)} GROUP BY 1
         UNION ALL
         SELECT ${g.key} AS k, count(*) AS n ${atEdges(g)} GROUP BY 1) parts GROUP BY k)
     ${g.names}`,
    params(r, tag?.id));
  return rows;
}

/** Everything carrying the tag (live), so a tag report also lists what had no bookings. */
export async function taggedGroups(db: Db, tag: { id: number; type: TagType }): Promise<{ gid: string; label: string }[]> {
  const sql: Record<TagType, string> = {
    1: `SELECT u.id::text AS gid, u.full_name AS label FROM tag_assignments ta JOIN users u ON u.id = ta.target_id WHERE ta.kind = 1 AND ta.tag_id = $7`,
    2: `WITH ${TAGGED_DESKS_CTE} SELECT td.floorplan_id || ':' || td.desk_id AS gid, s.title || ' / ' || l.title || ' / ' || td.desk_name AS label
        FROM tagged_desks td JOIN locations l ON l.id = td.location_id JOIN sites s ON s.id = l.site_id WHERE l.deleted_at IS NULL`,
    3: `SELECT r.id::text AS gid, s.title || ' / ' || l.title || ' / ' || r.name AS label FROM tag_assignments ta JOIN rooms r ON r.id = ta.target_id
        JOIN locations l ON l.id = r.location_id JOIN sites s ON s.id = l.site_id WHERE ta.kind = 3 AND ta.tag_id = $7 AND r.deleted_at IS NULL`,
    4: `SELECT l.id::text AS gid, s.title || ' / ' || l.title AS label FROM tag_assignments ta JOIN locations l ON l.id = ta.target_id
        JOIN sites s ON s.id = l.site_id WHERE ta.kind = 4 AND ta.tag_id = $7 AND l.deleted_at IS NULL`,
    5: `SELECT s.id::text AS gid, s.title AS label FROM tag_assignments ta JOIN sites s ON s.id = ta.target_id WHERE ta.kind = 5 AND ta.tag_id = $7 AND s.deleted_at IS NULL`,
  };
  // Only the tag is a parameter here; $7 keeps one spelling with the counting queries.
  const { rows } = await db.query<{ gid: string; label: string }>(sql[tag.type].replace(/\$7/g, '$1'), [tag.id]);
  return rows;
}

export async function tagById(db: Db, id: number): Promise<{ id: number; type: TagType } | undefined> {
  return (await db.query<{ id: number; type: TagType }>('SELECT id, type FROM tags WHERE id = $1', [id])).rows[0];
}

export interface ExportRow {
  gid: string; id: number; kind: 'Desk' | 'Room'; site: string; location: string; resource: string;
  starts_at: Date; finishes_at: Date; time_zone: string; status: number; booked_by: string; booked_by_email: string; on_behalf_of: string;
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
         coalesce(b.desk_name, b.desk_id, r.name) AS resource, b.starts_at, b.finishes_at, st.time_zone, b.status,
         bu.full_name AS booked_by, bu.email AS booked_by_email, b.on_behalf_of_email AS on_behalf_of
       FROM bookings b JOIN bounds s ON s.id = b.site_id ${g.joins}
         JOIN sites st ON st.id = b.site_id JOIN locations l ON l.id = b.location_id LEFT JOIN rooms r ON r.id = b.room_id
         JOIN users bu ON bu.id = b.booked_by_user_id
       WHERE b.starts_at >= $3::timestamptz AND b.starts_at < $6::timestamptz AND b.status IN (0, 1) AND ${g.where}
         AND ((b.starts_at >= $4::timestamptz AND b.starts_at < $5::timestamptz) OR (b.starts_at >= s.lo AND b.starts_at < s.hi))
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
