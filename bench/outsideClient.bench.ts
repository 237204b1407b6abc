/**
 * Measured by a client we did not write (issue 19, point 11; memory of point 4): autocannon drives the
 * real HTTP sign-in, desk bookings and room bookings at 50 connections against the COMPILED app
 * (`node dist/server/main.js`, as `npm start` runs it) on embedded PostgreSQL (fsync on), beside our own
 * client (harness.ts makeClient/runLoad, as deskBooking.bench.ts) on the same app in the same run.
 *
 * Desk bookings are repeated with one factor changed at a time, to find why a browser-like client
 * measured more app CPU per booking than our own bench: keep-alive or a new connection per request
 * (`Connection: close`), browser-like headers (Origin, Sec-Fetch-*, a long Cookie, Accept-Encoding:
 * gzip, br, ...), and a fixed arrival rate below the maximum (a browser population does not send the next
 * request the moment the previous answer arrives). Every request books its own hour, so all succeed;
 * CPU per booking is the app's CPU (/proc/<pid>/stat) over the bookings PostgreSQL holds afterwards.
 * Memory: the app's VmRSS after 10 s idle, and VmRSS (sampled) / VmHWM after the desk runs.
 * Latencies autocannon reports with `Connection: close` are not usable: it writes the next request
 * before it sees the server close, that request is lost and its start time stays queued (p50 ~2 s in
 * the 2026-11-25 run); the own client with a new connection per request gives those latencies, and
 * every rate and CPU figure here counts the bookings in PostgreSQL, not autocannon's answers.
 * Sign-ins: the limiter counts attempts in flight, so more than 30 at once from one address (all
 * connections come from 127.0.0.1) are refused with 429 by design; those are reported as non-2xx.
 * Run: node scripts/build-if-needed.mjs && npx tsx bench/outsideClient.bench.ts   (BENCH_SECONDS, default 8)
 */
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { hashPassword } from '../src/server/auth/passwords.js';
import { SESSION_COOKIE } from '../src/server/auth/sessions.js';
import { drawingWithDesks } from '../src/server/testing/fixtures.js';
import { cpuSeconds, makeClient, postgresCpuSeconds, recordSideBySide, runLoad, startBenchEnv } from './harness.js';

/** The part of autocannon 9's API used here (it ships no types). */
interface AcRequest { method?: string; path?: string; headers?: Record<string, string>; body?: string; setupRequest?: (req: AcRequest) => AcRequest }
interface AcOptions { url: string; connections: number; duration: number; overallRate?: number; method?: string; headers?: Record<string, string>; requests?: AcRequest[] }
interface AcResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number; errors: number; timeouts: number; duration: number;
  statusCodeStats?: Record<string, { count: number }>;
}
const autocannon = createRequire(import.meta.url)('autocannon') as (opts: AcOptions) => Promise<AcResult>;

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 50;
const PASSWORD = 'correct horse battery staple';
const env = await startBenchEnv({}, { compiled: true });
const { pool } = env;
const pid = env.server.pid!;
const origin = `http://127.0.0.1:${env.port}`;

/** VmRSS and VmHWM (peak RSS since start) of the app, MiB. */
const memory = () => {
  const s = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (k: string) => Number(new RegExp(`${k}:\\s+(\\d+) kB`).exec(s)?.[1] ?? NaN) / 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
};
await new Promise((r) => setTimeout(r, 10_000));
const atRest = memory();

// One site: a 5,000-desk floorplan and 60 rooms (none restricted); 50 people with a password.
const site = (await pool.query("INSERT INTO sites (title, time_zone) VALUES ('Bench', 'Europe/London') RETURNING id")).rows[0].id;
const loc = (await pool.query("INSERT INTO locations (site_id, title) VALUES ($1, 'L') RETURNING id", [site])).rows[0].id;
const fp = (await pool.query("INSERT INTO floorplans (location_id, name) VALUES ($1, 'F') RETURNING id", [loc])).rows[0].id;
await pool.query('INSERT INTO layouts (floorplan_id, json, published) VALUES ($1, $2, true)',
  [fp, drawingWithDesks(Array.from({ length: 5000 }, (_, i) => ({ id: `D${i}`, x: 20 + (i % 200) * 40, y: 20 + Math.floor(i / 200) * 40 })))]);
await pool.query(`INSERT INTO rooms (location_id, name, room_type, capacity, restrict_room_access)
  SELECT $1, 'Room ' || g, 0, 8, false FROM generate_series(1, 60) g`, [loc]);
const rooms: number[] = (await pool.query('SELECT id FROM rooms ORDER BY id')).rows.map((r) => r.id);
const hash = await hashPassword(PASSWORD);
const emails = Array.from({ length: CONNECTIONS }, (_, i) => `o${i}@bench.example`);
for (const [i, email] of emails.entries()) {
  await pool.query('INSERT INTO users (email, full_name, password_hash) VALUES ($1, $2, $3)', [email, `O ${i}`, hash]);
}

// Sessions by the real sign-in: one per person.
const cookies: string[] = [];
for (const email of emails) {
  const res = await fetch(`${origin}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD }) });
  const set = res.headers.get('set-cookie') ?? '';
  const m = new RegExp(`${SESSION_COOKIE}=([^;]+)`).exec(set);
  if (res.status !== 200 || !m) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  cookies.push(`${SESSION_COOKIE}=${m[1]}`);
}

// Every request its own hour (a counter across all runs), so no booking conflicts with another.
let next = 0;
const hour = (base: number) => { const start = base + next++ * 3_600_000; return { Start: new Date(start).toISOString(), Finish: new Date(start + 3_600_000).toISOString() }; };
const deskBody = () => { const n = next; return { FloorplanId: fp, DeskId: `D${n % 5000}`, ...hour(Date.UTC(2031, 0, 1)) }; };
const roomBody = () => { const n = next; return { RoomId: rooms[n % rooms.length]!, ...hour(Date.UTC(2036, 0, 1, 8)), Description: 'Throughput' }; };
const cookieOf = () => cookies[next % cookies.length]!;

/** What a browser sends with a fetch() from the app's own page (Chromium 13x), plus other cookies of the site. */
const browserHeaders = (cookie: string): Record<string, string> => ({
  origin,
  referer: `${origin}/desks/${fp}`,
  'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty',
  'sec-ch-ua': '"Chromium";v="131", "Not_A Brand";v="24"', 'sec-ch-ua-mobile': '?0', 'sec-ch-ua-platform': '"Linux"',
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  accept: '*/*', 'accept-language': 'en-GB,en;q=0.9', 'accept-encoding': 'gzip, deflate, br, zstd',
  cookie: `_ga=GA1.1.${'1234567890'.repeat(2)}; _ga_XYZ=GS1.1.${'9'.repeat(60)}; consent=${'a'.repeat(300)}; theme=dark; ${cookie}; lb=${'b'.repeat(120)}`,
});

interface Variant { browser?: boolean; close?: boolean; rate?: number }
type Row = { what: string; perSecond: number; p50: number; p99: number; ok: number; non2xx: string; appMs: number; pgMs: number; rss?: number };
const rows: Row[] = [];
const countBookings = async () => (await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM bookings')).rows[0]!.n;

/** Samples VmRSS every 250 ms while `run` runs; CPU of the app and PostgreSQL per booking written. */
async function measure(what: string, run: () => Promise<Omit<Row, 'what' | 'ok' | 'appMs' | 'pgMs' | 'rss'> & { ok?: number }>, perRow = true) {
  let peak = 0;
  const timer = setInterval(() => { peak = Math.max(peak, memory().rss); }, 250);
  const rows0 = await countBookings();
  const cpu0 = { app: cpuSeconds(pid), db: postgresCpuSeconds(env.dataDir) };
  const r = await run();
  const app = cpuSeconds(pid) - cpu0.app;
  const db = postgresCpuSeconds(env.dataDir) - cpu0.db;
  clearInterval(timer);
  const ok = perRow ? (await countBookings()) - rows0 : r.ok ?? 0;
  const row = { what, ...r, ok, appMs: (app * 1000) / Math.max(1, ok), pgMs: (db * 1000) / Math.max(1, ok), rss: peak };
  rows.push(row);
  console.log(`${what}: ${r.perSecond.toFixed(0)}/s, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, ${ok} ok, non-2xx ${r.non2xx}, app ${row.appMs.toFixed(3)} ms / PG ${row.pgMs.toFixed(3)} ms CPU each, RSS peak ${peak.toFixed(0)} MiB`);
  recordSideBySide({ what: `outside client: ${what}`, clients: CONNECTIONS, perSecond: r.perSecond, p50: r.p50, p99: r.p99, appMiB: peak, note: `app CPU ms each ${row.appMs.toFixed(3)}` });
}

async function ac(path: string, body: () => unknown, v: Variant) {
  const r = await autocannon({
    url: origin, connections: CONNECTIONS, duration: SECONDS, ...(v.rate ? { overallRate: v.rate } : {}),
    requests: [{
      method: 'POST', path,
      setupRequest: (req) => {
        const cookie = path === '/auth/login' ? '' : cookieOf();
        const base = v.browser ? browserHeaders(cookie) : cookie ? { cookie } : {};
        return { ...req, headers: { ...base, 'content-type': 'application/json', ...(v.close ? { connection: 'close' } : {}) }, body: JSON.stringify(body()) };
      },
    }],
  });
  const codes = Object.entries(r.statusCodeStats ?? {}).filter(([c]) => !c.startsWith('2')).map(([c, s]) => `${c}: ${s.count}`);
  const ok = Object.entries(r.statusCodeStats ?? {}).filter(([c]) => c.startsWith('2')).reduce((t, [, s]) => t + s.count, 0);
  return { perSecond: ok / r.duration, p50: r.latency.p50, p99: r.latency.p99, ok,
    non2xx: `${r.non2xx}${codes.length ? ` (${codes.join(', ')})` : ''}${r.errors ? `, ${r.errors} errors` : ''}${r.timeouts ? `, ${r.timeouts} timeouts` : ''}` };
}

async function own(path: string, body: () => unknown, keepAlive = true) {
  const call = makeClient(env.port, CONNECTIONS, keepAlive);
  const r = await runLoad(CONNECTIONS, SECONDS, (c) => call('POST', path, path === '/auth/login' ? '' : cookies[c]!, body()));
  return { perSecond: r.perSecond, p50: r.p50, p99: r.p99, ok: r.count, non2xx: JSON.stringify(r.failures) };
}

// Warm-up, uncounted: the first requests compile the hot paths.
await runLoad(10, 2, (c) => makeClient(env.port, 10)('POST', '/api/bookings/desk', cookies[c]!, deskBody()));

await measure('desk, own client (keep-alive)', () => own('/api/bookings/desk', deskBody));
await measure('desk, autocannon keep-alive, plain headers', () => ac('/api/bookings/desk', deskBody, {}));
await measure('desk, autocannon keep-alive, browser headers', () => ac('/api/bookings/desk', deskBody, { browser: true }));
await measure('desk, autocannon Connection: close, plain headers', () => ac('/api/bookings/desk', deskBody, { close: true }));
await measure('desk, autocannon Connection: close, browser headers', () => ac('/api/bookings/desk', deskBody, { close: true, browser: true }));
await measure('desk, own client, new connection per request', () => own('/api/bookings/desk', deskBody, false));
for (const rate of [100, 300, 600]) {
  await measure(`desk, autocannon keep-alive, plain headers, ${rate}/s offered`, () => ac('/api/bookings/desk', deskBody, { rate }));
}
await measure('desk, autocannon keep-alive, browser headers, 300/s offered', () => ac('/api/bookings/desk', deskBody, { browser: true, rate: 300 }));
await measure('desk, autocannon Connection: close, browser headers, 300/s offered', () => ac('/api/bookings/desk', deskBody, { close: true, browser: true, rate: 300 }));
await measure('desk, own client again (drift check)', () => own('/api/bookings/desk', deskBody));
const afterDesk = memory();

await measure('room, own client (keep-alive)', () => own('/api/bookings/room', roomBody));
await measure('room, autocannon keep-alive, plain headers', () => ac('/api/bookings/room', roomBody, {}));
await measure('room, autocannon keep-alive, browser headers', () => ac('/api/bookings/room', roomBody, { browser: true }));
const afterRoom = memory();

const login = () => ({ email: emails[next++ % emails.length]!, password: PASSWORD });
await measure('sign-in, own client (keep-alive)', () => own('/auth/login', login), false);
await measure('sign-in, autocannon keep-alive, plain headers', () => ac('/auth/login', login, {}), false);
await measure('sign-in, autocannon keep-alive, browser headers', () => ac('/auth/login', login, { browser: true }), false);
const afterSignIn = memory();

console.log(`\nOutside client (autocannon) vs own client, compiled app, ${CONNECTIONS} connections, ${SECONDS} s each\n`);
console.log('| what | per second (2xx) | p50 ms | p99 ms | 2xx | non-2xx | app CPU ms each | PG CPU ms each | app RSS peak MiB |');
console.log('|---|---|---|---|---|---|---|---|---|');
for (const r of rows) console.log(`| ${r.what} | ${r.perSecond.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.ok} | ${r.non2xx} | ${r.appMs.toFixed(3)} | ${r.pgMs.toFixed(3)} | ${r.rss?.toFixed(0)} |`);
const mib = (m: { rss: number; hwm: number }) => `VmRSS ${m.rss.toFixed(0)} MiB, VmHWM ${m.hwm.toFixed(0)} MiB`;
console.log(`\nApp memory: at rest (10 s idle after start) ${mib(atRest)}; after the desk runs ${mib(afterDesk)}; after the room runs ${mib(afterRoom)}; after sign-ins ${mib(afterSignIn)}`);
recordSideBySide({ what: 'outside client: app memory at rest / VmHWM after desk runs (compiled)', appMiB: atRest.rss, note: `VmHWM after desk ${afterDesk.hwm.toFixed(0)} MiB, after sign-ins ${afterSignIn.hwm.toFixed(0)} MiB` });
await env.stop();
process.exit(0);
