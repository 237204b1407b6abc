/**
 * Reporting benchmark (issue 6): reports over a year of 1,000,000 bookings (800,000 desk, 200,000 room,
 * across 10 sites in two time zones) must answer in under a second. The server runs as its own process
 * on embedded PostgreSQL; every filter is timed over HTTP, several runs each, plus the CSV export of
 * one month. Run: npx tsx bench/reporting.bench.ts
 */
import pg from 'pg';
import { makeClient, seedReportingOrg, startBenchEnv } from './harness.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const DESK_BOOKINGS = 800_000;
const ROOM_BOOKINGS = 200_000;
const SITES = 10;
const DESKS_PER_FLOORPLAN = 250;
const ROOMS_PER_LOCATION = 10;

const env = await startBenchEnv();
const { pool } = env;

// Organisation: 10 sites (half London, half New York), 2 locations each, a 250-desk floorplan and 10 rooms per location.
const { floorplans, rooms, booker, cookie } = await seedReportingOrg(pool, { sites: SITES, floors: 2 * SITES, desksPerFloor: DESKS_PER_FLOORPLAN, roomsPerFloor: ROOMS_PER_LOCATION });
const tag = (await pool.query("INSERT INTO tags (label, type) VALUES ('Tagged', 4) RETURNING id")).rows[0].id;
for (const f of floorplans.slice(0, 10)) await pool.query('INSERT INTO tag_assignments (tag_id, kind, target_id) VALUES ($1, 4, $2)', [tag, f.location]);

// One year (2030) of bookings through generate_series, each desk and room used without overlaps so
// every exclusion constraint and trigger runs as for real bookings. 3% cancelled (not counted).
const loadStarted = performance.now();
// The pool's timeouts are for requests; the bulk load gets a connection of its own without them.
const loader = new pg.Client({ connectionString: env.db.url });
await loader.connect();
const CHUNK = 50_000;
const fpIds = floorplans.map((f) => f.id);
const deskPerDay = Math.ceil(DESK_BOOKINGS / 365);
for (let lo = 0; lo < DESK_BOOKINGS; lo += CHUNK) await loader.query(
  `INSERT INTO bookings (site_id, location_id, floorplan_id, desk_id, desk_name, starts_at, finishes_at, booked_by_user_id, holder_key, status)
   SELECT l.site_id, f.location_id, f.id, 'D' || (k % ${DESKS_PER_FLOORPLAN}), 'Desk ' || (k % ${DESKS_PER_FLOORPLAN}),
     timestamptz '2030-01-01 09:00Z' + make_interval(days => day), timestamptz '2030-01-01 17:00Z' + make_interval(days => day),
     $2, 'p' || k || '@bench.example', CASE WHEN n % 33 = 0 THEN 3 ELSE 1 END
   FROM generate_series($4::int, $1 - 1) n
   CROSS JOIN LATERAL (SELECT n / ${deskPerDay} AS day, n % ${deskPerDay} AS k) x
   JOIN floorplans f ON f.id = ($3::int[])[1 + (k / ${DESKS_PER_FLOORPLAN})]
   JOIN locations l ON l.id = f.location_id`,
  [Math.min(lo + CHUNK, DESK_BOOKINGS), booker, fpIds, lo]).then(() => process.stderr.write('.'));
const roomIds = rooms.map((r) => r.id);
const roomPerDay = Math.ceil(ROOM_BOOKINGS / 365); // 548: 200 rooms x up to 3 one-hour slots
for (let lo = 0; lo < ROOM_BOOKINGS; lo += CHUNK) await loader.query(
  `INSERT INTO bookings (site_id, location_id, room_id, starts_at, finishes_at, booked_by_user_id, holder_key, status, description)
   SELECT l.site_id, r.location_id, r.id,
     timestamptz '2030-01-01 09:00Z' + make_interval(days => day, hours => k / ${roomIds.length}),
     timestamptz '2030-01-01 10:00Z' + make_interval(days => day, hours => k / ${roomIds.length}),
     $2, 'booker@bench.example', CASE WHEN n % 33 = 0 THEN 3 ELSE 1 END, 'Meeting'
   FROM generate_series($4::int, $1 - 1) n
   CROSS JOIN LATERAL (SELECT n / ${roomPerDay} AS day, n % ${roomPerDay} AS k) x
   JOIN rooms r ON r.id = ($3::int[])[1 + (k % ${roomIds.length})]
   JOIN locations l ON l.id = r.location_id`,
  [Math.min(lo + CHUNK, ROOM_BOOKINGS), booker, roomIds, lo]).then(() => process.stderr.write('.'));
await loader.query('VACUUM ANALYZE bookings');
await loader.end();
const loadSeconds = (performance.now() - loadStarted) / 1000;
const total = (await pool.query('SELECT count(*)::int AS n FROM bookings')).rows[0].n;

const call = makeClient(env.port, 1);
const YEAR = 'from/2030-01-01/to/2030-12-31';
const cases: [string, string][] = [
  ['all', `/api/bookings/stats/filter/all/0/${YEAR}`],
  ['desk (per site / location)', `/api/bookings/stats/filter/desk/0/${YEAR}`],
  ['room (per room)', `/api/bookings/stats/filter/room/0/${YEAR}`],
  ['tag (10 tagged locations)', `/api/bookings/stats/filter/tag/${tag}/${YEAR}`],
  ['all, one month', '/api/bookings/stats/filter/all/0/from/2030-05-01/to/2030-05-31'],
];
const rows: string[] = [];
let worst = 0;
let firstAnswer = '';
for (const [name, path] of cases) {
  const times: number[] = [];
  for (let i = 0; i < RUNS + 1; i++) {
    const r = await call('GET', path, cookie);
    if (r.status !== 200) throw new Error(`${path}: ${r.status} ${r.body}`);
    if (i === 0 && name === 'all') firstAnswer = r.body;
    if (i > 0) times.push(r.ms); // the first run warms the caches; it is reported separately below
    else rows.push(`| ${name} (cold) | ${r.ms.toFixed(0)} | | |`);
  }
  times.sort((a, b) => a - b);
  worst = Math.max(worst, times[times.length - 1]!);
  rows.push(`| ${name} | ${times[0]!.toFixed(0)} | ${times[Math.floor(times.length / 2)]!.toFixed(0)} | ${times[times.length - 1]!.toFixed(0)} |`);
}
const exp = await call('GET', '/api/bookings/export/filter/all/0/from/2030-05-01/to/2030-05-31', cookie);
const exportLines = exp.body.split('\r\n').length - 2;

console.log(`\nReporting benchmark: ${total.toLocaleString('en-GB')} bookings in 2030 (${SITES} sites, 2 time zones), loaded in ${loadSeconds.toFixed(0)} s; ${RUNS} warm runs per report over HTTP\n`);
console.log('| report over the year | min ms | median ms | max ms |');
console.log('|---|---|---|---|');
for (const r of rows) console.log(r);
console.log(`\nall: ${firstAnswer}`);
console.log(`CSV export of May 2030: ${exportLines.toLocaleString('en-GB')} bookings, ${(exp.body.length / 1e6).toFixed(1)} MB in ${(exp.ms / 1000).toFixed(2)} s`);
console.log(`worst warm report: ${worst.toFixed(0)} ms ${worst < 1000 ? '(under 1 s: pass)' : '(OVER 1 s: FAIL)'}`);
await env.stop();
process.exit(worst < 1000 ? 0 : 1);
