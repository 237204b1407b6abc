/**
 * The app's memory (issue 19, point 4: RSS at rest <= 100 MiB, <= 200 MiB at 50 clients of desk booking),
 * with the desk booking rate of the same runs, so what a Node/V8 flag saves in memory and costs in speed
 * is seen side by side. The app is the COMPILED server started as `npm start` starts it: the environment
 * and node flags of package.json's "start" script (`NAME=${NAME:-value} exec node <flags> dist/server/main.js`)
 * are read from package.json, so this measures whatever `npm start` runs. Only the app's own process counts (PostgreSQL is another).
 *
 * Each run: a fresh embedded PostgreSQL (fsync on) and the app (harness.ts startBenchEnv); VmRSS 10 s
 * after start ("just started") and after BENCH_MEMORY_IDLE_S (default 60) s idle ("at rest": the
 * figure the target is about; V8 gives back the young generation's and start-up's pages only when its
 * memory reducer runs on an idle process, 20-60 s after the last allocation, measured 108 -> 95 MiB);
 * 50 signed-in clients book desks for BENCH_SECONDS (default 10) s, each booking its
 * own hour; then VmHWM (the peak RSS since start: start-up, seeding and load), VmRSS, bookings/s,
 * p50/p99 and the app's CPU per booking (/proc). RssAnon (heap, malloc) and RssFile (the node binary's
 * pages touched: code, ICU data) are given apart: the second is shared with every node process and
 * never below ~35 MiB for node itself.
 *
 * Variants run alternately (A B A B ...), BENCH_MEMORY_ROUNDS times (default 2), so drift on a shared
 * machine hits each alike: "npm start" (its flags) and "no flags" (plain `node dist/server/main.js`,
 * the start command before issue 19's point 4), plus any in BENCH_MEMORY_VARIANTS, e.g.
 * BENCH_MEMORY_VARIANTS='--max-semi-space-size=1;--optimize-for-size'; a variant's leading NAME=value words set the
 * app's environment instead, e.g. 'MALLOC_ARENA_MAX=2 --max-semi-space-size=4'.
 * Run: node scripts/build-if-needed.mjs && npx tsx bench/memory.bench.ts   (npm run bench -- memory)
 */
import { readFileSync } from 'node:fs';
import { SessionStore, SESSION_COOKIE } from '../src/server/auth/sessions.js';
import { drawingWithDesks } from '../src/server/testing/fixtures.js';
import { isEnvWord, parseStartScript } from '../scripts/startCommand.mjs';
import { cpuSeconds, makeClient, recordSideBySide, runLoad, startBenchEnv } from './harness.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_MEMORY_ROUNDS ?? 2);
const JUST_STARTED_MS = 10_000;
const IDLE_MS = Number(process.env.BENCH_MEMORY_IDLE_S ?? 60) * 1000;
const CLIENTS = 50;

/** The start of `npm start`: the environment its line sets before `exec` and the node flags before the entry. */
function npmStartFlags(): string {
  const start = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> }).scripts.start!;
  const { env, nodeFlags } = parseStartScript('start', start);
  return [...env, nodeFlags].filter(Boolean).join(' ');
}

interface Variant { label: string; flags: string }
const startFlags = npmStartFlags();
const variants: Variant[] = [{ label: 'npm start', flags: startFlags }];
if (startFlags) variants.push({ label: 'no flags', flags: '' });
for (const flags of (process.env.BENCH_MEMORY_VARIANTS ?? '').split(';').map((f) => f.trim()).filter(Boolean)) variants.push({ label: flags, flags });

/** VmRSS, VmHWM, RssAnon, RssFile of a process, MiB. */
function memoryOf(pid: number) {
  const s = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (k: string) => Number(new RegExp(`${k}:\\s+(\\d+) kB`).exec(s)?.[1] ?? NaN) / 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM'), anon: kb('RssAnon'), file: kb('RssFile') };
}

interface Run { variant: Variant; started: ReturnType<typeof memoryOf>; rest: ReturnType<typeof memoryOf>; peak: number; after: number; perSecond: number; p50: number; p99: number; appMs: number; failures: string }

async function runOnce(variant: Variant): Promise<Run> {
  // A variant's NAME=value words are the app's environment (e.g. MALLOC_ARENA_MAX=2), the rest node flags.
  const words = variant.flags.split(' ').filter(Boolean);
  const serverEnv = Object.fromEntries(words.filter(isEnvWord).map((w) => [w.slice(0, w.indexOf('=')), w.slice(w.indexOf('=') + 1)]));
  process.env.BENCH_SERVER_NODE_ARGS = words.filter((w) => !isEnvWord(w)).join(' '); // harness.ts puts these before the entry, as npm start does
  const env = await startBenchEnv(serverEnv, { compiled: true });
  const { pool } = env;
  const pid = env.server.pid!;
  try {
    await new Promise((r) => setTimeout(r, JUST_STARTED_MS));
    const started = memoryOf(pid);
    await new Promise((r) => setTimeout(r, Math.max(0, IDLE_MS - JUST_STARTED_MS)));
    const rest = memoryOf(pid);

    // A 5,000-desk published floorplan and 50 signed-in people (sessions made as a sign-in would).
    const site = (await pool.query("INSERT INTO sites (title, time_zone) VALUES ('Bench', 'Europe/London') RETURNING id")).rows[0].id;
    const loc = (await pool.query("INSERT INTO locations (site_id, title) VALUES ($1, 'L') RETURNING id", [site])).rows[0].id;
    const fp = (await pool.query("INSERT INTO floorplans (location_id, name) VALUES ($1, 'F') RETURNING id", [loc])).rows[0].id;
    await pool.query('INSERT INTO layouts (floorplan_id, json, published) VALUES ($1, $2, true)',
      [fp, drawingWithDesks(Array.from({ length: 5000 }, (_, i) => ({ id: `D${i}`, x: 20 + (i % 200) * 40, y: 20 + Math.floor(i / 200) * 40 })))]);
    const sessions = new SessionStore(pool, 600);
    const cookies: string[] = [];
    for (let i = 0; i < CLIENTS; i++) {
      const id = (await pool.query('INSERT INTO users (email, full_name) VALUES ($1, $2) RETURNING id', [`m${i}@bench.example`, `M ${i}`])).rows[0].id;
      cookies.push(`${SESSION_COOKIE}=${await sessions.create(id, 'bench')}`);
    }
    // Each client its own desk, each booking its own hour: every booking succeeds.
    const slot = (band: number, i: number) => {
      const start = Date.UTC(2031, 0, 1) + (band * 100_000 + i) * 3_600_000;
      return { Start: new Date(start).toISOString(), Finish: new Date(start + 3_600_000).toISOString() };
    };
    const call = makeClient(env.port, CLIENTS);
    const book = (band: number) => (c: number, i: number) => call('POST', '/api/bookings/desk', cookies[c]!, { FloorplanId: fp, DeskId: `D${c}`, ...slot(band, i) });

    await runLoad(10, 2, book(0)); // warm-up, uncounted: the first requests compile the hot paths
    const cpu0 = cpuSeconds(pid);
    const r = await runLoad(CLIENTS, SECONDS, book(1));
    const appMs = ((cpuSeconds(pid) - cpu0) * 1000) / Math.max(1, r.count);
    const end = memoryOf(pid);
    return { variant, started, rest, peak: end.hwm, after: end.rss, perSecond: r.perSecond, p50: r.p50, p99: r.p99, appMs, failures: JSON.stringify(r.failures) };
  } finally {
    await env.stop();
  }
}

const runs: Run[] = [];
for (let round = 0; round < ROUNDS; round++) {
  for (const variant of variants) {
    const run = await runOnce(variant);
    runs.push(run);
    console.log(`${variant.label} [${variant.flags || 'none'}], round ${round + 1}: just started ${run.started.rss.toFixed(0)} MiB, at rest ${run.rest.rss.toFixed(0)} MiB, peak ${run.peak.toFixed(0)} MiB, ${run.perSecond.toFixed(0)} bookings/s, p99 ${run.p99.toFixed(1)} ms`);
  }
}

const f = (x: number, d = 0) => x.toFixed(d);
console.log(`\nApp memory (compiled, VmRSS/VmHWM of its own process), ${CLIENTS} clients of desk booking for ${SECONDS} s, ${ROUNDS} round(s) alternating\n`);
console.log(`| start command flags | round | just started (10 s) VmRSS MiB | at rest (${IDLE_MS / 1000} s idle) VmRSS MiB (anon + file) | peak VmHWM MiB | VmRSS after load MiB | desk bookings/s | p50 ms | p99 ms | app CPU ms per booking | non-2xx |`);
console.log('|---|---|---|---|---|---|---|---|---|---|---|');
runs.forEach((r, i) => {
  console.log(`| ${r.variant.label}: \`${r.variant.flags || '(none)'}\` | ${Math.floor(i / variants.length) + 1} | ${f(r.started.rss)} | ${f(r.rest.rss)} (${f(r.rest.anon)} + ${f(r.rest.file)}) | ${f(r.peak)} | ${f(r.after)} | ${f(r.perSecond)} | ${f(r.p50, 1)} | ${f(r.p99, 1)} | ${f(r.appMs, 3)} | ${r.failures} |`);
});
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
console.log('\nMeans per variant:');
for (const variant of variants) {
  const mine = runs.filter((r) => r.variant === variant);
  const line = { started: mean(mine.map((r) => r.started.rss)), rest: mean(mine.map((r) => r.rest.rss)), peak: mean(mine.map((r) => r.peak)), perSecond: mean(mine.map((r) => r.perSecond)), appMs: mean(mine.map((r) => r.appMs)), p99: mean(mine.map((r) => r.p99)) };
  console.log(`- ${variant.label} [${variant.flags || 'none'}]: just started ${f(line.started)} MiB, at rest ${f(line.rest)} MiB, peak ${f(line.peak)} MiB, ${f(line.perSecond)} bookings/s, p99 ${f(line.p99, 1)} ms, app ${f(line.appMs, 3)} ms CPU per booking`);
  recordSideBySide({ what: `app memory, ${variant.label} (${variant.flags || 'no flags'}): at rest / peak at 50 desk clients`, clients: CLIENTS, perSecond: line.perSecond, p99: line.p99, appMiB: line.peak,
    note: `VmRSS just started ${f(line.started)} MiB (10 s), at rest ${f(line.rest)} MiB (${IDLE_MS / 1000} s idle), VmHWM ${f(line.peak)} MiB; app CPU ms per booking ${f(line.appMs, 3)}` });
}
process.exit(0);
