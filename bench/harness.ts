import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, chmodSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type pg from 'pg';
import { SessionStore, SESSION_COOKIE } from '../src/server/auth/sessions.js';
import { startEmbeddedDatabase, freePort, type EmbeddedDatabase } from '../src/server/db/embedded.js';
import { createPool } from '../src/server/db/pool.js';
import { migrate } from '../src/server/db/migrate.js';
import { drawingWithDesks } from '../src/server/testing/fixtures.js';

/**
 * Shared pieces of the benchmarks: a real PostgreSQL (embedded, fsync on, default settings), the app
 * as its own process (as in production), and a keep-alive HTTP client that records latencies.
 */
export interface BenchEnv { db: EmbeddedDatabase; pool: pg.Pool; server: ChildProcess; port: number; dataDir: string; stop: () => Promise<void> }

/** `compiled: true` runs the built server (`node dist/server/main.js`, as `npm start` does) instead of the sources under tsx. */
export async function startBenchEnv(serverEnv: Record<string, string> = {}, options: { compiled?: boolean } = {}): Promise<BenchEnv> {
  const dir = mkdtempSync(join(tmpdir(), 'hotdesk-bench-'));
  chmodSync(dir, 0o755);
  // BENCH_PG_STATEMENTS=1 loads pg_stat_statements, so a bench can print where PostgreSQL spends its time.
  const settings = process.env.BENCH_PG_STATEMENTS ? { shared_preload_libraries: 'pg_stat_statements', 'pg_stat_statements.track_utility': 'on' } : undefined;
  const db = await startEmbeddedDatabase({ dataDir: dir, log: () => undefined, settings });
  const pool = createPool(db.url, 60);
  await migrate(pool);
  if (settings) await pool.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  const port = await freePort();
  // BENCH_SERVER_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", profiles the app under load.
  const extraArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const entry = options.compiled ? ['dist/server/main.js'] : ['--import', 'tsx', 'src/server/main.ts'];
  const server = spawn('node', [...extraArgs, ...entry], {
    env: { ...process.env, DATABASE_URL: db.url, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...serverEnv },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitFor(`http://127.0.0.1:${port}/readyz`);
  return {
    db, pool, server, port, dataDir: dir,
    stop: async () => {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
      await pool.end();
      await db.stop();
    },
  };
}

async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    try { if ((await fetch(url)).ok) return; } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not become ready at ${url}`);
}

export interface HttpResult { status: number; ms: number; body: string }

/** `keepAlive: false` opens a new connection for every request (the agent closes each after its answer). */
export function makeClient(port: number, sockets: number, keepAlive = true) {
  const agent = new Agent({ keepAlive, maxSockets: sockets });
  return (method: string, path: string, cookie: string, body?: unknown): Promise<HttpResult> => new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const started = performance.now();
    const req = request({ host: '127.0.0.1', port, method, path, agent, headers: {
      cookie, ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
    } }, (res) => {
      let data = '';
      res.setEncoding('utf8');
      res.on('data', (c) => { data += c; });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started, body: data }));
    });
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

/** Answers other than 201 and 409 in a race round, each kind once with the start of its body ('' if none). */
export function otherAnswers(results: HttpResult[]): string {
  const others = results.filter((r) => r.status !== 201 && r.status !== 409);
  return others.length ? `, others: ${[...new Set(others.map((r) => `${r.status} ${r.body.slice(0, 80)}`))].join(' | ')}` : '';
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export function summarise(latencies: number[], seconds: number) {
  const s = [...latencies].sort((a, b) => a - b);
  return { count: s.length, perSecond: s.length / seconds, p50: percentile(s, 50), p95: percentile(s, 95), p99: percentile(s, 99) };
}

/** Resident memory of a process in MiB (Linux /proc). */
export function rssMiB(pid: number | undefined): number {
  if (!pid) return NaN;
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : NaN;
  } catch { return NaN; }
}

/** Runs `clients` loops for `seconds`, each calling `one(client, iteration)`; latencies of 2xx answers. */
export async function runLoad(clients: number, seconds: number, one: (c: number, i: number) => Promise<HttpResult>) {
  const latencies: number[] = [];
  const failures = new Map<number, number>();
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(Array.from({ length: clients }, async (_, c) => {
    for (let i = 0; performance.now() < until; i++) {
      const r = await one(c, i);
      if (r.status >= 200 && r.status < 300) latencies.push(r.ms);
      else failures.set(r.status, (failures.get(r.status) ?? 0) + 1);
    }
  }));
  const elapsed = (performance.now() - started) / 1000;
  return { ...summarise(latencies, elapsed), failures: Object.fromEntries(failures) };
}

/** CPU seconds (user + system) a process has used, from /proc (Linux clock ticks of 1/100 s). */
export function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch { return 0; }
}

/**
 * Memory of all PostgreSQL processes of this benchmark's data folder, in MiB: the sum of their PSS
 * (proportional set size), which counts shared buffers once across the processes rather than once
 * per process as RSS would.
 */
export function postgresMemoryMiB(dataDir: string): number {
  let kb = 0;
  for (const pid of postgresPids(dataDir)) {
    try {
      const m = /^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
      kb += m ? Number(m[1]) : 0;
    } catch { /* process gone */ }
  }
  return kb / 1024;
}

function postgresPids(dataDir: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmd = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (cmd.includes('postgres') && (cmd.includes(dataDir) || isBackendOf(Number(entry), dataDir))) pids.push(Number(entry));
    } catch { /* process gone */ }
  }
  return pids;
}

/** CPU seconds of every PostgreSQL process serving the data folder of this benchmark. */
export function postgresCpuSeconds(dataDir: string): number {
  return postgresPids(dataDir).reduce((total, pid) => total + cpuSeconds(pid), 0);
}

// Backends show only "postgres: user db ..." in their command line; they are children of the postmaster.
function isBackendOf(pid: number, dataDir: string): boolean {
  const ppid = Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
  try { return readFileSync(`/proc/${ppid}/cmdline`, 'utf8').includes(dataDir); } catch { return false; }
}

/**
 * Peak memory of the app process (RSS) and of its PostgreSQL (PSS), sampled every 500 ms from now
 * until the returned function is called.
 */
export function sampleMemory(env: BenchEnv): () => { appPeakMiB: number; dbPeakMiB: number } {
  let appPeakMiB = 0;
  let dbPeakMiB = 0;
  const sample = () => {
    appPeakMiB = Math.max(appPeakMiB, rssMiB(env.server.pid));
    dbPeakMiB = Math.max(dbPeakMiB, postgresMemoryMiB(env.dataDir));
  };
  sample();
  const timer = setInterval(sample, 500);
  return () => { clearInterval(timer); sample(); return { appPeakMiB, dbPeakMiB }; };
}

/** One row of the side-by-side table that `npm run bench` prints after every benchmark has run. */
export interface SideBySideRow {
  what: string;
  clients?: number;
  perSecond?: number;
  p50?: number;
  p95?: number;
  p99?: number;
  appMiB?: number;
  dbMiB?: number;
  note?: string;
}

/**
 * Adds a row to the side-by-side table: run-all.ts names a file in BENCH_RESULTS and prints the rows
 * of every benchmark of the run as one table at the end. Run alone, a benchmark prints its own tables only.
 */
export function recordSideBySide(row: SideBySideRow): void {
  const file = process.env.BENCH_RESULTS;
  if (file) appendFileSync(file, `${JSON.stringify(row)}\n`);
}

/**
 * With BENCH_PG_STATEMENTS=1: resets PostgreSQL's statement statistics, and returns a function that
 * prints the statements run since, by total time: calls, execution ms, WAL records and blocks
 * touched, each divided by `per` (the bookings made).
 */
export async function statementProfile(pool: pg.Pool): Promise<(title: string, per: number) => Promise<void>> {
  if (!process.env.BENCH_PG_STATEMENTS) return async () => undefined;
  await pool.query('SELECT pg_stat_statements_reset()');
  return async (title, per) => {
    const { rows } = await pool.query(`SELECT calls, total_exec_time, wal_records, shared_blks_hit + shared_blks_read AS blocks,
        left(regexp_replace(query, '\\s+', ' ', 'g'), 110) AS query
      FROM pg_stat_statements WHERE query NOT LIKE '%pg_stat_statements%' ORDER BY total_exec_time DESC LIMIT 15`);
    console.log(`\nPostgreSQL statements, ${title} (per booking: calls, ms, WAL records, blocks):`);
    for (const r of rows) {
      console.log(`${(r.calls / per).toFixed(3)}\t${(r.total_exec_time / per).toFixed(3)}\t${(Number(r.wal_records) / per).toFixed(1)}\t${(Number(r.blocks) / per).toFixed(1)}\t${r.query}`);
    }
  };
}

/** A desk organisation: one site (Europe/London), one location, a published floorplan of `desks` desks named D0, D1 … */
export async function seedDeskFloor(pool: pg.Pool, desks: number): Promise<{ site: number; loc: number; fp: number }> {
  const site = (await pool.query("INSERT INTO sites (title, time_zone) VALUES ('Bench', 'Europe/London') RETURNING id")).rows[0].id;
  const loc = (await pool.query("INSERT INTO locations (site_id, title) VALUES ($1, 'L') RETURNING id", [site])).rows[0].id;
  const fp = (await pool.query("INSERT INTO floorplans (location_id, name) VALUES ($1, 'F') RETURNING id", [loc])).rows[0].id;
  await pool.query('INSERT INTO layouts (floorplan_id, json, published) VALUES ($1, $2, true)',
    [fp, drawingWithDesks(Array.from({ length: desks }, (_, i) => ({ id: `D${i}`, x: 20 + (i % 200) * 40, y: 20 + Math.floor(i / 200) * 40 })))]);
  return { site, loc, fp };
}

/** `count` people (p0@bench.example …), each signed in with a session created as a sign-in would: ids and cookies, in order. */
export async function signedInPeople(pool: pg.Pool, count: number): Promise<{ userIds: number[]; cookies: string[] }> {
  const sessions = new SessionStore(pool, 600);
  const userIds: number[] = [];
  const cookies: string[] = [];
  for (let i = 0; i < count; i++) {
    const id = (await pool.query('INSERT INTO users (email, full_name) VALUES ($1, $2) RETURNING id', [`p${i}@bench.example`, `P ${i}`])).rows[0].id;
    userIds.push(id);
    cookies.push(`${SESSION_COOKIE}=${await sessions.create(id, 'bench')}`);
  }
  return { userIds, cookies };
}

/** An hour from 2031 on: hour `i` of band `band`, each band its own ~2-year stretch, so bands never overlap. */
export function benchHour(band: number, i: number): { Start: string; Finish: string } {
  const start = Date.UTC(2031, 0, 1) + (band * 20_000 + i) * 3_600_000;
  return { Start: new Date(start).toISOString(), Finish: new Date(start + 3_600_000).toISOString() };
}

export interface ReportingOrg {
  siteIds: number[];
  floorplans: { id: number; site: number; location: number }[];
  rooms: { id: number; site: number; location: number }[];
  /** The person every generated booking is booked by. */
  booker: number;
  /** A Reporting user's session cookie, for the timed calls. */
  cookie: string;
}

/**
 * The organisation the reporting and insights benchmarks read: `sites` sites (even ones in London, odd
 * ones in New York), `floors` floors dealt round the sites, each with one published `desksPerFloor`-desk
 * plan and `roomsPerFloor` rooms; a booker and a signed-in Reporting user.
 */
export async function seedReportingOrg(pool: pg.Pool, o: { sites: number; floors: number; desksPerFloor: number; roomsPerFloor: number }): Promise<ReportingOrg> {
  const drawing = drawingWithDesks(Array.from({ length: o.desksPerFloor }, (_, i) => ({ id: `D${i}` })));
  const org: Omit<ReportingOrg, 'booker' | 'cookie'> = { siteIds: [], floorplans: [], rooms: [] };
  for (let s = 0; s < o.sites; s++) {
    org.siteIds.push((await pool.query('INSERT INTO sites (title, time_zone) VALUES ($1, $2) RETURNING id', [`Site ${s}`, s % 2 ? 'America/New_York' : 'Europe/London'])).rows[0].id);
  }
  for (let l = 0; l < o.floors; l++) {
    const site = org.siteIds[l % o.sites]!;
    const location = (await pool.query('INSERT INTO locations (site_id, title) VALUES ($1, $2) RETURNING id', [site, `Floor ${l}`])).rows[0].id;
    const fp = (await pool.query("INSERT INTO floorplans (location_id, name) VALUES ($1, 'Plan') RETURNING id", [location])).rows[0].id;
    await pool.query('INSERT INTO layouts (floorplan_id, json, published) VALUES ($1, $2, true)', [fp, drawing]);
    org.floorplans.push({ id: fp, site, location });
    for (let r = 0; r < o.roomsPerFloor; r++) {
      org.rooms.push({ id: (await pool.query('INSERT INTO rooms (location_id, name, room_type, capacity) VALUES ($1, $2, 0, 8) RETURNING id', [location, `Room ${r}`])).rows[0].id, site, location });
    }
  }
  const booker = (await pool.query("INSERT INTO users (email, full_name) VALUES ('booker@bench.example', 'Booker') RETURNING id")).rows[0].id;
  const reporterId = (await pool.query("INSERT INTO users (email, full_name) VALUES ('reporter@bench.example', 'Reporter') RETURNING id")).rows[0].id;
  await pool.query('INSERT INTO user_roles VALUES ($1, 2)', [reporterId]);
  const cookie = `${SESSION_COOKIE}=${await new SessionStore(pool, 600).create(reporterId, 'bench')}`;
  return { ...org, booker, cookie };
}
