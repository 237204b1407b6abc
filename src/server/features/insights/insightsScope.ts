import type { InsightKind } from '../../../domain/wire/insights.js';

/**
 * The common head of every insight query: the site (its zone and day hours, the period's bounds both on
 * its wall clock and as instants), the desks or rooms in scope, the bookable slots and the scoped
 * bookings. Parameters: $1 site id, $2 first day, $3 last day (both site-local calendar days),
 * $4 location id or null, $5 tag id or null. Tag and kind choose the SQL, so each query stays a plain
 * one the planner sees whole.
 */
export type TagType = 1 | 2 | 3 | 4 | 5;
export interface Scope { kind: InsightKind; tagType?: TagType; floorplanId?: number }

// A desk is in scope when it is bookable in the newest published layout of a live floorplan of a live
// location of the site (the desks people can book now).
const desksCte = (s: Scope) => `
  scope_desks AS MATERIALIZED (
    SELECT f.id AS floorplan_id, l.id AS location_id, d ->> 'id' AS desk_id, coalesce(nullif(d ->> 'alias', ''), d ->> 'id') AS desk_name
    FROM floorplans f JOIN locations l ON l.id = f.location_id
    JOIN LATERAL (SELECT x.json FROM layouts x WHERE x.floorplan_id = f.id AND x.published ORDER BY x.id DESC LIMIT 1) lay ON true
    CROSS JOIN LATERAL jsonb_array_elements(coalesce(lay.json::jsonb -> 'desks', '[]'::jsonb)) d
    WHERE l.site_id = $1 AND f.deleted_at IS NULL AND l.deleted_at IS NULL
      AND coalesce((d ->> 'bookable')::boolean, true) AND d ->> 'id' IS NOT NULL
      AND ($4::int IS NULL OR l.id = $4)
      ${s.floorplanId !== undefined ? `AND f.id = ${Number(s.floorplanId)}` : ''}
      ${s.tagType === 2 ? "AND d -> 'tags' @> jsonb_build_array(jsonb_build_object('Id', $5::int))" : ''}
      ${s.tagType === 4 ? 'AND l.id IN (SELECT target_id FROM tag_assignments WHERE kind = 4 AND tag_id = $5)' : ''}
      ${s.tagType === 3 ? 'AND false' : ''}
      AND $5::int IS NOT DISTINCT FROM $5::int),
  resources AS (SELECT count(*)::int AS n FROM scope_desks)`;

// A room is in scope when it is live and enabled, in a live location of the site.
const roomsCte = (s: Scope) => `
  scope_rooms AS MATERIALIZED (
    SELECT r.id, r.location_id FROM rooms r JOIN locations l ON l.id = r.location_id
    WHERE l.site_id = $1 AND r.deleted_at IS NULL AND l.deleted_at IS NULL AND NOT r.disabled
      AND ($4::int IS NULL OR l.id = $4)
      ${s.tagType === 3 ? 'AND r.id IN (SELECT target_id FROM tag_assignments WHERE kind = 3 AND tag_id = $5)' : ''}
      ${s.tagType === 4 ? 'AND l.id IN (SELECT target_id FROM tag_assignments WHERE kind = 4 AND tag_id = $5)' : ''}
      ${s.tagType === 2 ? 'AND false' : ''}
      AND $5::int IS NOT DISTINCT FROM $5::int),
  resources AS (SELECT count(*)::int AS n FROM scope_rooms)`;

/** Bookings of the scope: desk bookings of in-scope desks, or room bookings of in-scope rooms. */
const scopeFilter = (s: Scope) => s.kind === 'desk'
  ? 'AND b.desk_id IS NOT NULL AND (b.floorplan_id, b.desk_id) IN (SELECT floorplan_id, desk_id FROM scope_desks)'
  : 'AND b.room_id = ANY (ARRAY(SELECT id FROM scope_rooms))';

/**
 * site: the period [llo, lhi) on the site's wall clock and [lo, hi) as instants.
 * slots: the bookable hours. Monday to Friday, each hour of the site's day (its opening hours,
 *   day_start_minutes to day_end_minutes; a half hour at either end is a half slot), in seconds since
 *   the local midnight; a slot any whole-site closure touches is not bookable.
 * sb: every booking of the scope overlapping the period (any status), times on the site's wall clock.
 *   Room bookings last at most 7 days, so "started at most 8 days before" finds all that overlap.
 * pp: active (Pending, Approved) bookings cut at the site's midnights and clipped to the day's hours:
 *   (day, person, start and end in seconds since that midnight).
 */
export const scopeHead = (s: Scope) => `
  site AS MATERIALIZED (
    SELECT st.id, st.time_zone AS tz, st.day_start_minutes AS ds, st.day_end_minutes AS de,
      ($2::date)::timestamp AS llo, ($3::date + 1)::timestamp AS lhi,
      ($2::date)::timestamp AT TIME ZONE st.time_zone AS lo, ($3::date + 1)::timestamp AT TIME ZONE st.time_zone AS hi
    FROM sites st WHERE st.id = $1),
  ${s.kind === 'desk' ? desksCte(s) : roomsCte(s)},
  closed AS MATERIALIZED (
    SELECT c.id FROM closures c CROSS JOIN site
    WHERE c.site_id = site.id AND c.whole_site AND closure_end_over(c, site.tz, tstzrange(site.lo, site.hi, '[)')) IS NOT NULL),
  slots AS MATERIALIZED (
    SELECT d::date AS day, extract(isodow FROM d)::int AS dow, h,
      greatest(h * 3600, site.ds * 60)::float8 AS s0, least(h * 3600 + 3600, site.de * 60)::float8 AS s1
    FROM site CROSS JOIN generate_series(site.llo, site.lhi - interval '1 day', interval '1 day') d
      CROSS JOIN LATERAL generate_series(site.ds / 60, (site.de - 1) / 60) h
    WHERE extract(isodow FROM d) < 6
      AND NOT EXISTS (SELECT 1 FROM closures c WHERE c.id IN (SELECT id FROM closed)
        AND closure_end_over(c, site.tz, tstzrange(
          (d + make_interval(mins => greatest(h * 60, site.ds))) AT TIME ZONE site.tz,
          (d + make_interval(mins => least(h * 60 + 60, site.de))) AT TIME ZONE site.tz, '[)')) IS NOT NULL)),
  sb AS MATERIALIZED (
    SELECT b.holder_key, b.status, b.starts_at, b.checked_in_at, b.cancelled_at, b.floorplan_id, b.desk_id,
      b.starts_at AT TIME ZONE site.tz AS ls, b.finishes_at AT TIME ZONE site.tz AS lf
    FROM bookings b CROSS JOIN site
    WHERE b.site_id = $1 AND b.starts_at >= site.lo - interval '8 days' AND b.starts_at < site.hi AND b.finishes_at > site.lo
      AND ($4::int IS NULL OR b.location_id = $4)
      ${scopeFilter(s)}),
  pp AS MATERIALIZED (
    SELECT * FROM (
      -- Most bookings start and end within one local day of the period: no series of days to make.
      SELECT sb.ls::date AS day, sb.holder_key, sb.floorplan_id, sb.desk_id,
        greatest(extract(epoch FROM sb.ls - date_trunc('day', sb.ls)), site.ds * 60)::float8 AS sm,
        least(extract(epoch FROM sb.lf - date_trunc('day', sb.ls)), site.de * 60)::float8 AS em
      FROM sb CROSS JOIN site
      WHERE sb.status IN (0, 1) AND sb.ls >= site.llo AND sb.ls < site.lhi AND sb.lf <= date_trunc('day', sb.ls) + interval '1 day'
      UNION ALL
      SELECT d::date AS day, sb.holder_key, sb.floorplan_id, sb.desk_id,
        extract(epoch FROM greatest(sb.ls, d + make_interval(mins => site.ds)) - d)::float8 AS sm,
        extract(epoch FROM least(sb.lf, d + make_interval(mins => site.de)) - d)::float8 AS em
      FROM sb CROSS JOIN site
        CROSS JOIN LATERAL generate_series(date_trunc('day', greatest(sb.ls, site.llo)), least(sb.lf, site.lhi) - interval '1 microsecond', interval '1 day') d
      WHERE sb.status IN (0, 1) AND NOT (sb.ls >= site.llo AND sb.ls < site.lhi AND sb.lf <= date_trunc('day', sb.ls) + interval '1 day')) x
    WHERE em > sm),
  -- Open days: whole when no closure took any of its slots (then a booking's clipped time is all bookable).
  day_info AS MATERIALIZED (
    SELECT day, min(dow) AS dow, sum(s1 - s0) = (SELECT (de - ds) * 60 FROM site) AS whole FROM slots GROUP BY day)`;
