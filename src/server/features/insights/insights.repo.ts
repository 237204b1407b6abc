import pg from 'pg';
import type { Db } from '../orgAccess/orgAccess.repo.js';
import { readDeskHeatRolled, readInsightsRolled } from './insightsRolled.repo.js';
import { fillRollups } from './insightsRollup.js';
import { scopeHead, type Scope } from './insightsScope.js';

/**
 * Insight figures, in one statement per screen. Counts of distinct people come with every figure: the
 * service suppresses what is about too few people. Times are seconds on the site's wall clock.
 * Closed past days come from the roll-ups (insightsRollup.ts, built here first when missing); the
 * straightforward count from the bookings table (readInsightsDirect) is the reference, and answers
 * when the roll-ups cannot (a scope that splits a unit).
 */
export interface Bucket { k: number; booked: number; bookable: number; people: number }
export interface RawInsights {
  resources: number; ds: number; de: number; tz: string;
  total: Bucket; weekday: Bucket[]; hour: Bucket[];
  peak: { day: string; peak: number; people: number }[];
  checkins: { n: number; checked: number; noshow: number; people: number };
  cancels: { bucket: string; n: number; people: number }[];
}

export interface ScopeParams { siteId: number; from: string; to: string; locationId: number | null; tagId: number | null }
const args = (p: ScopeParams) => [p.siteId, p.from, p.to, p.locationId, p.tagId];

/**
 * `people` of each group is its exact count of distinct people, or (from the roll-ups) a lower bound
 * that already reaches `min`: either way `shown(value, people, min)` decides exactly.
 */
export async function readInsights(pool: pg.Pool, scope: Scope, p: ScopeParams, now: Date, min: number): Promise<RawInsights> {
  await fillRollups(pool, p.siteId, p.from, p.to);
  return (await readInsightsRolled(pool, scope, p, now, min)) ?? readInsightsDirect(pool, scope, p, now);
}

export async function readInsightsDirect(db: Db, scope: Scope, p: ScopeParams, now: Date): Promise<RawInsights> {
  const { rows } = await db.query<{ j: RawInsights }>(
    `WITH ${scopeHead(scope)},
     shapes AS MATERIALIZED (SELECT day, sm, em, count(*)::int AS n FROM pp GROUP BY 1, 2, 3),
     slot_booked AS (
       SELECT sl.dow, sl.h, sum(sh.n * (least(sh.em, sl.s1) - greatest(sh.sm, sl.s0)))::float8 AS secs
       FROM shapes sh JOIN slots sl ON sl.day = sh.day AND sh.sm < sl.s1 AND sh.em > sl.s0 GROUP BY 1, 2),
     open_pp AS MATERIALIZED (SELECT pp.holder_key, pp.sm, pp.em, di.dow FROM pp JOIN day_info di USING (day)),
     dow_people AS MATERIALIZED (SELECT dow, count(DISTINCT holder_key)::int AS n FROM open_pp GROUP BY dow),
     hour_people AS MATERIALIZED (
       SELECT h, count(DISTINCT holder_key)::int AS n
       FROM (SELECT DISTINCT holder_key, floor(sm / 3600)::int AS h0, ceil(em / 3600)::int AS h1 FROM open_pp) x
         CROSS JOIN LATERAL generate_series(h0, h1 - 1) h GROUP BY h),
     ev AS (SELECT day, t, sum(dlt) AS dlt FROM (SELECT day, sm AS t, n AS dlt FROM shapes UNION ALL SELECT day, em, -n FROM shapes) e GROUP BY 1, 2),
     peaks AS (SELECT day, max(occ)::int AS peak FROM (SELECT day, sum(dlt) OVER (PARTITION BY day ORDER BY t) AS occ FROM ev) r GROUP BY day),
     day_people AS (SELECT day, count(DISTINCT holder_key)::int AS n FROM pp GROUP BY day),
     started AS (SELECT sb.* FROM sb CROSS JOIN site WHERE sb.starts_at >= site.lo AND sb.starts_at < site.hi)
     SELECT json_build_object(
       'resources', (SELECT n FROM resources),
       'ds', (SELECT ds FROM site), 'de', (SELECT de FROM site), 'tz', (SELECT tz FROM site),
       'total', json_build_object('k', 0,
          'booked', coalesce((SELECT sum(secs) FROM slot_booked), 0),
          'bookable', coalesce((SELECT sum(s1 - s0) FROM slots), 0),
          'people', (SELECT count(DISTINCT holder_key) FROM open_pp)),
       'weekday', (SELECT json_agg(json_build_object('k', w,
          'booked', coalesce((SELECT sum(secs) FROM slot_booked sb2 WHERE sb2.dow = w), 0),
          'bookable', coalesce((SELECT sum(s1 - s0) FROM slots WHERE dow = w), 0),
          'people', coalesce((SELECT n FROM dow_people WHERE dow = w), 0)) ORDER BY w) FROM generate_series(1, 5) w),
       'hour', (SELECT json_agg(json_build_object('k', h,
          'booked', coalesce((SELECT sum(secs) FROM slot_booked sb2 WHERE sb2.h = hs.h), 0),
          'bookable', coalesce((SELECT sum(s1 - s0) FROM slots WHERE slots.h = hs.h), 0),
          'people', coalesce((SELECT n FROM hour_people hp WHERE hp.h = hs.h), 0)) ORDER BY h)
          FROM site CROSS JOIN LATERAL generate_series(site.ds / 60, (site.de - 1) / 60) hs(h)),
       'peak', (SELECT json_agg(json_build_object('day', d::date, 'peak', coalesce(pk.peak, 0), 'people', coalesce(dp.n, 0)) ORDER BY d)
          FROM site CROSS JOIN generate_series(site.llo, site.lhi - interval '1 day', interval '1 day') d
          LEFT JOIN peaks pk ON pk.day = d::date LEFT JOIN day_people dp ON dp.day = d::date),
       'checkins', (SELECT json_build_object(
          'n', count(*), 'checked', count(*) FILTER (WHERE checked_in_at IS NOT NULL), 'noshow', count(*) FILTER (WHERE status = 4),
          'people', count(DISTINCT holder_key))
          FROM started WHERE status IN (1, 4) AND starts_at < $6::timestamptz),
       'cancels', (SELECT coalesce(json_agg(json_build_object('bucket', bucket, 'n', n, 'people', people)), '[]'::json) FROM (
          SELECT bucket, count(*)::int AS n, count(DISTINCT holder_key)::int AS people FROM (
            SELECT holder_key, CASE WHEN lead < 0 THEN 'afterStart' WHEN lead < 3600 THEN 'under1h' WHEN lead < 86400 THEN '1to24h'
              WHEN lead < 604800 THEN '1to7d' ELSE 'over7d' END AS bucket
            FROM (SELECT holder_key, extract(epoch FROM starts_at - cancelled_at) AS lead FROM started WHERE status = 3 AND cancelled_at IS NOT NULL) l) c
          GROUP BY bucket) cb)
     ) AS j`,
    [...args(p), now.toISOString()]);
  return rows[0]!.j;
}

/** Per desk of one floorplan: booked seconds in bookable slots, distinct people, over the period. */
export interface DeskRow { desk_id: string; desk_name: string; booked: number; people: number }
export async function readDeskHeat(pool: pg.Pool, floorplanId: number, p: ScopeParams, now: Date): Promise<{ bookable: number; desks: DeskRow[] }> {
  await fillRollups(pool, p.siteId, p.from, p.to);
  return (await readDeskHeatRolled(pool, floorplanId, p, now)) ?? readDeskHeatDirect(pool, floorplanId, p);
}

export async function readDeskHeatDirect(db: Db, floorplanId: number, p: ScopeParams): Promise<{ bookable: number; desks: DeskRow[] }> {
  const scope: Scope = { kind: 'desk', floorplanId };
  const { rows } = await db.query<{ j: { bookable: number; desks: DeskRow[] | null } }>(
    `WITH ${scopeHead(scope)},
     per_desk AS (
       SELECT floorplan_id, desk_id, sum(secs)::float8 AS booked FROM (
         SELECT pp.floorplan_id, pp.desk_id, pp.em - pp.sm AS secs FROM pp JOIN day_info di ON di.day = pp.day AND di.whole
         UNION ALL
         SELECT pp.floorplan_id, pp.desk_id, least(pp.em, sl.s1) - greatest(pp.sm, sl.s0)
         FROM pp JOIN day_info di ON di.day = pp.day AND NOT di.whole JOIN slots sl ON sl.day = pp.day AND pp.sm < sl.s1 AND pp.em > sl.s0) x
       GROUP BY 1, 2),
     desk_people AS (SELECT floorplan_id, desk_id, count(DISTINCT holder_key)::int AS n FROM pp JOIN day_info USING (day) GROUP BY 1, 2)
     SELECT json_build_object(
       'bookable', coalesce((SELECT sum(s1 - s0) FROM slots), 0),
       'desks', (SELECT json_agg(json_build_object('desk_id', sd.desk_id, 'desk_name', sd.desk_name,
          'booked', coalesce(b.booked, 0), 'people', coalesce(dp.n, 0)) ORDER BY sd.desk_id)
          FROM scope_desks sd LEFT JOIN per_desk b USING (floorplan_id, desk_id) LEFT JOIN desk_people dp USING (floorplan_id, desk_id))) AS j`,
    args(p));
  const j = rows[0]!.j;
  return { bookable: j.bookable, desks: j.desks ?? [] };
}

/**
 * Per day of the period, the site's desk and room bookings as distinct people:
 * ahead: booked before the day began (site's midnight) and not cancelled or rejected by then;
 * booked: active (Pending, Approved) now; checked: checked in.
 */
export interface DailyRaw { day: string; ahead: number; booked: number; checked: number }
export async function readDaily(db: Db, siteId: number, from: string, to: string): Promise<DailyRaw[]> {
  // Roll up closed days first when given the pool (a caller inside a transaction reads what is there).
  if (db instanceof pg.Pool) await fillRollups(db, siteId, from, to);
  // Rolled days from insight_days; the other days (a run at the end, usually) counted here, in the
  // same statement (one snapshot).
  const { rows } = await db.query<DailyRaw>(
    `WITH site AS MATERIALIZED (
       SELECT st.id, st.time_zone AS tz, ($2::date)::timestamp AS llo, ($3::date + 1)::timestamp AS lhi
       FROM sites st WHERE st.id = $1),
     cov AS MATERIALIZED (
       SELECT d.day, d.ahead, d.booked, d.checked FROM insight_days d CROSS JOIN site
       WHERE d.site_id = $1 AND d.day BETWEEN $2::date AND $3::date AND d.tz = site.tz),
     unc AS MATERIALIZED (
       SELECT g::date AS day FROM site CROSS JOIN generate_series(site.llo, site.lhi - interval '1 day', interval '1 day') g
       WHERE g::date NOT IN (SELECT day FROM cov)),
     span AS MATERIALIZED (
       SELECT min(day)::timestamp AS llo, (max(day) + 1)::timestamp AS lhi, min(day)::timestamp AT TIME ZONE site.tz AS lo,
         (max(day) + 1)::timestamp AT TIME ZONE site.tz AS hi
       FROM unc CROSS JOIN site GROUP BY site.tz),
     per_day AS (
       SELECT d::date AS day, (d AT TIME ZONE site.tz) AS day_start, b.holder_key, b.status, b.created_at, b.cancelled_at, b.checked_in_at
       FROM bookings b CROSS JOIN site CROSS JOIN span
         CROSS JOIN LATERAL generate_series(date_trunc('day', greatest(b.starts_at AT TIME ZONE site.tz, span.llo)),
           least(b.finishes_at AT TIME ZONE site.tz, span.lhi) - interval '1 microsecond', interval '1 day') d
       WHERE b.site_id = $1 AND b.starts_at >= span.lo - interval '8 days' AND b.starts_at < span.hi AND b.finishes_at > span.lo),
     counted AS (
       SELECT day,
         count(DISTINCT holder_key) FILTER (WHERE created_at < day_start
           AND (status IN (0, 1, 4) OR (status IN (2, 3) AND cancelled_at >= day_start)))::int AS ahead,
         count(DISTINCT holder_key) FILTER (WHERE status IN (0, 1))::int AS booked,
         count(DISTINCT holder_key) FILTER (WHERE checked_in_at IS NOT NULL)::int AS checked
       FROM per_day WHERE day IN (SELECT day FROM unc) GROUP BY day)
     SELECT to_char(d, 'YYYY-MM-DD') AS day, coalesce(cv.ahead, c.ahead, 0) AS ahead, coalesce(cv.booked, c.booked, 0) AS booked,
       coalesce(cv.checked, c.checked, 0) AS checked
     FROM site CROSS JOIN generate_series(site.llo, site.lhi - interval '1 day', interval '1 day') d
       LEFT JOIN cov cv ON cv.day = d::date LEFT JOIN counted c ON c.day = d::date
     ORDER BY d`,
    [siteId, from, to]);
  return rows;
}
