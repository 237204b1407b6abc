/**
 * Room availability benchmark (issue 19 point 6), against the running server on embedded PostgreSQL
 * (fsync on), 1,000 rooms (one site, 20 locations of 50) and 1,000,000 bookings. For a whole site
 * (every free room in the answer) and for one location, one client:
 * - the HTTP search (POST /api/rooms/availability) p50/p95/p99, as the web app sends it (Accept-Encoding
 *   br) and without Accept-Encoding;
 * - the search's SQL alone: the same statement the app runs, with the same values, sent by pg from this
 *   process (so it includes a round trip and pg's parsing of the result, as the app's does);
 * - all the statements a request runs, alone: the session lookup, then the search's statement;
 * - the ratio of the HTTP p95 to the SQL p95 (issue 19: at most 1.5 for the whole site), and to the
 *   p95 of the request's statements;
 * - for the whole site, the same search through a bare node:http server (bareSearchServer.ts: the same
 *   statement, no framework, no session, an answer of the same size): the least HTTP adds here, so the
 *   app's distance from it is what the app itself adds.
 * HTTP and SQL are measured in alternating short blocks, so a busy host slows both alike; the CPU time
 * the host stole during the run is printed beside them, with app and PostgreSQL CPU per search (which
 * load skews far less than latency).
 * Run: flock /tmp/bench.lock npx tsx bench/roomAvailability.bench.ts  (or npm run bench -- availability)
 * BENCH_ROUNDS (default 30) blocks of BENCH_BLOCK (default 20) requests each, per kind and scope;
 * BENCH_PLAN=1 prints the plan of the whole-site statement; BENCH_BOOKINGS_PER_ROOM (default 1,000) loads fewer
 * bookings for quick profiling runs (with BENCH_SERVER_NODE_ARGS, see harness.ts).
 */
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, createBrotliCompress } from 'node:zlib';
import { z } from 'zod';
import { AvailabilityItem } from '../src/domain/wire/roomBooking.js';
import { SessionStore, SESSION_COOKIE } from '../src/server/auth/sessions.js';
import { freePort } from '../src/server/db/embedded.js';
import { loadRoomHistory, seedRoomSite } from './roomHistory.js';
import { cpuSeconds, percentile, postgresCpuSeconds, recordSideBySide, startBenchEnv } from './harness.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const BLOCK = Number(process.env.BENCH_BLOCK ?? 20);
const ROOMS = 1000;
const LOCATIONS = 20;
const BOOKINGS_PER_ROOM = Number(process.env.BENCH_BOOKINGS_PER_ROOM ?? 1000); // fewer for quick profiling runs
const env = await startBenchEnv();
const { pool } = env;

// ---- The data: as bench/roomBooking.bench.ts had it for its availability rows -----------------------

// One site, 20 locations of 50 rooms each (every tenth restricted): roomHistory.ts.
const site = await seedRoomSite(pool, ROOMS, LOCATIONS);
// A location with free rooms in the searched hours: a room's bookings start at 07:00 + (id % 12) hours, so
// rooms with id % 12 = 0 (07:00–08:00/09:00) are free 09:00–17:00; each location holds rooms of three such
// residues (ids step by 20 through a location or by 1, depending on the plan of the insert).
const firstLocation: number = (await pool.query('SELECT location_id FROM rooms WHERE id % 12 = 0 ORDER BY id LIMIT 1')).rows[0].location_id;

// Two people, each signed in: the searcher, and the holder of the bench's bookings.
const sessions = new SessionStore(pool, 600);
const userIds: number[] = [];
for (let i = 0; i < 2; i++) {
  userIds.push((await pool.query('INSERT INTO users (email, full_name) VALUES ($1, $2) RETURNING id', [`a${i}@bench.example`, `A ${i}`])).rows[0].id);
}
const searcher = userIds[1]!;
const token = await sessions.create(searcher, 'bench');
const cookie = `${SESSION_COOKIE}=${token}`;

// 1,000,000 bookings (roomHistory.ts).
const { loadSeconds, total } = await loadRoomHistory(env, site, userIds[0]!, BOOKINGS_PER_ROOM);

// ---- The searches ---------------------------------------------------------------------------------

const dayOf = (i: number) => new Date(Date.UTC(2031, 0, 1 + (i * 37) % BOOKINGS_PER_ROOM));
/** 09:00–17:00 (UTC) on a day inside the booked years. */
const range = (i: number) => {
  const day = dayOf(i);
  return { from: new Date(day.getTime() + 9 * 3_600_000), to: new Date(day.getTime() + 17 * 3_600_000) };
};
const searchBody = (i: number, locationId: number | null) => {
  const { from, to } = range(i);
  return { fromDate: from.toISOString(), toDate: to.toISOString(), roomType: 0, siteId: locationId ? null : site, locationId };
};

interface Answer { status: number; ms: number; bytes: number; encoding: string; body: string }
const agent = new Agent({ keepAlive: true, maxSockets: 1 });
const bareAgent = new Agent({ keepAlive: true, maxSockets: 1 });
/**
 * One search over a kept-alive connection; the body is read whole (decompressed only when asked).
 * `bare`: to the bare server (bareSearchServer.ts) instead of the app.
 */
function search(i: number, locationId: number | null, encoding: string | null, bare?: { port: number }): Promise<Answer> {
  const payload = JSON.stringify(searchBody(i, locationId));
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request({ host: '127.0.0.1', port: bare?.port ?? env.port, method: 'POST', path: '/api/rooms/availability', agent: bare ? bareAgent : agent, headers: {
      cookie, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...(encoding ? { 'accept-encoding': encoding } : {}),
    } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const ms = performance.now() - started;
        const body = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, ms, bytes: body.length, encoding: String(res.headers['content-encoding'] ?? 'identity'), body: body.toString('utf8') });
      });
    });
    req.on('error', reject);
    req.end(payload);
  });
}

const { SEARCH_SQL } = await import('../src/server/features/roomBooking/roomAvailability.js');
/** The statement the app runs for one search, alone: same text, same values, prepared as the app's is. */
async function sqlAlone(i: number): Promise<number> {
  const { from, to } = range(i);
  const started = performance.now();
  await pool.query({ name: 'bench_room_availability', text: SEARCH_SQL, values: [from, to, searcher] });
  return performance.now() - started;
}
/**
 * All the statements a search request runs, one after the other as the request does: the session
 * lookup (the guard's, through a SessionStore of its own) and the search's statement.
 */
async function requestSql(i: number): Promise<number> {
  const started = performance.now();
  if (!(await sessions.resolve(token))) throw new Error('the bench session is gone');
  const { from, to } = range(i);
  await pool.query({ name: 'bench_room_availability', text: SEARCH_SQL, values: [from, to, searcher] });
  return performance.now() - started;
}

// ---- Measurement: alternating blocks --------------------------------------------------------------

type Kind = 'http-br' | 'http-plain' | 'http-bare' | 'sql' | 'sql-request';
const KINDS: Kind[] = ['http-br', 'http-plain', 'http-bare', 'sql', 'sql-request'];
interface Scope { label: string; locationId: number | null }
const SCOPES: Scope[] = [{ label: 'whole site (1,000 rooms)', locationId: null }, { label: 'one location (50 rooms)', locationId: firstLocation }];

// The bare server (bareSearchServer.ts): the same statement behind node:http alone, answering as many
// bytes as the app's whole-site answer. Measured for the whole site only.
const bareAnswerBytes = (await search(1, null, null)).bytes;
const barePort = await freePort();
const bare = fork(fileURLToPath(new URL('./bareSearchServer.ts', import.meta.url)), [], {
  execArgv: ['--import', 'tsx'], stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  env: { ...process.env, DATABASE_URL: env.db.url, PORT: String(barePort), SEARCH_SQL, USER_ID: String(searcher), ANSWER_BYTES: String(bareAnswerBytes) },
});
// Stopped with this process however it ends (a failed search throws before the end of the script).
process.once('exit', () => bare.kill('SIGTERM'));
await new Promise((resolve, reject) => { bare.once('message', resolve); bare.once('exit', reject); });
const kindsOf = (scope: Scope) => KINDS.filter((k) => k !== 'http-bare' || scope.locationId === null);

async function runOne(kind: Kind, scope: Scope, i: number): Promise<number> {
  if (kind === 'sql') return sqlAlone(i);
  if (kind === 'sql-request') return requestSql(i);
  const r = await search(i, scope.locationId, kind === 'http-br' ? 'br, gzip' : null, kind === 'http-bare' ? { port: barePort } : undefined);
  if (r.status !== 200) throw new Error(`search answered ${r.status}: ${r.body.slice(0, 200)}`);
  return r.ms;
}

// Warm-up, unrecorded: caches filled, statements prepared, JIT warm in both processes.
for (const scope of SCOPES) for (const kind of kindsOf(scope)) for (let i = 0; i < 100; i++) await runOne(kind, scope, 5000 + i);

const stealBefore = cpuTicks();
const times = new Map<string, number[]>();
const cpu = new Map<string, { app: number; db: number; n: number }>();
for (let round = 0; round < ROUNDS; round++) {
  for (const scope of SCOPES) {
    for (const kind of kindsOf(scope)) {
      const key = `${scope.label}|${kind}`;
      const list = times.get(key) ?? [];
      const used = cpu.get(key) ?? { app: 0, db: 0, n: 0 };
      const serverPid = kind === 'http-bare' ? bare.pid! : env.server.pid!;
      const app0 = cpuSeconds(serverPid), db0 = postgresCpuSeconds(env.dataDir);
      for (let j = 0; j < BLOCK; j++) list.push(await runOne(kind, scope, round * BLOCK + j));
      used.app += cpuSeconds(serverPid) - app0;
      used.db += postgresCpuSeconds(env.dataDir) - db0;
      used.n += BLOCK;
      times.set(key, list);
      cpu.set(key, used);
    }
  }
}
const stealAfter = cpuTicks();
const stolen = stealBefore && stealAfter ? (100 * (stealAfter.steal - stealBefore.steal)) / Math.max(1, stealAfter.total - stealBefore.total) : NaN;

// What each answer looks like (size plain and compressed, rooms in it).
const samples = new Map<string, { rooms: number; plain: number; br: number }>();
for (const scope of SCOPES) {
  const plain = await search(1, scope.locationId, null);
  const br = await search(1, scope.locationId, 'br, gzip');
  samples.set(scope.label, { rooms: (JSON.parse(plain.body) as unknown[]).length, plain: plain.bytes, br: br.encoding === 'br' ? br.bytes : NaN });
}

// The app's part in its own process, no HTTP: making the whole-site answer from the statement's result
// and the cached catalogue, as objects checked and encoded by the response schema (the route until
// issue 19) and as JSON text from the catalogue's pieces (now); then compressing it with brotli 4 in one
// call and as a stream (what @fastify/compress does above its syncThreshold, 8 KB on 2 cores).
const { freeRooms, freeRoomsJson } = await import('../src/server/features/roomBooking/roomAvailability.js');
const { roomCatalogue } = await import('../src/server/features/roomBooking/roomCatalogue.js');
const version = Number((await pool.query('SELECT version FROM config_version')).rows[0].version);
const catalogue = await roomCatalogue(pool, version);
const siteQuery = { ...range(1), roomType: 0, userId: searcher, bypass: false, locationId: null, siteId: site };
const inputs = (await pool.query({ name: 'bench_room_availability', text: SEARCH_SQL, values: [siteQuery.from, siteQuery.to, searcher] })).rows[0];
const busy = new Set<number>(inputs.busy), grants = new Set<string>(inputs.grants);
const answerSchema = z.array(AvailabilityItem);
const brQuality = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } };
const siteJson = freeRoomsJson(catalogue, busy, grants, siteQuery);
const streamed = (text: Buffer) => new Promise<void>((resolve, reject) => {
  const br = createBrotliCompress(brQuality);
  br.on('data', () => undefined).on('end', resolve).on('error', reject);
  br.end(text);
});
const inProcess: Record<string, () => unknown> = {
  'answer as objects + schema encode + JSON.stringify (before)': () => JSON.stringify(answerSchema.encode(freeRooms(catalogue, busy, grants, siteQuery))),
  'answer as UTF-8 JSON from the catalogue\'s pieces (now)': () => freeRoomsJson(catalogue, busy, grants, siteQuery),
  'brotli 4 of the answer, one call': () => brotliCompressSync(siteJson, brQuality),
  'brotli 4 of the answer, as a stream': () => streamed(siteJson),
};
const inProcessRows: string[] = [];
for (const [what, run] of Object.entries(inProcess)) {
  for (let i = 0; i < 50; i++) await run(); // warm
  const ms: number[] = [];
  for (let i = 0; i < 300; i++) { const s0 = performance.now(); await run(); ms.push(performance.now() - s0); }
  ms.sort((a, b) => a - b);
  inProcessRows.push(`| ${what} | ${percentile(ms, 50).toFixed(3)} | ${percentile(ms, 95).toFixed(3)} |`);
}

const explain = range(1);
const plan = (await pool.query(`EXPLAIN (ANALYZE, BUFFERS) ${SEARCH_SQL}`, [explain.from, explain.to, searcher])).rows.map((r) => r['QUERY PLAN']).join('\n');

// ---- Report ---------------------------------------------------------------------------------------

const stats = (key: string) => {
  const s = [...times.get(key)!].sort((a, b) => a - b);
  return { p50: percentile(s, 50), p95: percentile(s, 95), p99: percentile(s, 99) };
};
const f = (x: number, digits = 2) => x.toFixed(digits);
const cpuMs = (key: string) => {
  const c = cpu.get(key)!;
  return `${f((c.app * 1000) / c.n)} / ${f((c.db * 1000) / c.n)}`;
};
console.log(`\nRoom availability benchmark: ${ROOMS} rooms, ${total.toLocaleString('en-GB')} bookings (loaded in ${loadSeconds.toFixed(0)} s); `
  + `${ROUNDS} alternating blocks of ${BLOCK} per kind; 1 client; CPU time stolen by the host during the measurements: ${f(stolen, 0)}%\n`);
console.log('| search | how | p50 ms | p95 ms | p99 ms | p95 / SQL p95 | p95 / request SQL p95 | CPU ms per search app / PG | answer |');
console.log('|---|---|---|---|---|---|---|---|---|');
const verdicts: string[] = [];
for (const scope of SCOPES) {
  const sql = stats(`${scope.label}|sql`);
  const reqSql = stats(`${scope.label}|sql-request`);
  const sample = samples.get(scope.label)!;
  for (const kind of kindsOf(scope)) {
    const key = `${scope.label}|${kind}`;
    const s = stats(key);
    const how = {
      sql: 'its SQL alone (pg)', 'sql-request': 'session lookup + its SQL (pg)', 'http-br': 'HTTP, Accept-Encoding br', 'http-plain': 'HTTP, no Accept-Encoding',
      'http-bare': 'bare node:http + its SQL (CPU: that server\'s)',
    }[kind];
    const isSql = kind === 'sql' || kind === 'sql-request';
    const answer = isSql ? '' : `${sample.rooms} rooms, ${kind === 'http-br' ? `${f(sample.br / 1024, 1)} KiB br` : `${f(sample.plain / 1024, 1)} KiB`}`;
    console.log(`| ${scope.label} | ${how} | ${f(s.p50)} | ${f(s.p95)} | ${f(s.p99)} | ${kind === 'sql' ? '' : f(s.p95 / sql.p95)} | ${isSql ? '' : f(s.p95 / reqSql.p95)} | ${cpuMs(key)} | ${answer} |`);
    recordSideBySide({ what: `room availability, ${scope.label}, ${how}`, clients: 1, p50: s.p50, p95: s.p95, p99: s.p99,
      note: isSql ? `CPU ms app / PG ${cpuMs(key)}` : `p95 ${f(s.p95 / sql.p95)} x its SQL's; ${answer}; CPU ms app / PG ${cpuMs(key)}; stolen CPU ${f(stolen, 0)}%` });
  }
  const http = stats(`${scope.label}|http-br`);
  const plainHttp = stats(`${scope.label}|http-plain`);
  if (scope.locationId === null) {
    const bareHttp = stats(`${scope.label}|http-bare`);
    verdicts.push(`bare node:http running the same statement: p95 ${f(bareHttp.p95)} ms = ${f(bareHttp.p95 / sql.p95)} x its SQL's p95 `
      + `(p50 ${f(bareHttp.p50 / sql.p50)} x); the app's p95 is ${f(http.p95 / bareHttp.p95)} (br) / ${f(plainHttp.p95 / bareHttp.p95)} (plain) x the bare server's`);
    // p95 of 600 searches moves with a few slow blocks of either kind; the medians' ratio is the steadier one.
    verdicts.push(`whole site, medians: the app ${f(http.p50 / sql.p50)} (br) / ${f(plainHttp.p50 / sql.p50)} (plain) x its SQL's, the bare server ${f(bareHttp.p50 / sql.p50)} x`);
    verdicts.push(`whole site: p95 ${f(http.p95)} ms (br) / ${f(plainHttp.p95)} ms (plain) = ${f(http.p95 / sql.p95)} / ${f(plainHttp.p95 / sql.p95)} x its SQL's p95, `
      + `${f(http.p95 / reqSql.p95)} / ${f(plainHttp.p95 / reqSql.p95)} x the p95 of the request's statements (session lookup + search) `
      + `(target <= 1.5: ${Math.max(http.p95, plainHttp.p95) <= 1.5 * sql.p95 ? 'met' : 'NOT met'}); <= 15 ms: ${Math.max(http.p95, plainHttp.p95) <= 15 ? 'met' : 'NOT met'}`);
  } else {
    verdicts.push(`one location: p95 ${f(http.p95)} ms (br) / ${f(plainHttp.p95)} ms (plain) (target <= 5 ms: ${Math.max(http.p95, plainHttp.p95) <= 5 ? 'met' : 'NOT met'})`);
  }
}
console.log(`\n${verdicts.join('\n')}`);
console.log(`\nThe whole-site answer in this process (${(siteJson.length / 1024).toFixed(1)} KiB, ${(JSON.parse(siteJson.toString('utf8')) as unknown[]).length} rooms), 300 times each:\n`);
console.log('| step | p50 ms | p95 ms |');
console.log('|---|---|---|');
for (const r of inProcessRows) console.log(r);
if (process.env.BENCH_PLAN === '1') console.log(`\nPlan of the whole-site statement:\n${plan}`);
bare.kill('SIGTERM'); // its IPC channel would keep this process alive
await env.stop();

/** All CPUs' time from /proc/stat and the part the hypervisor gave to other machines (steal). */
function cpuTicks(): { total: number; steal: number } | null {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    return { total: fields.slice(0, 8).reduce((a, b) => a + b, 0), steal: fields[7] ?? 0 };
  } catch { return null; }
}
