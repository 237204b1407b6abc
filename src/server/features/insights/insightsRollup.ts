import type pg from 'pg';
import { inTransaction } from '../../db/transaction.js';

/**
 * Roll-ups of closed past days (migration 0032): what each site-local day contributes to insights, per
 * unit (a floorplan for desk bookings, a location for room bookings), so a year's insight reads ~7,000
 * rows instead of a million bookings. One SQL text builds the rows, both to store them and, inline in a
 * read, for the days not (yet) stored, so the two can never count differently.
 */

/** The columns of a unit-day row after its key, in insight_unit_days and rb_rows alike. */
export const ROW_COLUMNS = 'secs, hpeople, people, holders, hmask, ev_t, ev_d, ci_n, ci_checked, ci_noshow, ci_people, ci_holders, cn_bucket, cn_holder, dh_item, dh_holder, dh_secs';

/** Advisory lock key (with the site id) shared with insight_forget() in migration 0032. */
const LOCK_KEY = 25032;
/** Days to roll up per transaction: keeps each statement well inside the 15 s statement timeout. */
const RUN_DAYS = 16;
/** A fill storing at least this many days (a first roll-up of a period, not a night's day) ends with ANALYZE. */
const ANALYZE_AFTER_DAYS = RUN_DAYS;
/**
 * Why: right after a first roll-up (a year at a new site, or after a deploy) autovacuum may not have
 * analysed the roll-up tables yet, and without statistics the planner picks plans 2-5 times slower for the
 * rolled reads that follow (issue 25 bench, a year of 1,000,000 bookings: rooms of the site 970 ms instead
 * of 160 ms, desks of 5 tagged floors 460 instead of 150, desks of the site 410 instead of 190). The key
 * columns are enough for the plans and take ~0.1 s (the array columns would take ~0.8 s; autovacuum still
 * analyses the whole tables later, as a column list does not reset its count of changes).
 */
const ANALYZE_SQL = 'ANALYZE insight_days, insight_unit_days (site_id, kind, day, unit), insight_unit_items';

/**
 * CTEs building unit-day rows for the days of a CTE `rb_days_in(day date)` defined before them, at
 * site $1. `nowParam` is the instant before which a started booking counts as checkable. Gives
 * rb_rows (the columns of insight_unit_days), rb_items (which desks and rooms, over which days) and
 * rb_daily (the daily forecast per day, desks and rooms together). Times are cut at the site's
 * midnights on its wall clock and clipped to its day hours, exactly as insightsScope.ts's pp.
 */
export const rollupCtes = (nowParam: string) => `
  rb_site AS MATERIALIZED (SELECT st.time_zone AS tz, st.day_start_minutes AS ds, st.day_end_minutes AS de FROM sites st WHERE st.id = $1),
  rb_days AS MATERIALIZED (
    SELECT i.day, i.day::timestamp AS llo, (i.day + 1)::timestamp AS lhi, i.day::timestamp AT TIME ZONE s.tz AS lo
    FROM rb_days_in i CROSS JOIN rb_site s),
  rb_sb AS MATERIALIZED (
    SELECT CASE WHEN b.room_id IS NULL THEN 0 ELSE 1 END AS kind,
      CASE WHEN b.room_id IS NULL THEN b.floorplan_id ELSE b.location_id END AS unit,
      b.location_id || ':' || coalesce(b.desk_id, b.room_id::text) AS item,
      b.holder_key, b.status, b.starts_at, b.created_at, b.checked_in_at, b.cancelled_at,
      b.starts_at AT TIME ZONE s.tz AS ls, b.finishes_at AT TIME ZONE s.tz AS lf
    FROM bookings b CROSS JOIN rb_site s
      CROSS JOIN (SELECT min(llo) AS llo, max(lhi) AS lhi FROM rb_days) span
    -- Bookings last at most 7 days, so "started at most 8 days before" finds all that overlap.
    WHERE b.site_id = $1 AND b.starts_at >= (span.llo AT TIME ZONE s.tz) - interval '8 days'
      AND b.starts_at < span.lhi AT TIME ZONE s.tz AND b.finishes_at > span.llo AT TIME ZONE s.tz),
  -- Each booking's local days (unclipped): the daily forecast counts a booking on every day it touches.
  rb_touch AS MATERIALIZED (
    SELECT g::date AS day, sb.* FROM rb_sb sb
      CROSS JOIN LATERAL generate_series(date_trunc('day', sb.ls), sb.lf - interval '1 microsecond', interval '1 day') g
    WHERE g::date IN (SELECT day FROM rb_days)),
  rb_daily AS (
    SELECT d.day,
      count(DISTINCT t.holder_key) FILTER (WHERE t.created_at < d.lo
        AND (t.status IN (0, 1, 4) OR (t.status IN (2, 3) AND t.cancelled_at >= d.lo)))::int AS ahead,
      count(DISTINCT t.holder_key) FILTER (WHERE t.status IN (0, 1))::int AS booked,
      count(DISTINCT t.holder_key) FILTER (WHERE t.checked_in_at IS NOT NULL)::int AS checked
    FROM rb_days d LEFT JOIN rb_touch t ON t.day = d.day GROUP BY d.day),
  -- Active bookings' pieces per day, clipped to the day hours: seconds since that local midnight.
  rb_pp AS MATERIALIZED (
    SELECT * FROM (
      SELECT t.day, t.kind, t.unit, t.item, t.holder_key,
        extract(epoch FROM greatest(t.ls, t.day + make_interval(mins => s.ds)) - t.day)::float8 AS sm,
        extract(epoch FROM least(t.lf, t.day + make_interval(mins => s.de)) - t.day)::float8 AS em
      FROM rb_touch t CROSS JOIN rb_site s WHERE t.status IN (0, 1)) x
    WHERE em > sm),
  rb_ph AS (
    SELECT p.day, p.kind, p.unit, h, sum(least(p.em, h * 3600 + 3600) - greatest(p.sm, h * 3600))::float8 AS secs,
      count(DISTINCT p.holder_key)::int AS people
    FROM rb_pp p CROSS JOIN LATERAL generate_series(floor(p.sm / 3600)::int, ceil(p.em / 3600)::int - 1) h GROUP BY 1, 2, 3, 4),
  rb_started AS MATERIALIZED (SELECT sb.ls::date AS day, sb.* FROM rb_sb sb WHERE sb.ls::date IN (SELECT day FROM rb_days)),
  rb_keys AS (SELECT day, kind, unit FROM rb_pp UNION SELECT day, kind, unit FROM rb_started),
  rb_hours AS (
    SELECT k.day, k.kind, k.unit, array_agg(coalesce(ph.secs, 0) ORDER BY g) AS secs, array_agg(coalesce(ph.people, 0) ORDER BY g) AS hpeople
    FROM rb_keys k CROSS JOIN generate_series(0, 23) g
      LEFT JOIN rb_ph ph ON ph.day = k.day AND ph.kind = k.kind AND ph.unit = k.unit AND ph.h = g
    GROUP BY 1, 2, 3),
  rb_holders AS (
    SELECT day, kind, unit, array_agg(holder_key ORDER BY holder_key) AS holders, array_agg(mask ORDER BY holder_key) AS hmask
    FROM (SELECT day, kind, unit, holder_key,
            bit_or(((1::bigint << ceil(em / 3600)::int) - (1::bigint << floor(sm / 3600)::int))::int) AS mask
          FROM rb_pp GROUP BY 1, 2, 3, 4) x
    GROUP BY 1, 2, 3),
  rb_ev AS (
    SELECT day, kind, unit, array_agg(t ORDER BY t) AS ev_t, array_agg(dl ORDER BY t) AS ev_d
    FROM (SELECT day, kind, unit, t, sum(dl)::int AS dl
          FROM (SELECT day, kind, unit, sm AS t, 1 AS dl FROM rb_pp UNION ALL SELECT day, kind, unit, em, -1 FROM rb_pp) e
          GROUP BY 1, 2, 3, 4 HAVING sum(dl) <> 0) y
    GROUP BY 1, 2, 3),
  rb_st AS (
    SELECT day, kind, unit,
      count(*) FILTER (WHERE ck)::int AS ci_n,
      count(*) FILTER (WHERE ck AND checked_in_at IS NOT NULL)::int AS ci_checked,
      count(*) FILTER (WHERE ck AND status = 4)::int AS ci_noshow,
      coalesce(array_agg(DISTINCT holder_key) FILTER (WHERE ck), '{}') AS ci_holders,
      coalesce(array_agg(bucket) FILTER (WHERE bucket IS NOT NULL), '{}') AS cn_bucket,
      coalesce(array_agg(holder_key) FILTER (WHERE bucket IS NOT NULL), '{}') AS cn_holder
    FROM (SELECT st.*, st.status IN (1, 4) AND st.starts_at < ${nowParam}::timestamptz AS ck,
            CASE WHEN st.status = 3 AND st.cancelled_at IS NOT NULL THEN (
              SELECT CASE WHEN lead < 0 THEN 0 WHEN lead < 3600 THEN 1 WHEN lead < 86400 THEN 2 WHEN lead < 604800 THEN 3 ELSE 4 END
              FROM (SELECT extract(epoch FROM st.starts_at - st.cancelled_at) AS lead) l)::smallint END AS bucket
          FROM rb_started st) z
    GROUP BY 1, 2, 3),
  rb_dh AS (
    SELECT day, kind, unit, array_agg(item ORDER BY item, holder_key) AS dh_item, array_agg(holder_key ORDER BY item, holder_key) AS dh_holder,
      array_agg(secs ORDER BY item, holder_key) AS dh_secs
    FROM (SELECT day, kind, unit, item, holder_key, sum(em - sm)::float8 AS secs FROM rb_pp WHERE kind = 0 GROUP BY 1, 2, 3, 4, 5) x
    GROUP BY 1, 2, 3),
  rb_rows AS MATERIALIZED (
    SELECT k.day, k.kind, k.unit, hr.secs, hr.hpeople,
      coalesce(cardinality(ho.holders), 0) AS people, coalesce(ho.holders, '{}') AS holders, coalesce(ho.hmask, '{}') AS hmask,
      coalesce(ev.ev_t, '{}') AS ev_t, coalesce(ev.ev_d, '{}') AS ev_d,
      coalesce(st.ci_n, 0) AS ci_n, coalesce(st.ci_checked, 0) AS ci_checked, coalesce(st.ci_noshow, 0) AS ci_noshow,
      coalesce(cardinality(st.ci_holders), 0) AS ci_people, coalesce(st.ci_holders, '{}') AS ci_holders, coalesce(st.cn_bucket, '{}') AS cn_bucket, coalesce(st.cn_holder, '{}') AS cn_holder,
      coalesce(dh.dh_item, '{}') AS dh_item, coalesce(dh.dh_holder, '{}') AS dh_holder, coalesce(dh.dh_secs, '{}') AS dh_secs
    FROM rb_keys k JOIN rb_hours hr USING (day, kind, unit)
      LEFT JOIN rb_holders ho USING (day, kind, unit) LEFT JOIN rb_ev ev USING (day, kind, unit) LEFT JOIN rb_st st USING (day, kind, unit)
      LEFT JOIN rb_dh dh USING (day, kind, unit)),
  rb_items AS (
    SELECT kind, unit, item, min(day) AS first_day, max(day) AS last_day
    FROM (SELECT day, kind, unit, item FROM rb_pp UNION ALL SELECT day, kind, unit, item FROM rb_started) i GROUP BY 1, 2, 3)`;

/**
 * Rolls up the days of [from, to] (site-local) that ended more than three days ago on the database
 * clock and are not rolled up yet (or were cut with another zone or other day hours). Called before a
 * read; after a change to an old booking only its days are built again. Each run of days is one
 * transaction under the site's lock (see migration 0032), so a concurrent change waits or is seen.
 */
export async function fillRollups(pool: pg.Pool, siteId: number, from: string, to: string): Promise<void> {
  const missing = await missingDays(pool, siteId, from, to);
  let stored = 0;
  for (const run of runsOf(missing)) {
    await inTransaction(pool, async (c) => {
      await c.query('SELECT pg_advisory_xact_lock($1, $2)', [LOCK_KEY, siteId]);
      await c.query(
        `DELETE FROM insight_days d USING sites st WHERE d.site_id = $1 AND st.id = $1 AND d.day BETWEEN $2 AND $3
           AND (d.tz, d.ds, d.de) IS DISTINCT FROM (st.time_zone, st.day_start_minutes, st.day_end_minutes)`, [siteId, run[0], run[run.length - 1]]);
      const days = await missingDays(c, siteId, run[0]!, run[run.length - 1]!);
      if (days.length === 0) return;
      stored += days.length;
      // One statement, so the bookings are read once; the unit rows' reference to their day is checked
      // at its end, when the day rows are in.
      await c.query(
        `WITH rb_days_in AS (SELECT unnest($2::date[]) AS day), ${rollupCtes('now()')},
         d AS (INSERT INTO insight_days (site_id, day, tz, ds, de, ahead, booked, checked)
               SELECT $1, r.day, s.tz, s.ds, s.de, r.ahead, r.booked, r.checked FROM rb_daily r CROSS JOIN rb_site s),
         i AS (INSERT INTO insight_unit_items (site_id, kind, unit, item, first_day, last_day)
               SELECT $1, kind, unit, item, first_day, last_day FROM rb_items
               ON CONFLICT (site_id, kind, unit, item) DO UPDATE
                 SET first_day = least(insight_unit_items.first_day, excluded.first_day), last_day = greatest(insight_unit_items.last_day, excluded.last_day))
         INSERT INTO insight_unit_days (site_id, day, kind, unit, ${ROW_COLUMNS})
         SELECT $1, day, kind, unit, ${ROW_COLUMNS}
         FROM rb_rows`, [siteId, days]);
    });
  }
  // Outside the fill's transactions, so the statistics see the committed rows (see ANALYZE_SQL). Only a
  // speed-up: autovacuum analyses the tables later anyway, so a failure here (a lock wait past the statement
  // timeout) must not fail the read or the night's run that already stored the days.
  if (stored >= ANALYZE_AFTER_DAYS) await pool.query(ANALYZE_SQL).catch(() => undefined);
}

/** Days of [from, to] that may be rolled up (ended > 3 days ago) and are not. */
async function missingDays(db: pg.Pool | pg.PoolClient, siteId: number, from: string, to: string): Promise<string[]> {
  const { rows } = await db.query<{ day: string }>(
    `SELECT to_char(g, 'YYYY-MM-DD') AS day
     FROM sites st CROSS JOIN generate_series($2::date::timestamp, $3::date::timestamp, interval '1 day') g
     WHERE st.id = $1 AND (g + interval '1 day') AT TIME ZONE st.time_zone < now() - interval '3 days'
       AND NOT EXISTS (SELECT 1 FROM insight_days d WHERE d.site_id = $1 AND d.day = g::date
         AND (d.tz, d.ds, d.de) = (st.time_zone, st.day_start_minutes, st.day_end_minutes))
     ORDER BY g`, [siteId, from, to]);
  return rows.map((r) => r.day);
}

/** Consecutive days in runs of at most RUN_DAYS (one scan of the bookings each). */
function runsOf(days: string[]): string[][] {
  const runs: string[][] = [];
  let prev = 0;
  for (const day of days) {
    const t = Date.parse(`${day}T00:00:00Z`);
    const last = runs[runs.length - 1];
    if (last && t - prev === 86_400_000 && last.length < RUN_DAYS) last.push(day);
    else runs.push([day]);
    prev = t;
  }
  return runs;
}
