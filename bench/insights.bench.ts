/**
 * Insights benchmark (issue 25): every insight over a year of 1,000,000 bookings (800,000 desk,
 * 200,000 room) must answer in 500 ms p95. By default all of them belong to ONE site (20 floors of
 * 250 desks, 10 rooms a floor; BENCH_INSIGHT_SITES=10 spreads them over 10 sites in two zones): an
 * insight reads one site, so one site holding the whole year is the worst case. Times vary (start
 * 07:00-10:00, 4-9 hours), ~3,000 people, 3% cancelled at lead times up to three weeks, 3% no-shows,
 * a third checked in. The server runs as its own process on embedded PostgreSQL; every insight is
 * timed over HTTP, BENCH_RUNS warm runs each (default 20) after one cold run.
 * The year is 2025, a closed past year: its days are rolled up (migration 0032) by the first read,
 * timed on its own ("roll-up of the year"). BENCH_DIRECT=1 also times the straightforward count from the
 * bookings (readInsightsDirect, the reference path) on the same data, for a same-run ratio.
 * BENCH_HOT_PATH=1 then measures the roll-up trigger's cost on desk booking: 50 clients booking desks of
 * another site over HTTP for BENCH_SECONDS (default 5) per phase, trigger on/off alternated three times.
 * BENCH_KEEP_DB=<folder> keeps the loaded database there and reuses it on the next run (the load takes
 * ~9 minutes; the server is started afresh from the sources each run, new migrations are applied).
 * With a kept database, BENCH_REROLL=1 empties the roll-up tables and clears their statistics first, so the
 * year's roll-up is timed again and the reads come straight after it, as on a new database before
 * autovacuum got to the roll-up tables (it is kept off them during the run).
 * BENCH_PROFILE=1 times each step of the insights request in the bench process (the roll-up check,
 * the statement, the service) beside the same request over HTTP, interleaved, for the cases named in
 * BENCH_PROFILE_CASES (default: rooms and tagged floors).
 * Run: flock /tmp/bench.lock nice -n 19 npx tsx bench/insights.bench.ts
 */
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { SESSION_COOKIE, SessionStore } from '../src/server/auth/sessions.js';
import { freePort, startEmbeddedDatabase } from '../src/server/db/embedded.js';
import { migrate } from '../src/server/db/migrate.js';
import { createPool } from '../src/server/db/pool.js';
import type { AppDeps } from '../src/server/deps.js';
import { readDeskHeatDirect, readInsights, readInsightsDirect } from '../src/server/features/insights/insights.repo.js';
import { insights as insightsService } from '../src/server/features/insights/insights.service.js';
import { readInsightsRolled, rolledInsightsArgs, rolledInsightsSql } from '../src/server/features/insights/insightsRolled.repo.js';
import { fillRollups } from '../src/server/features/insights/insightsRollup.js';
import type { Scope } from '../src/server/features/insights/insightsScope.js';
import {
  benchHour, makeClient, percentile, runLoad, seedDeskFloor, seedReportingOrg, signedInPeople, startBenchEnv, type BenchEnv, type ReportingOrg,
} from './harness.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const SITES = Number(process.env.BENCH_INSIGHT_SITES ?? 1);
const DESK_BOOKINGS = 800_000;
const ROOM_BOOKINGS = 200_000;
const FLOORS = 20;
const DESKS_PER_FLOORPLAN = 250;
const ROOMS_PER_LOCATION = 10;

const KEEP = process.env.BENCH_KEEP_DB ? resolve(process.env.BENCH_KEEP_DB) : undefined;
const ORG_FILE = KEEP ? join(KEEP, 'bench-org.json') : '';

/** The harness's environment, or with BENCH_KEEP_DB one whose database lives in (and is reused from) that folder. */
async function startEnv(): Promise<{ env: BenchEnv; reused: boolean }> {
  if (!KEEP) return { env: await startBenchEnv(), reused: false };
  mkdirSync(KEEP, { recursive: true });
  chmodSync(KEEP, 0o755);
  const reused = existsSync(ORG_FILE);
  const db = await startEmbeddedDatabase({ dataDir: KEEP, log: () => undefined });
  const pool = createPool(db.url, 60);
  await migrate(pool);
  const port = await freePort();
  const extraArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const server = spawn('node', [...extraArgs, '--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, DATABASE_URL: db.url, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; ; i++) {
    try { if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) break; } catch { /* not up yet */ }
    if (i > 300) throw new Error('the server did not become ready');
    await new Promise((r) => setTimeout(r, 100));
  }
  const stop = async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await pool.end();
    await db.stop();
  };
  return { env: { db, pool, server, port, dataDir: KEEP, stop }, reused };
}

const { env, reused } = await startEnv();
const { pool } = env;

interface Loaded { org: Omit<ReportingOrg, 'cookie'>; tag: number; loadSeconds: number }
let loaded: Loaded;
if (reused) {
  loaded = JSON.parse(readFileSync(ORG_FILE, 'utf8')) as Loaded;
} else {
  const seeded = await seedReportingOrg(pool, { sites: SITES, floors: FLOORS, desksPerFloor: DESKS_PER_FLOORPLAN, roomsPerFloor: ROOMS_PER_LOCATION });
  const org = { siteIds: seeded.siteIds, floorplans: seeded.floorplans, rooms: seeded.rooms, booker: seeded.booker };
  const tag = (await pool.query("INSERT INTO tags (label, type) VALUES ('Tagged floors', 4) RETURNING id")).rows[0].id;
  for (const f of org.floorplans.filter((x) => x.site === org.siteIds[0]).slice(0, 5)) await pool.query('INSERT INTO tag_assignments (tag_id, kind, target_id) VALUES ($1, 4, $2)', [tag, f.location]);
  loaded = { org, tag, loadSeconds: await loadBookings(org) };
  if (KEEP) writeFileSync(ORG_FILE, JSON.stringify(loaded));
}
const { org: { siteIds, floorplans }, tag, loadSeconds } = loaded;
const reporter = (await pool.query("SELECT id FROM users WHERE email = 'reporter@bench.example'")).rows[0].id;
const cookie = `${SESSION_COOKIE}=${await new SessionStore(pool, 600).create(reporter, 'bench')}`;

/** The year of bookings, in 50,000-row statements; answers the seconds it took. */
async function loadBookings({ floorplans, rooms, booker }: Omit<ReportingOrg, 'cookie'>): Promise<number> {
  const loadStarted = performance.now();
  const loader = new pg.Client({ connectionString: env.db.url });
  await loader.connect();
  // No roll-ups exist yet, so the triggers that forget rolled days (migration 0032) have nothing to do:
  // off during the load, it goes faster. Every statement below is a plain insert.
  const triggers = ['bookings_insight_forget_insert', 'bookings_insight_forget_update', 'bookings_insight_forget_delete'];
  for (const t of triggers) await loader.query(`ALTER TABLE bookings DISABLE TRIGGER ${t}`);
  const CHUNK = 50_000;
  const fpIds = floorplans.map((f) => f.id);
  const deskPerDay = Math.ceil(DESK_BOOKINGS / 365); // 2,192 of 5,000 desks a day
  // Person (7k + day) mod 3000: distinct within a day (7 and 3000 are coprime), so nobody holds two desks at once.
  const outcome = `CASE WHEN n % 33 = 0 THEN 3 WHEN n % 31 = 0 THEN 4 ELSE 1 END`;
  for (let lo = 0; lo < DESK_BOOKINGS; lo += CHUNK) await loader.query(
    `INSERT INTO bookings (site_id, location_id, floorplan_id, desk_id, desk_name, starts_at, finishes_at, booked_by_user_id, holder_key, status,
       created_at, cancelled_at, checked_in_at)
     SELECT l.site_id, f.location_id, f.id, 'D' || (k % ${DESKS_PER_FLOORPLAN}), 'Desk ' || (k % ${DESKS_PER_FLOORPLAN}), s, s + make_interval(hours => 4 + (k % 6)),
       $2, 'p' || ((7 * k + day) % 3000) || '@bench.example', ${outcome},
       s - make_interval(days => n % 10), CASE WHEN n % 33 = 0 THEN s - make_interval(hours => n % 500) END,
       CASE WHEN n % 3 = 0 AND n % 33 <> 0 AND n % 31 <> 0 THEN s + interval '5 minutes' END
     FROM generate_series($4::int, $1 - 1) n
     CROSS JOIN LATERAL (SELECT n / ${deskPerDay} AS day, n % ${deskPerDay} AS k) x
     CROSS JOIN LATERAL (SELECT timestamptz '2025-01-01 07:00Z' + make_interval(days => day, mins => 15 * (k % 13)) AS s) t
     JOIN floorplans f ON f.id = ($3::int[])[1 + (k / ${DESKS_PER_FLOORPLAN})]
     JOIN locations l ON l.id = f.location_id`,
    [Math.min(lo + CHUNK, DESK_BOOKINGS), booker, fpIds, lo]).then(() => process.stderr.write('.'));
  const roomIds = rooms.map((r) => r.id);
  const roomPerDay = Math.ceil(ROOM_BOOKINGS / 365); // 548: 200 rooms x up to 3 one-hour slots
  for (let lo = 0; lo < ROOM_BOOKINGS; lo += CHUNK) await loader.query(
    `INSERT INTO bookings (site_id, location_id, room_id, starts_at, finishes_at, booked_by_user_id, holder_key, status, description, created_at, cancelled_at, checked_in_at)
     SELECT l.site_id, r.location_id, r.id, s, s + interval '1 hour', $2, 'p' || (n % 3000) || '@bench.example', ${outcome}, 'Meeting',
       s - make_interval(days => n % 10), CASE WHEN n % 33 = 0 THEN s - make_interval(hours => n % 500) END,
       CASE WHEN n % 3 = 0 AND n % 33 <> 0 AND n % 31 <> 0 THEN s + interval '5 minutes' END
     FROM generate_series($4::int, $1 - 1) n
     CROSS JOIN LATERAL (SELECT n / ${roomPerDay} AS day, n % ${roomPerDay} AS k) x
     CROSS JOIN LATERAL (SELECT timestamptz '2025-01-01 09:00Z' + make_interval(days => day, hours => k / ${roomIds.length}) AS s) t
     JOIN rooms r ON r.id = ($3::int[])[1 + (k % ${roomIds.length})]
     JOIN locations l ON l.id = r.location_id`,
    [Math.min(lo + CHUNK, ROOM_BOOKINGS), booker, roomIds, lo]).then(() => process.stderr.write('.'));
  for (const t of triggers) await loader.query(`ALTER TABLE bookings ENABLE TRIGGER ${t}`);
  await loader.query('VACUUM ANALYZE bookings');
  await loader.end();
  return (performance.now() - loadStarted) / 1000;
}
const total = (await pool.query('SELECT count(*)::int AS n FROM bookings')).rows[0].n;
const site = siteIds[0]!;
const siteBookings = (await pool.query('SELECT count(*)::int AS n FROM bookings WHERE site_id = $1', [site])).rows[0].n;

const call = makeClient(env.port, 1);
const YEAR = 'from=2025-01-01&to=2025-12-31';
const firstFloor = floorplans.find((f) => f.site === site)!;
const allCases: [string, string][] = [
  ['desks of the site, a year', `/api/insights?siteId=${site}&${YEAR}`],
  ['rooms of the site, a year', `/api/insights?siteId=${site}&${YEAR}&kind=room`],
  ['desks of one floor, a year', `/api/insights?siteId=${site}&${YEAR}&locationId=${firstFloor.location}`],
  ['desks of 5 tagged floors, a year', `/api/insights?siteId=${site}&${YEAR}&tagId=${tag}`],
  ['daily forecast and actuals, a year', `/api/insights/daily?siteId=${site}&${YEAR}`],
  ['daily CSV, a year', `/api/insights/daily.csv?siteId=${site}&${YEAR}`],
  ['floorplan heatmap (250 desks), a year', `/api/insights/desks?floorplanId=${firstFloor.id}&${YEAR}`],
  ['desks of the site, one month', `/api/insights?siteId=${site}&from=2025-05-01&to=2025-05-31`],
];
// BENCH_CASES=rooms,tagged: only the cases whose name holds one of these words (to iterate on a few).
const only = process.env.BENCH_CASES?.split(',').map((w) => w.trim()).filter(Boolean);
const cases = only ? allCases.filter(([name]) => only.some((w) => name.includes(w))) : allCases;
// The per-person read limit (60 a minute) would refuse a benchmark: each case is read with a fresh count.
const rows: string[] = [];
const loadAvg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const ROLLUP_TABLES = ['insight_days', 'insight_unit_days', 'insight_unit_items'];
if (reused && process.env.BENCH_REROLL) {
  // As on a new database: empty roll-up tables (every site's: the bench's database holds only the bench's
  // sites) with no statistics (the database's superuser may clear them), and autovacuum kept off them until
  // the end, so the reads see exactly what fillRollups leaves behind. Without it, whether autovacuum had
  // analysed the tables before the reads was chance (issue 25: 2-5 times slower when not).
  await pool.query(`TRUNCATE ${ROLLUP_TABLES.join(', ')}`);
  for (const t of ROLLUP_TABLES) await pool.query(`ALTER TABLE ${t} SET (autovacuum_enabled = false)`);
  await pool.query('DELETE FROM pg_statistic WHERE starelid = ANY ($1::regclass[])', [ROLLUP_TABLES]);
}
/** Whether PostgreSQL has statistics of the roll-ups (autovacuum analyses them a minute or so after a roll-up; fillRollups after a large fill). */
const rollupStats = async () => {
  const r = (await pool.query(`SELECT n_mod_since_analyze AS n, EXISTS (SELECT 1 FROM pg_statistic WHERE starelid = relid) AS analysed
    FROM pg_stat_user_tables WHERE relname = 'insight_unit_days'`)).rows[0] as { n: number; analysed: boolean } | undefined;
  return r ? `${r.analysed ? 'statistics' : 'NO statistics'}, ${r.n} rows changed since the last ANALYZE` : '?';
};
const rollStarted = performance.now();
{
  const r = await call('GET', `/api/insights/daily?siteId=${site}&${YEAR}`, cookie);
  if (r.status !== 200) throw new Error(`roll-up: ${r.status} ${r.body}`);
}
const rollSeconds = (performance.now() - rollStarted) / 1000;
const rolled = (await pool.query('SELECT (SELECT count(*) FROM insight_days)::int AS days, (SELECT count(*) FROM insight_unit_days)::int AS rows')).rows[0];
const loadBefore = loadAvg();
let worst = 0;
for (const [name, path] of cases) {
  const times: number[] = [];
  const stats = await rollupStats();
  for (let i = 0; i < RUNS + 1; i++) {
    await pool.query('DELETE FROM read_limits');
    const r = await call('GET', path, cookie);
    if (r.status !== 200) throw new Error(`${path}: ${r.status} ${r.body}`);
    if (i > 0) times.push(r.ms);
    else rows.push(`| ${name} (cold) | ${r.ms.toFixed(0)} | | | | ${stats} |`);
  }
  times.sort((a, b) => a - b);
  const p95 = percentile(times, 95);
  worst = Math.max(worst, p95);
  rows.push(`| ${name} | ${times[0]!.toFixed(0)} | ${percentile(times, 50).toFixed(0)} | ${p95.toFixed(0)} | ${times[times.length - 1]!.toFixed(0)} | ${await rollupStats()} |`);
}

const loadAfter = loadAvg();
if (process.env.BENCH_EXPLAIN) {
  // BENCH_EXPLAIN=<file>: where the rolled reads spend their time (EXPLAIN ANALYZE, BUFFERS), desks and rooms.
  const p = { siteId: site, from: '2025-01-01', to: '2025-12-31', locationId: null, tagId: null };
  const plans: string[] = [];
  const explained: [string, Scope, number | null][] = [['desk', { kind: 'desk' }, null], ['room', { kind: 'room' }, null], ['desks of 5 tagged floors', { kind: 'desk', tagType: 4 }, tag]];
  for (const [name, scope, tagId] of explained) {
    const r = await pool.query(`EXPLAIN (ANALYZE, BUFFERS) ${rolledInsightsSql(scope)}`, rolledInsightsArgs({ ...p, tagId }, new Date(), 5));
    plans.push(`== ${name} (load ${loadAvg()})\n${r.rows.map((x: Record<string, string>) => x['QUERY PLAN']).join('\n')}`);
  }
  writeFileSync(process.env.BENCH_EXPLAIN, plans.join('\n\n'));
}
const directRows: string[] = [];
if (process.env.BENCH_DIRECT) {
  const p = (o: Partial<{ locationId: number | null; tagId: number | null }> = {}) => ({ siteId: site, from: '2025-01-01', to: '2025-12-31', locationId: null, tagId: null, ...o });
  const direct: [string, () => Promise<unknown>][] = [
    ['desks of the site, a year', () => readInsightsDirect(pool, { kind: 'desk' }, p(), new Date())],
    ['rooms of the site, a year', () => readInsightsDirect(pool, { kind: 'room' }, p(), new Date())],
    ['floorplan heatmap (250 desks), a year', () => readDeskHeatDirect(pool, firstFloor.id, p())],
    ['desks of the site, one month', () => readInsightsDirect(pool, { kind: 'desk' }, { ...p(), from: '2025-05-01', to: '2025-05-31' }, new Date())],
  ];
  for (const [name, run] of direct) {
    const times: string[] = [];
    for (let i = 0; i < 2; i++) {
      const t0 = performance.now();
      try { await run(); times.push((performance.now() - t0).toFixed(0)); } catch (e) { times.push(`failed after ${(performance.now() - t0).toFixed(0)} (${(e as Error).message})`); }
    }
    directRows.push(`| ${name} | ${times.join(' / ')} |`);
  }
}

const profileRows: string[] = [];
if (process.env.BENCH_PROFILE) {
  // Each step of GET /api/insights timed in this process, beside the request over HTTP, interleaved run by
  // run: fill = fillRollups (the missing-days check), rolled = the rolled statement alone (null = the scope
  // splits a unit, so the read falls back to the bookings), repo = readInsights (fill + statement +
  // fallback), service = insights() (checks, settings, repo, the answer's shaping), http = the whole request.
  const deps = { pool, now: () => new Date() } as unknown as AppDeps;
  const { MinGroupSize: min } = (await pool.query('SELECT insights_min_group_size AS "MinGroupSize" FROM global_settings')).rows[0] as { MinGroupSize: number };
  const want = (process.env.BENCH_PROFILE_CASES ?? 'rooms,tagged').split(',');
  const profiled: { name: string; scope: Scope; locationId?: number; tagId?: number; path: string }[] = [
    { name: 'rooms of the site', scope: { kind: 'room' }, path: `/api/insights?siteId=${site}&${YEAR}&kind=room` },
    { name: 'desks of 5 tagged floors', scope: { kind: 'desk', tagType: 4 }, tagId: tag, path: `/api/insights?siteId=${site}&${YEAR}&tagId=${tag}` },
    { name: 'desks of the site', scope: { kind: 'desk' }, path: `/api/insights?siteId=${site}&${YEAR}` },
  ];
  for (const c of profiled.filter((x) => want.some((w) => x.name.includes(w)))) {
    const p = { siteId: site, from: '2025-01-01', to: '2025-12-31', locationId: c.locationId ?? null, tagId: c.tagId ?? null };
    const q = { siteId: site, from: p.from, to: p.to, kind: c.scope.kind, locationId: c.locationId, tagId: c.tagId };
    const steps: Record<string, number[]> = { fill: [], rolled: [], repo: [], service: [], http: [] };
    let fellBack = false;
    const timed = async <T>(step: string, run: () => Promise<T>): Promise<T> => {
      const t0 = performance.now();
      const r = await run();
      steps[step]!.push(performance.now() - t0);
      return r;
    };
    for (let i = 0; i < RUNS + 1; i++) {
      await timed('fill', () => fillRollups(pool, site, p.from, p.to));
      fellBack = (await timed('rolled', () => readInsightsRolled(pool, c.scope, p, new Date(), min))) === null;
      await timed('repo', () => readInsights(pool, c.scope, p, new Date(), min));
      await timed('service', () => insightsService(deps, q));
      await pool.query('DELETE FROM read_limits');
      const r = await timed('http', () => call('GET', c.path, cookie));
      if (r.status !== 200) throw new Error(`${c.path}: ${r.status}`);
      if (i === 0) for (const k of Object.keys(steps)) steps[k]!.length = 0; // the first round warms up
    }
    const cell = (k: string) => {
      const t = [...steps[k]!].sort((a, b) => a - b);
      return `${percentile(t, 50).toFixed(0)} / ${percentile(t, 95).toFixed(0)}`;
    };
    profileRows.push(`| ${c.name} | ${cell('fill')} | ${cell('rolled')}${fellBack ? ' (null: falls back)' : ''} | ${cell('repo')} | ${cell('service')} | ${cell('http')} |`);
  }
}

console.log(`\nInsights benchmark: ${total.toLocaleString('en-GB')} bookings in 2025, ${siteBookings.toLocaleString('en-GB')} of them at the site read (${siteIds.length} site(s)), ${reused ? `database kept in ${KEEP} (loaded earlier in ${loadSeconds.toFixed(0)} s)` : `loaded in ${loadSeconds.toFixed(0)} s`}; ${RUNS} warm runs each over HTTP\n`);
console.log('| insight | min ms | median ms | p95 ms | max ms | roll-up statistics (insight_unit_days) |');
console.log('|---|---|---|---|---|---|');
for (const r of rows) console.log(r);
console.log(`\nroll-up of the year (first read, ${rolled.days} site-days, ${rolled.rows} unit-day rows): ${rollSeconds.toFixed(1)} s; load average ${loadBefore} before the timed reads, ${loadAfter} after`);
if (directRows.length) {
  console.log('\nThe straightforward count from the bookings (no roll-ups), SQL only, two runs (ms):\n');
  console.log('| insight | run 1 / run 2 |');
  console.log('|---|---|');
  for (const r of directRows) console.log(r);
}
if (profileRows.length) {
  console.log(`\nSteps of GET /api/insights, p50 / p95 ms over ${RUNS} interleaved runs (load ${loadAvg()}):\n`);
  console.log('| insight | fill (missing-days check) | rolled statement | readInsights | service | over HTTP |');
  console.log('|---|---|---|---|---|---|');
  for (const r of profileRows) console.log(r);
}
console.log(`\nworst warm p95: ${worst.toFixed(0)} ms ${worst <= 500 ? '(within 500 ms: pass)' : '(OVER 500 ms: FAIL)'}`);
if (process.env.BENCH_HOT_PATH && reused) {
  console.log('\nBENCH_HOT_PATH skipped: it adds its own site and people, which a kept database already has.');
} else if (process.env.BENCH_HOT_PATH) {
  // The roll-up triggers' cost on desk booking (new bookings are never old: their WHEN is false).
  const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
  const CLIENTS = 50;
  const { fp } = await seedDeskFloor(pool, 5000);
  const { cookies } = await signedInPeople(pool, CLIENTS);
  const desk = makeClient(env.port, CLIENTS);
  const triggers = ['bookings_insight_forget_insert', 'bookings_insight_forget_update', 'bookings_insight_forget_delete'];
  const use = async (on: boolean) => { for (const t of triggers) await pool.query(`ALTER TABLE bookings ${on ? 'ENABLE' : 'DISABLE'} TRIGGER ${t}`); };
  let band = 0;
  const book = () => runLoad(CLIENTS, SECONDS, (c, i) => desk('POST', '/api/bookings/desk', cookies[c]!, { FloorplanId: fp, DeskId: `D${100 + c}`, ...benchHour(band, i) }));
  await book(); // warm-up, not reported
  const hot: string[] = [];
  for (const on of [false, true, false, true, false, true]) {
    await use(on);
    band++;
    const r = await book();
    hot.push(`| ${on ? 'on' : 'off'} | ${r.perSecond.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${JSON.stringify(r.failures)} |`);
  }
  await use(true);
  console.log(`\nDesk booking with the roll-up triggers off/on, ${CLIENTS} clients, ${SECONDS} s a phase, in run order (load ${loadAvg()}):\n`);
  console.log('| triggers | bookings/s | p50 ms | p95 ms | non-2xx |');
  console.log('|---|---|---|---|---|');
  for (const r of hot) console.log(r);
}
if (reused && process.env.BENCH_REROLL) for (const t of ROLLUP_TABLES) await pool.query(`ALTER TABLE ${t} RESET (autovacuum_enabled)`);
await env.stop();
process.exit(worst <= 500 ? 0 : 1);
