import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSIGHTS_MAX_DAYS } from '../../../domain/wire/insights.js';
import { createPool } from '../../db/pool.js';
import { insertLocation, insertPublishedFloorplan, insertSite } from '../../testing/fixtures.js';
import { createTestDatabase } from '../../testing/testApp.js';
import { fillRollups } from './insightsRollup.js';
import { ROLLUP_JOB, runNightlyRollups } from './insightsRollup.job.js';

/**
 * The nightly roll-up (insightsRollup.job.ts) against one real database, with several pools standing for
 * several app instances started at the same moment: every live site's closed days of the last
 * INSIGHTS_MAX_DAYS are rolled up, in the site's own zone, by exactly one of them.
 */
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let instances: pg.Pool[];
let london: number, newYork: number, gone: number;
const NOW = new Date();
const deps = (pool: pg.Pool, now = NOW) => ({ pool, now: () => now });
const daysAgo = (n: number) => new Date(NOW.getTime() - n * 86_400_000);
/** SQL: 10:00 on the site's wall clock ($1 site) on the local day of the instant $N, so a booking never crosses midnight. */
const at10 = (param: string) => `((((${param})::timestamptz AT TIME ZONE (SELECT time_zone FROM sites WHERE id = $1))::date + time '10:00')
  AT TIME ZONE (SELECT time_zone FROM sites WHERE id = $1))`;

/** The site's rolled days: how many, the first and last, and whether any day between is missing. */
async function rolled(siteId: number): Promise<{ n: number; first: string | null; last: string | null; holes: number }> {
  const { rows } = await db.pool.query<{ n: number; first: string | null; last: string | null }>(
    `SELECT count(*)::int AS n, to_char(min(day), 'YYYY-MM-DD') AS first, to_char(max(day), 'YYYY-MM-DD') AS last FROM insight_days WHERE site_id = $1`, [siteId]);
  const r = rows[0]!;
  const span = r.first && r.last ? (Date.parse(r.last) - Date.parse(r.first)) / 86_400_000 + 1 : 0;
  return { ...r, holes: span - r.n };
}

/** When the roll-up rows were last analysed by an ANALYZE statement (autovacuum's own runs are not counted). */
async function lastAnalyse(): Promise<string | null> {
  const { rows } = await db.pool.query<{ at: Date | null }>("SELECT last_analyze AS at FROM pg_stat_user_tables WHERE relname = 'insight_unit_days'");
  return rows[0]?.at?.toISOString() ?? null;
}

/** The window the job must fill for a site: its local today minus INSIGHTS_MAX_DAYS - 1, to the last closed day. */
async function windowOf(siteId: number): Promise<{ first: string; last: string }> {
  const { rows } = await db.pool.query<{ first: string; last: string }>(
    `SELECT to_char(($2::timestamptz AT TIME ZONE time_zone)::date - ($3::int - 1), 'YYYY-MM-DD') AS first,
       -- The last day that ended more than three days ago (database clock), as fillRollups takes them.
       to_char(((now() - interval '3 days') AT TIME ZONE time_zone)::date - 1, 'YYYY-MM-DD') AS last
     FROM sites WHERE id = $1`, [siteId, NOW, INSIGHTS_MAX_DAYS]);
  return rows[0]!;
}

async function placeWithBookings(siteId: number, booker: number): Promise<void> {
  const locationId = await insertLocation(db.pool, siteId);
  const { floorplanId } = await insertPublishedFloorplan(db.pool, locationId, [{ id: 'D1' }, { id: 'D2' }]);
  const roomId = (await db.pool.query<{ id: number }>("INSERT INTO rooms (location_id, name, room_type, capacity, equipment) VALUES ($1, 'Thames', 0, 8, '') RETURNING id", [locationId])).rows[0]!.id;
  // Desk bookings (one person per site: nobody holds two desks at once) 10, 11 and 40 days ago, one 400 days ago (before any period a screen may ask for), and a room booking.
  for (const [n, desk] of [[10, 'D1'], [11, 'D2'], [40, 'D1'], [400, 'D2']] as const) {
    await db.pool.query(
      `INSERT INTO bookings (site_id, location_id, floorplan_id, desk_id, desk_name, starts_at, finishes_at, booked_by_user_id, holder_key, status)
       VALUES ($1, $2, $3, $4, $4, ${at10('$5')}, ${at10('$5')} + interval '2 hours', $6, $7, 1)`, [siteId, locationId, floorplanId, desk, daysAgo(n), booker, `ann-${siteId}@example.org`]);
  }
  await db.pool.query(
    `INSERT INTO bookings (site_id, location_id, room_id, starts_at, finishes_at, booked_by_user_id, holder_key, status, description)
     VALUES ($1, $2, $3, ${at10('$4')}, ${at10('$4')} + interval '1 hour', $5, 'bob@example.org', 1, 'Review')`, [siteId, locationId, roomId, daysAgo(12), booker]);
}

beforeAll(async () => {
  db = await createTestDatabase();
  instances = [createPool(db.url, 4), createPool(db.url, 4), createPool(db.url, 4)];
  const booker = (await db.pool.query<{ id: number }>("INSERT INTO users (email, full_name) VALUES ('booker@example.org', 'Booker') RETURNING id")).rows[0]!.id;
  london = await insertSite(db.pool, { title: 'London', timeZone: 'Europe/London' });
  newYork = await insertSite(db.pool, { title: 'New York', timeZone: 'America/New_York' });
  gone = await insertSite(db.pool, { title: 'Closed down' });
  for (const s of [london, newYork, gone]) await placeWithBookings(s, booker);
  await db.pool.query('UPDATE sites SET deleted_at = now() WHERE id = $1', [gone]);
}, 60_000);
afterAll(async () => {
  await Promise.all(instances.map((p) => p.end()));
  await db.drop();
});

describe('the nightly roll-up', () => {
  it('rolls up every live site\'s closed days of the last year, once across three instances started at the same moment', async () => {
    expect(await lastAnalyse()).toBeNull();
    const results = await Promise.all(instances.map((pool) => runNightlyRollups(deps(pool))));
    expect(results.filter((r) => r.ran)).toEqual([{ ran: true, sites: 2 }]);
    expect(results.filter((r) => !r.ran)).toHaveLength(2);
    for (const site of [london, newYork]) {
      const want = await windowOf(site);
      const got = await rolled(site);
      expect({ first: got.first, last: got.last, holes: got.holes }, String(site)).toEqual({ ...want, holes: 0 });
      // The booked days have their desk and room rows, cut in the site's zone.
      const units = (await db.pool.query<{ kind: number; n: number }>(
        'SELECT kind, count(*)::int AS n FROM insight_unit_days WHERE site_id = $1 GROUP BY kind ORDER BY kind', [site])).rows;
      expect(units).toEqual([{ kind: 0, n: 3 }, { kind: 1, n: 1 }]);
      expect((await db.pool.query('SELECT DISTINCT tz FROM insight_days WHERE site_id = $1', [site])).rows.map((r) => r.tz))
        .toEqual([site === london ? 'Europe/London' : 'America/New_York']);
    }
    expect((await rolled(gone)).n).toBe(0);
    // A year's fill ends with ANALYZE, so the reads that follow are planned with statistics (issue 25).
    expect(await lastAnalyse()).not.toBeNull();
    expect((await db.pool.query('SELECT done FROM daily_job_runs WHERE job = $1', [ROLLUP_JOB])).rows).toEqual([{ done: 2 }]);
    // The same day again does nothing.
    expect(await runNightlyRollups(deps(instances[0]!))).toEqual({ ran: false, sites: 0 });
  });

  it('the next night rolls up only what is missing: the days a change to an old booking made it forget', async () => {
    const before = await rolled(london);
    const analysed = await lastAnalyse();
    // A late booking for 20 days ago: the trigger forgets that day (migration 0032).
    await db.pool.query(
      `INSERT INTO bookings (site_id, location_id, floorplan_id, desk_id, desk_name, starts_at, finishes_at, booked_by_user_id, holder_key, status)
       SELECT site_id, location_id, floorplan_id, 'D2', 'D2', ${at10('$2')}, ${at10('$2')} + interval '1 hour', booked_by_user_id, 'cy@example.org', 1
       FROM bookings WHERE site_id = $1 AND desk_id IS NOT NULL LIMIT 1`, [london, daysAgo(20)]);
    expect((await rolled(london)).n).toBe(before.n - 1);
    const tomorrow = new Date(NOW.getTime() + 86_400_000);
    const results = await Promise.all(instances.map((pool) => runNightlyRollups(deps(pool, tomorrow))));
    expect(results.filter((r) => r.ran)).toEqual([{ ran: true, sites: 2 }]);
    const after = await rolled(london);
    expect(after.holes).toBe(0);
    expect(after.last).toBe(before.last);
    const unitRows = (await db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM insight_unit_days WHERE site_id = $1 AND kind = 0', [london])).rows[0]!.n;
    expect(unitRows).toBe(4);
    // A night's day or two is no reason to analyse again (autovacuum follows small changes).
    expect(await lastAnalyse()).toBe(analysed);
  });

  it('fillRollups run by two instances at once stores each day once (the second waits on the site lock, then finds the days there)', async () => {
    await db.pool.query('DELETE FROM insight_days WHERE site_id = $1', [newYork]);
    const { first, last } = await windowOf(newYork);
    await Promise.all(instances.slice(0, 2).map((pool) => fillRollups(pool, newYork, first, last)));
    expect(await rolled(newYork)).toMatchObject({ first, last, holes: 0 });
  });
});
