import type { Db } from '../orgAccess/orgAccess.repo.js';
import type { DeskRow, RawInsights, ScopeParams } from './insights.repo.js';
import { ROW_COLUMNS, rollupCtes } from './insightsRollup.js';
import { scopeHead, type Scope } from './insightsScope.js';

/**
 * readInsights from the roll-ups (insightsRollup.ts): stored unit-day rows for the rolled days of the
 * period, rows built inline for the others, one statement (one snapshot). Sums add up; distinct people
 * do not, so each group's people is the largest unit-day's count when that alone reaches the minimum
 * group size (the figure is then shown whatever the exact count), else the exact count from the rows'
 * people (only then are their keys read). Answers null when a unit in scope has bookings on a desk or
 * room that is not (a desk tag, a desk since removed): the caller then counts from the bookings.
 */
/**
 * The head shared by the rolled reads ($6 now): the scope (insightsScope.ts), its units and desks or
 * rooms, the rolled days of the period (cov), unit-day rows of the scope (stored ones for rolled days,
 * built inline for the others) and whether the scope splits a unit (bad).
 */
function rolledHead(scope: Scope): string {
  const kind = scope.kind === 'desk' ? 0 : 1;
  const items = scope.kind === 'desk'
    ? `SELECT floorplan_id AS unit, location_id || ':' || desk_id AS item FROM scope_desks`
    : `SELECT location_id AS unit, location_id || ':' || id AS item FROM scope_rooms`;
  return `${scopeHead(scope)},
     scope_items AS MATERIALIZED (${items}),
     scope_units AS MATERIALIZED (SELECT DISTINCT unit FROM scope_items),
     cov AS MATERIALIZED (
       SELECT d.day FROM insight_days d CROSS JOIN site
       WHERE d.site_id = $1 AND d.day BETWEEN $2::date AND $3::date AND (d.tz, d.ds, d.de) = (site.tz, site.ds, site.de)
         AND (d.day + 1)::timestamp AT TIME ZONE site.tz <= $6::timestamptz),
     rb_days_in AS (
       SELECT g::date AS day FROM site CROSS JOIN generate_series(site.llo, site.lhi - interval '1 day', interval '1 day') g
       WHERE g::date NOT IN (SELECT day FROM cov)),
     ${rollupCtes('$6')},
     -- Not materialized: each use reads only the columns it needs (the people's keys stay unread).
     rows AS NOT MATERIALIZED (
       SELECT day, unit, ${ROW_COLUMNS} FROM insight_unit_days u
       WHERE u.site_id = $1 AND u.kind = ${kind} AND u.day IN (SELECT day FROM cov) AND u.unit IN (SELECT unit FROM scope_units)
       UNION ALL
       SELECT day, unit, ${ROW_COLUMNS} FROM rb_rows WHERE kind = ${kind} AND unit IN (SELECT unit FROM scope_units)),
     bad AS (
       SELECT EXISTS (SELECT 1 FROM insight_unit_items i WHERE i.site_id = $1 AND i.kind = ${kind} AND i.first_day <= $3::date AND i.last_day >= $2::date
           AND i.unit IN (SELECT unit FROM scope_units) AND (i.unit, i.item) NOT IN (SELECT unit, item FROM scope_items))
         OR EXISTS (SELECT 1 FROM rb_items i WHERE i.kind = ${kind}
           AND i.unit IN (SELECT unit FROM scope_units) AND (i.unit, i.item) NOT IN (SELECT unit, item FROM scope_items)) AS bad)`;
}

export async function readInsightsRolled(db: Db, scope: Scope, p: ScopeParams, now: Date, min: number): Promise<RawInsights | null> {
  const { rows } = await db.query<{ j: RawInsights & { bad: boolean } }>(rolledInsightsSql(scope), rolledInsightsArgs(p, now, min));
  const { bad, ...raw } = rows[0]!.j;
  return bad ? null : raw;
}

/** The parameters of rolledInsightsSql. */
export const rolledInsightsArgs = (p: ScopeParams, now: Date, min: number) => [p.siteId, p.from, p.to, p.locationId, p.tagId, now.toISOString(), min];

/** The statement of readInsightsRolled (exported for the benchmark's EXPLAIN). */
export function rolledInsightsSql(scope: Scope): string {
  return `WITH ${rolledHead(scope)},
     open_rows AS NOT MATERIALIZED (SELECT r.*, di.dow FROM rows r JOIN day_info di USING (day)),
     rsec AS (
       SELECT r.day, (g.o - 1)::int AS h, sum(g.s) AS secs
       FROM rows r CROSS JOIN LATERAL unnest(r.secs) WITH ORDINALITY g(s, o) WHERE g.s > 0 GROUP BY 1, 2),
     slot_booked AS MATERIALIZED (SELECT sl.dow, sl.h, sum(x.secs)::float8 AS secs FROM rsec x JOIN slots sl ON sl.day = x.day AND sl.h = x.h GROUP BY 1, 2),
     dow_people AS MATERIALIZED (
       SELECT o.dow, (CASE WHEN max(o.people) >= $7 OR max(o.people) = 0 THEN max(o.people)
         ELSE (SELECT count(DISTINCT hk) FROM open_rows o2 CROSS JOIN unnest(o2.holders) hk WHERE o2.dow = o.dow) END)::int AS n
       FROM open_rows o GROUP BY o.dow),
     hour_people AS MATERIALIZED (
       SELECT g.h, (CASE WHEN max(o.hpeople[g.h + 1]) >= $7 OR max(o.hpeople[g.h + 1]) = 0 THEN max(o.hpeople[g.h + 1])
         ELSE (SELECT count(DISTINCT x.hk) FROM open_rows o2 CROSS JOIN unnest(o2.holders, o2.hmask) x(hk, m)
               WHERE o2.hpeople[g.h + 1] > 0 AND (x.m >> g.h) & 1 = 1) END)::int AS n
       FROM open_rows o CROSS JOIN site CROSS JOIN LATERAL generate_series(site.ds / 60, (site.de - 1) / 60) g(h) GROUP BY g.h),
     total_people AS MATERIALIZED (
       SELECT (CASE WHEN max(people) >= $7 OR max(people) = 0 THEN max(people) ELSE (SELECT count(DISTINCT hk) FROM open_rows CROSS JOIN unnest(holders) hk) END)::int AS n
       FROM open_rows),
     day_people AS MATERIALIZED (
       SELECT r.day, (CASE WHEN max(r.people) >= $7 OR max(r.people) = 0 THEN max(r.people)
         ELSE (SELECT count(DISTINCT hk) FROM rows r2 CROSS JOIN unnest(r2.holders) hk WHERE r2.day = r.day) END)::int AS n
       FROM rows r GROUP BY r.day),
     ev AS (SELECT r.day, e.t, sum(e.d) AS dlt FROM rows r CROSS JOIN LATERAL unnest(r.ev_t, r.ev_d) e(t, d) GROUP BY 1, 2),
     peaks AS MATERIALIZED (SELECT day, max(occ)::int AS peak FROM (SELECT day, sum(dlt) OVER (PARTITION BY day ORDER BY t) AS occ FROM ev) x GROUP BY day),
     ci AS MATERIALIZED (
       SELECT coalesce(sum(ci_n), 0)::int AS n, coalesce(sum(ci_checked), 0)::int AS checked, coalesce(sum(ci_noshow), 0)::int AS noshow,
         (CASE WHEN max(ci_people) >= $7 OR max(ci_people) = 0 THEN max(ci_people) ELSE (SELECT count(DISTINCT hk) FROM rows CROSS JOIN unnest(ci_holders) hk) END)::int AS people
       FROM rows),
     cancels AS MATERIALIZED (
       SELECT (ARRAY['afterStart', 'under1h', '1to24h', '1to7d', 'over7d'])[c.b + 1] AS bucket, count(*)::int AS n, count(DISTINCT c.hk)::int AS people
       FROM rows r CROSS JOIN LATERAL unnest(r.cn_bucket, r.cn_holder) c(b, hk) GROUP BY c.b)
     SELECT json_build_object(
       'bad', (SELECT bad FROM bad),
       'resources', (SELECT n FROM resources),
       'ds', (SELECT ds FROM site), 'de', (SELECT de FROM site), 'tz', (SELECT tz FROM site),
       'total', json_build_object('k', 0,
          'booked', coalesce((SELECT sum(secs) FROM slot_booked), 0),
          'bookable', coalesce((SELECT sum(s1 - s0) FROM slots), 0),
          'people', (SELECT n FROM total_people)),
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
       'checkins', (SELECT json_build_object('n', n, 'checked', checked, 'noshow', noshow, 'people', people) FROM ci),
       'cancels', (SELECT coalesce(json_agg(json_build_object('bucket', bucket, 'n', n, 'people', people)), '[]'::json) FROM cancels)
     ) AS j`;
}

/**
 * readDeskHeat from the roll-ups: per desk of the floorplan, booked seconds and distinct people over
 * the open days. Null when the scope splits the floorplan or a whole-site closure takes part of a day
 * (slot-by-slot clipping is then needed): the caller counts from the bookings.
 */
export async function readDeskHeatRolled(db: Db, floorplanId: number, p: ScopeParams, now: Date): Promise<{ bookable: number; desks: DeskRow[] } | null> {
  const scope: Scope = { kind: 'desk', floorplanId };
  const { rows } = await db.query<{ j: { bad: boolean; bookable: number; desks: DeskRow[] | null } }>(
    `WITH ${rolledHead(scope)},
     dh AS (
       SELECT x.item, x.hk, x.secs FROM rows r JOIN day_info di ON di.day = r.day
         CROSS JOIN LATERAL unnest(r.dh_item, r.dh_holder, r.dh_secs) x(item, hk, secs)),
     per_item AS MATERIALIZED (SELECT item, sum(secs)::float8 AS booked, count(DISTINCT hk)::int AS n FROM dh GROUP BY item)
     SELECT json_build_object(
       'bad', (SELECT bad FROM bad) OR EXISTS (SELECT 1 FROM day_info WHERE NOT whole),
       'bookable', coalesce((SELECT sum(s1 - s0) FROM slots), 0),
       'desks', (SELECT json_agg(json_build_object('desk_id', sd.desk_id, 'desk_name', sd.desk_name,
          'booked', coalesce(b.booked, 0), 'people', coalesce(b.n, 0)) ORDER BY sd.desk_id)
          FROM scope_desks sd LEFT JOIN per_item b ON b.item = sd.location_id || ':' || sd.desk_id)) AS j`,
    [p.siteId, p.from, p.to, p.locationId, p.tagId, now.toISOString()]);
  const { bad, ...j } = rows[0]!.j;
  return bad ? null : { bookable: j.bookable, desks: j.desks ?? [] };
}
