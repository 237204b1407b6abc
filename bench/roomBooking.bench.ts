/**
 * Room booking benchmark (issue 4), against the running server on embedded PostgreSQL (fsync on):
 * (The availability search over the same data is bench/roomAvailability.bench.ts: `npm run bench -- availability`.)
 * - room booking throughput and latency at 1, 20 and 50 signed-in clients;
 * - a 200-way race for one room slot, 20 rounds: exactly one success each round.
 * Room bookings also print CPU per booking (app / PostgreSQL / client), which a loaded host skews far
 * less than rates; BENCH_PG_STATEMENTS=1 prints PostgreSQL's statements per booking at each level.
 * BENCH_LEVELS=50 runs only some levels.
 * Run: npm run bench -- room
 */
import { SessionStore, SESSION_COOKIE } from '../src/server/auth/sessions.js';
import { loadRoomHistory, seedRoomSite } from './roomHistory.js';
import { appendFileSync } from 'node:fs';
import {
  cpuSeconds, makeClient, otherAnswers, postgresCpuSeconds, recordSideBySide, runLoad, sampleMemory, startBenchEnv, statementProfile, type HttpResult,
} from './harness.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ROOMS = 1000;
const LOCATIONS = 20;
const BOOKINGS_PER_ROOM = 1000;
const env = await startBenchEnv();
const { pool } = env;

// One site, 20 locations of 50 rooms each (every tenth restricted): roomHistory.ts.
const site = await seedRoomSite(pool, ROOMS, LOCATIONS);
const rooms: { id: number; location_id: number }[] = (await pool.query('SELECT id, location_id FROM rooms ORDER BY id')).rows;

// 200 people, each signed in.
const sessions = new SessionStore(pool, 600);
const cookies: string[] = [];
const userIds: number[] = [];
for (let i = 0; i < 200; i++) {
  const id = (await pool.query('INSERT INTO users (email, full_name) VALUES ($1, $2) RETURNING id', [`r${i}@bench.example`, `R ${i}`])).rows[0].id;
  userIds.push(id);
  cookies.push(`${SESSION_COOKIE}=${await sessions.create(id, 'bench')}`);
}

// 1,000,000 bookings (roomHistory.ts).
const { loadSeconds, total } = await loadRoomHistory(env, site, userIds[0]!, BOOKINGS_PER_ROOM);

const iso = (d: Date) => d.toISOString();
const rows: string[] = [];
/** BENCH_LATENCY_LOG=file: each answer's wall-clock end (ms) and latency, to find where a tail comes from. */
const logged = async (log: string[], answer: Promise<HttpResult>) => {
  const r = await answer;
  if (process.env.BENCH_LATENCY_LOG) log.push(`${Date.now()} ${r.ms.toFixed(2)} ${r.status}`);
  return r;
};


// A short unrecorded warm-up, as a running server has had: caches filled, statements prepared (2035).
const warmUp = makeClient(env.port, 10);
await runLoad(10, 2, (c, i) => {
  const start = Date.UTC(2035, 0, 1, 8) + (c * 10_000 + i) * 3_600_000;
  return warmUp('POST', '/api/bookings/room', cookies[c]!, { RoomId: rooms[c * 7 + 1]!.id, Start: iso(new Date(start)), Finish: iso(new Date(start + 3_600_000)), Description: 'Warm-up' });
});

// Booking throughput: each client books its own room, slot after slot, in 2036 (no bench bookings there).
// Every seventh room from the second: at 50 clients 5 of them are restricted (requests, Pending).
const bookBase = Date.UTC(2036, 0, 1, 8);
const LEVELS = (process.env.BENCH_LEVELS ?? '1,20,50').split(',').map(Number);
for (const clients of LEVELS) {
  const call = makeClient(env.port, clients);
  const memory = sampleMemory(env);
  const printStatements = await statementProfile(pool);
  const cpu0 = { app: cpuSeconds(env.server.pid!), db: postgresCpuSeconds(env.dataDir), client: process.cpuUsage() };
  const latencyLog: string[] = [];
  const r = await runLoad(clients, SECONDS, (c, i) => {
    const start = bookBase + (clients * 100_000 + i) * 3_600_000;
    return logged(latencyLog, call('POST', '/api/bookings/room', cookies[c]!, {
      RoomId: rooms[c * 7 + 1]!.id, Start: iso(new Date(start)), Finish: iso(new Date(start + 3_600_000)), Description: 'Throughput',
    }));
  });
  if (process.env.BENCH_LATENCY_LOG) appendFileSync(process.env.BENCH_LATENCY_LOG, latencyLog.map((l) => `room ${clients} ${l}\n`).join(''));
  const { appPeakMiB, dbPeakMiB } = memory();
  await printStatements(`room booking, ${clients} clients`, r.count);
  const clientCpu = process.cpuUsage(cpu0.client);
  const perBooking = (s: number) => ((s * 1000) / r.count).toFixed(2);
  const cpu = `${perBooking(cpuSeconds(env.server.pid!) - cpu0.app)} / ${perBooking(postgresCpuSeconds(env.dataDir) - cpu0.db)} / ${perBooking((clientCpu.user + clientCpu.system) / 1e6)}`;
  const failures = Object.keys(r.failures).length ? `; non-2xx: ${JSON.stringify(r.failures)}` : '';
  recordSideBySide({ what: 'room booking (mail queued in the same transaction)', clients, perSecond: r.perSecond, p50: r.p50, p95: r.p95, p99: r.p99,
    appMiB: appPeakMiB, dbMiB: dbPeakMiB, note: `CPU ms per booking app / PG / client ${cpu}${failures}` });
  rows.push(`| room booking | ${clients} | ${r.perSecond.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} | mail queued in the same transaction; CPU ms per booking app / PG / client ${cpu} | ${JSON.stringify(r.failures)} |`);
}

// The race: 200 different people ask for the same room and hour at once; exactly one may win.
const race = makeClient(env.port, 200);
const raceRows: string[] = [];
let allRoundsExact = true;
const ROUNDS = Number(process.env.BENCH_RACE_ROUNDS ?? 20);
const raceRoom = rooms[3]!.id;
for (let round = 0; round < ROUNDS; round++) {
  const start = Date.UTC(2037, 0, 1 + round, 10);
  const body = { RoomId: raceRoom, Start: iso(new Date(start)), Finish: iso(new Date(start + 3_600_000)), Description: `Race ${round}` };
  const results = await Promise.all(cookies.map((c) => race('POST', '/api/bookings/room', c, body)));
  const ok = results.filter((r) => r.status === 201).length;
  const conflicts = results.filter((r) => r.status === 409).length;
  const inDb = (await pool.query('SELECT count(*)::int AS n FROM bookings WHERE room_id = $1 AND starts_at = $2 AND status IN (0, 1)', [raceRoom, new Date(start)])).rows[0].n;
  if (ok !== 1 || conflicts !== 199 || inDb !== 1) allRoundsExact = false;
  raceRows.push(`${round + 1}: ${ok} x 201, ${conflicts} x 409, ${inDb} row${otherAnswers(results)}`);
}
recordSideBySide({ what: `200-way race for one room slot, ${ROUNDS} rounds`, note: allRoundsExact ? 'every round one 201, 199 x 409, one row' : `NOT EXACT: ${raceRows.join('; ')}` });

console.log(`\nRoom booking benchmark, ${SECONDS} s per level; ${ROOMS} rooms, ${total.toLocaleString('en-GB')} bookings (loaded in ${loadSeconds.toFixed(0)} s)\n`);
console.log('| what | clients | requests/s | p50 ms | p95 ms | p99 ms | notes | non-2xx |');
console.log('|---|---|---|---|---|---|---|---|');
for (const r of rows) console.log(r);
console.log(`\n200-way race, ${ROUNDS} rounds: ${allRoundsExact ? 'every round exactly one 201, 199 x 409, one row' : 'NOT EXACT'}`);
console.log(raceRows.join('; '));
await env.stop();
process.exit(allRoundsExact ? 0 : 1);
