/**
 * The closure trigger's cost (issue 22): booking_place_is_open as migration 0021 wrote it ("old") against
 * migration 0024's quick exit ("new"), in ONE run on one database, alternated old/new/old/new so the
 * shared machine's drift falls on both. Two measures:
 *  1. the check's own cost inside PostgreSQL: the statements each version runs for a booking no closure
 *     covers, 20,000 times in a DO block (perCheck);
 *  2. the desk booking rate over HTTP at BENCH_CLIENTS (default 50) clients for BENCH_SECONDS (default 5) per phase.
 * The site has one closure (a desk, another year), so "no closure at this time" is the case measured:
 * the common one. Run: flock /tmp/bench.lock nice -n 19 npx tsx bench/closureTrigger.bench.ts
 */
import { readFileSync } from 'node:fs';
import { benchHour, makeClient, runLoad, seedDeskFloor, signedInPeople, startBenchEnv } from './harness.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
const DESKS = 5000;
const env = await startBenchEnv();
const { pool } = env;

/** The function's CREATE statement as a migration wrote it, made CREATE OR REPLACE. */
const fnOf = (file: string) => {
  const sql = readFileSync(new URL(`../src/server/db/migrations/${file}`, import.meta.url), 'utf8');
  const from = sql.search(/CREATE (OR REPLACE )?FUNCTION booking_place_is_open/);
  const to = sql.indexOf('$$;', from) + 3;
  return sql.slice(from, to).replace(/^CREATE FUNCTION/, 'CREATE OR REPLACE FUNCTION');
};
const VERSIONS = { old: fnOf('0021_closures.sql'), new: fnOf('0024_closure_trigger_quick_exit.sql') };
const use = (v: keyof typeof VERSIONS) => pool.query(VERSIONS[v]);

const { site, loc, fp } = await seedDeskFloor(pool, DESKS);
const { userIds, cookies } = await signedInPeople(pool, CLIENTS);
// One closure at the site, far from the booked hours (a desk in 2040).
const closure = (await pool.query(`INSERT INTO closures (site_id, whole_site, starts_at, ends_at, reason, created_by)
  VALUES ($1, false, '2040-01-01', '2040-01-02', 'Far away', $2) RETURNING id`, [site, userIds[0]])).rows[0].id;
await pool.query('INSERT INTO closure_places (closure_id, floorplan_id, desk_id) VALUES ($1, $2, $3)', [closure, fp, 'D1']);

let band = 0;
const slot = (i: number) => benchHour(band, i);

/**
 * µs per check, measured inside PostgreSQL (no client round trips, nothing written): the statements
 * each version runs for one booking that no closure covers, 20,000 times in a DO block timed with
 * clock_timestamp(). The insert itself (exclusion constraints, indexes, other triggers) is left out on
 * purpose: it is the same for both and would drown the difference.
 */
const CHECKS = 20_000;
const CHECK_SQL = {
  old: `SELECT s.time_zone INTO tz FROM sites s WHERE s.id = site;
        SELECT c.id, c.reason, e INTO hit_id, hit_reason, hit_end FROM closures c,
          LATERAL closure_end_over(c, tz, tstzrange(t0, t1, '[)')) e
        WHERE c.site_id = site AND (c.during && tstzrange(t0, t1, '[)') OR c.repeats_yearly) AND e IS NOT NULL
          AND closure_names_place(c, loc, NULL, fp, 'D7')
        ORDER BY e LIMIT 1;`,
  new: `IF EXISTS (SELECT 1 FROM closures c WHERE c.site_id = site AND (c.during && tstzrange(t0, t1, '[)') OR c.repeats_yearly)) THEN
          RAISE EXCEPTION 'unexpected closure';
        END IF;`,
};
async function perCheck(v: keyof typeof CHECK_SQL): Promise<number> {
  await pool.query('DROP TABLE IF EXISTS bench_timing; CREATE TABLE bench_timing (us double precision)');
  await pool.query(`DO $bench$
    DECLARE site int := ${site}; loc int := ${loc}; fp int := ${fp}; tz text; hit_id bigint; hit_reason text; hit_end timestamptz;
      t0 timestamptz; t1 timestamptz; started timestamptz := clock_timestamp();
    BEGIN
      FOR i IN 1..${CHECKS} LOOP
        t0 := timestamptz '2031-01-01 09:00Z' + make_interval(hours => i); t1 := t0 + interval '1 hour';
        ${CHECK_SQL[v]}
      END LOOP;
      INSERT INTO bench_timing VALUES (extract(epoch FROM clock_timestamp() - started) * 1e6 / ${CHECKS});
    END $bench$`);
  return (await pool.query('SELECT us FROM bench_timing')).rows[0].us;
}

const sqlRows: string[] = [];
for (const v of ['old', 'new', 'old', 'new', 'old', 'new'] as const) sqlRows.push(`${v} ${(await perCheck(v)).toFixed(1)}`);
await pool.query('DROP TABLE IF EXISTS bench_timing');

const call = makeClient(env.port, CLIENTS);
const httpRows: string[] = [];
// A first phase to warm the server up (its JIT, pools, caches), not reported.
await runLoad(CLIENTS, SECONDS, (c, i) => call('POST', '/api/bookings/desk', cookies[c]!, { FloorplanId: fp, DeskId: `D${100 + c}`, ...slot(i) }));
for (const v of ['old', 'new', 'old', 'new', 'old', 'new'] as const) {
  await use(v);
  band++;
  const r = await runLoad(CLIENTS, SECONDS, (c, i) => call('POST', '/api/bookings/desk', cookies[c]!, { FloorplanId: fp, DeskId: `D${100 + c}`, ...slot(i) }));
  httpRows.push(`| ${v} | ${r.perSecond.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${JSON.stringify(r.failures)} |`);
}
await use('new'); // as the migrations leave it

console.log(`\nClosure trigger, old (0021) vs new (0024), one run; the site has one closure elsewhere in time.`);
console.log(`\nThe check for one booking that no closure covers, inside PostgreSQL (µs, mean of ${CHECKS.toLocaleString('en-GB')}), in run order: ${sqlRows.join(', ')}`);
console.log(`\nDesk bookings over HTTP, ${CLIENTS} clients, ${SECONDS} s per phase, in run order:\n`);
console.log('| trigger | bookings/s | p50 ms | p95 ms | non-2xx |');
console.log('|---|---|---|---|---|');
for (const r of httpRows) console.log(r);
await env.stop();
process.exit(0);
