/**
 * Desk booking benchmark (issue 9): throughput and latency at 1, 20 and 50 signed-in clients against
 * the running server on embedded PostgreSQL (fsync on), beside the raw PostgreSQL insert rate measured
 * by this same script; then a 200-way race for one desk, 20 rounds. Run: npm run bench -- desk
 */
import { appendFileSync } from 'node:fs';
import {
  benchHour, cpuSeconds, makeClient, otherAnswers, postgresCpuSeconds, postgresMemoryMiB, recordSideBySide, rssMiB, runLoad, sampleMemory, seedDeskFloor,
  signedInPeople, startBenchEnv, statementProfile, type HttpResult,
} from './harness.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const DESKS = 5000;
const env = await startBenchEnv();
const { pool } = env;

// An organisation: one site, one location, a floorplan of 5,000 desks, published; 200 people, each signed in.
const { site, loc, fp } = await seedDeskFloor(pool, DESKS);
const { cookies } = await signedInPeople(pool, 200);
const slot = benchHour;

/** The limit: the same kind of insert straight into PostgreSQL, same table and constraints, no HTTP. */
async function rawInsertRate(clients: number) {
  const userIds = (await pool.query('SELECT id FROM users ORDER BY id LIMIT 50')).rows.map((r) => r.id);
  const until = performance.now() + SECONDS * 1000;
  let n = 0;
  const t0 = performance.now();
  await Promise.all(Array.from({ length: clients }, async (_, c) => {
    for (let i = 0; performance.now() < until; i++) {
      // Each level and client its own desk and holder, so the raw inserts never conflict either.
      const s = slot(90, i);
      await pool.query(`INSERT INTO bookings (site_id, location_id, floorplan_id, layout_id, desk_id, desk_name, starts_at, finishes_at, booked_by_user_id, holder_key, status)
        VALUES ($1, $2, $3, 1, $4, $4, $5, $6, $7, $8, 1)`, [site, loc, fp, `D${1000 + clients * 60 + c}`, s.Start, s.Finish, userIds[c], `raw${clients}-${c}@bench.example`]);
      n++;
    }
  }));
  return n / ((performance.now() - t0) / 1000);
}

const rows: string[] = [];
/** BENCH_LATENCY_LOG=file: each answer's wall-clock end (ms) and latency, to find where a tail comes from. */
const logged = async (log: string[], answer: Promise<HttpResult>) => {
  const r = await answer;
  if (process.env.BENCH_LATENCY_LOG) log.push(`${Date.now()} ${r.ms.toFixed(2)} ${r.status}`);
  return r;
};
const memAtRest = rssMiB(env.server.pid);
const dbMemAtRest = postgresMemoryMiB(env.dataDir);
const LEVELS = (process.env.BENCH_LEVELS ?? "1,20,50").split(",").map(Number);
for (const clients of LEVELS) {
  const raw = await rawInsertRate(clients);
  const call = makeClient(env.port, clients);
  const memory = sampleMemory(env);
  const printStatements = await statementProfile(pool);
  const cpu0 = { app: cpuSeconds(env.server.pid!), db: postgresCpuSeconds(env.dataDir), client: process.cpuUsage() };
  const latencyLog: string[] = [];
  const r = await runLoad(clients, SECONDS, (c, i) => logged(latencyLog, call('POST', '/api/bookings/desk', cookies[c]!, {
    FloorplanId: fp, DeskId: `D${c}`, ...slot(clients, i),
  })));
  if (process.env.BENCH_LATENCY_LOG) appendFileSync(process.env.BENCH_LATENCY_LOG, latencyLog.map((l) => `desk ${clients} ${l}\n`).join(''));
  const { appPeakMiB: peakRss, dbPeakMiB: peakDb } = memory();
  await printStatements(`${clients} clients`, r.count);
  // CPU per booking is steadier than wall-clock rates on a shared machine: it says what a booking costs.
  const clientCpu = process.cpuUsage(cpu0.client);
  const perBooking = (s: number) => ((s * 1000) / r.count).toFixed(2);
  const cpu = `${perBooking(cpuSeconds(env.server.pid!) - cpu0.app)} / ${perBooking(postgresCpuSeconds(env.dataDir) - cpu0.db)} / ${perBooking((clientCpu.user + clientCpu.system) / 1e6)}`;
  recordSideBySide({ what: 'desk booking', clients, perSecond: r.perSecond, p50: r.p50, p95: r.p95, p99: r.p99, appMiB: peakRss, dbMiB: peakDb,
    note: `raw PostgreSQL inserts/s, same script: ${raw.toFixed(0)} (ratio ${(r.perSecond / raw).toFixed(2)}); CPU ms per booking app / PG / client ${cpu}` });
  rows.push(`| desk booking | ${clients} | ${r.perSecond.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} | ${raw.toFixed(0)} | ${(r.perSecond / raw).toFixed(2)} | ${cpu} | ${peakRss.toFixed(0)} | ${peakDb.toFixed(0)} | ${JSON.stringify(r.failures)} |`);
}

// The race: 200 different people ask for the same desk and hour at once; exactly one may win.
const race = makeClient(env.port, 200);
const raceRows: string[] = [];
let allRoundsExact = true;
const ROUNDS = Number(process.env.BENCH_RACE_ROUNDS ?? 20);
for (let round = 0; round < ROUNDS; round++) {
  const s = slot(500, round);
  const results = await Promise.all(cookies.map((c) => race('POST', '/api/bookings/desk', c, { FloorplanId: fp, DeskId: 'D4999', ...s })));
  const ok = results.filter((r) => r.status === 201).length;
  const conflicts = results.filter((r) => r.status === 409).length;
  const inDb = (await pool.query("SELECT count(*)::int AS n FROM bookings WHERE desk_id = 'D4999' AND starts_at = $1 AND status IN (0,1)", [s.Start])).rows[0].n;
  if (ok !== 1 || conflicts !== 199 || inDb !== 1) allRoundsExact = false;
  raceRows.push(`${round + 1}: ${ok} x 201, ${conflicts} x 409, ${inDb} row${otherAnswers(results)}`);
}

console.log(`\nDesk booking benchmark, ${SECONDS} s per level, ${DESKS}-desk floorplan; at rest: app RSS ${memAtRest.toFixed(0)} MiB, PostgreSQL PSS ${dbMemAtRest.toFixed(0)} MiB\n`);
console.log('| what | clients | bookings/s | p50 ms | p95 ms | p99 ms | raw PG inserts/s (same clients) | ratio to raw | CPU ms per booking: app / PostgreSQL / client | app peak RSS MiB | PostgreSQL peak PSS MiB | non-2xx |');
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
for (const r of rows) console.log(r);
recordSideBySide({ what: 'memory at rest (desk benchmark, before any load)', appMiB: memAtRest, dbMiB: dbMemAtRest });
recordSideBySide({ what: `200-way race for one desk, ${ROUNDS} rounds`, note: allRoundsExact ? 'every round one 201, 199 x 409, one row' : `NOT EXACT: ${raceRows.join('; ')}` });
console.log(`\n200-way race, ${ROUNDS} rounds: ${allRoundsExact ? 'every round exactly one 201, 199 x 409, one row' : 'NOT EXACT'}`);
console.log(raceRows.join('; '));
await env.stop();
process.exit(allRoundsExact ? 0 : 1);
