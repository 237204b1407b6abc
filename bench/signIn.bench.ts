/**
 * Sign-in benchmark (issue 18): POST /auth/login over real HTTP against the app as its own process on
 * embedded PostgreSQL (fsync on), with the right password, so each request verifies a hash, passes the
 * sign-in limiter and creates a session. Run: npm run bench -- signin
 *
 * - "current hash": accounts whose password was hashed by this build's hashPassword (argon2id now;
 *   run on the commit before issue 18, the same script measures scrypt N=2^15);
 * - "first sign-in with a scrypt hash": accounts stored as before issue 18 (scrypt N=2^15, made by this
 *   script), each signed in once: on this build that verifies the scrypt hash and rehashes to argon2id.
 * CPU per sign-in (the app's process) is steadier than latency on a shared host; the share of CPU the
 * host stole during the run is printed too.
 */
import { randomBytes, scryptSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { hashPassword } from '../src/server/auth/passwords.js';
import { cpuSeconds, makeClient, percentile, recordSideBySide, runLoad, startBenchEnv, type HttpResult } from './harness.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const LEGACY = Number(process.env.BENCH_LEGACY_ACCOUNTS ?? 200);
const PASSWORD = 'correct horse battery staple';
const steal0 = cpuTicks();
const env = await startBenchEnv();
const { pool } = env;

// 50 accounts with this build's hash, signed in over and over; LEGACY accounts with an old scrypt hash.
const hash = await hashPassword(PASSWORD);
const current: string[] = [];
for (let i = 0; i < 50; i++) {
  await pool.query('INSERT INTO users (email, full_name, password_hash) VALUES ($1, $2, $3)', [`s${i}@bench.example`, `S ${i}`, hash]);
  current.push(`s${i}@bench.example`);
}
const legacy: string[] = [];
for (let i = 0; i < LEGACY; i++) {
  const salt = randomBytes(16);
  const key = scryptSync(PASSWORD.normalize('NFKC'), salt, 32, { N: 32768, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
  const old = ['scrypt', 32768, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
  await pool.query('INSERT INTO users (email, full_name, password_hash) VALUES ($1, $2, $3)', [`l${i}@bench.example`, `L ${i}`, old]);
  legacy.push(`l${i}@bench.example`);
}
const scheme = hash.split('$')[1] === 'argon2id' ? `argon2id ${hash.split('$')[3]}` : `scrypt N=${hash.split('$')[1]}`;

const signIn = (call: ReturnType<typeof makeClient>, email: string): Promise<HttpResult> =>
  call('POST', '/auth/login', '', { email, password: PASSWORD });

const rows: string[] = [];
const row = (what: string, clients: number, r: { count: number; perSecond: number; p50: number; p95: number; p99: number; failures: Record<number, number> }, cpuMs: number) => {
  rows.push(`| ${what} | ${clients} | ${r.count} | ${r.perSecond.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} | ${cpuMs.toFixed(1)} | ${JSON.stringify(r.failures)} |`);
  recordSideBySide({ what: `sign-in, ${what}`, clients, perSecond: r.perSecond, p50: r.p50, p95: r.p95, p99: r.p99, note: `app CPU ms per sign-in ${cpuMs.toFixed(1)}` });
};

// Warm-up (uncounted): the app's first requests compile and fill pools.
const warm = makeClient(env.port, 1);
for (let i = 0; i < 5; i++) await signIn(warm, current[i]!);

for (const clients of (process.env.BENCH_LEVELS ?? '1,4,20').split(',').map(Number)) {
  const call = makeClient(env.port, clients);
  const cpu0 = cpuSeconds(env.server.pid!);
  const r = await runLoad(clients, SECONDS, (c, i) => signIn(call, current[(c + i * clients) % current.length]!));
  row(`current hash (${scheme})`, clients, r, ((cpuSeconds(env.server.pid!) - cpu0) * 1000) / Math.max(1, r.count));
}

// Each legacy account once, one client: what the first sign-in after the upgrade costs.
{
  const call = makeClient(env.port, 1);
  const cpu0 = cpuSeconds(env.server.pid!);
  const started = performance.now();
  const latencies: number[] = [];
  const failures: Record<number, number> = {};
  for (const email of legacy) {
    const res = await signIn(call, email);
    if (res.status === 200) latencies.push(res.ms);
    else failures[res.status] = (failures[res.status] ?? 0) + 1;
  }
  const s = latencies.sort((a, b) => a - b);
  const r = { count: s.length, perSecond: s.length / ((performance.now() - started) / 1000), p50: percentile(s, 50), p95: percentile(s, 95), p99: percentile(s, 99), failures };
  row('first sign-in with a scrypt N=2^15 hash', 1, r, ((cpuSeconds(env.server.pid!) - cpu0) * 1000) / Math.max(1, r.count));
}
const rehashed = (await pool.query<{ n: number }>("SELECT count(*)::int AS n FROM users WHERE email LIKE 'l%@bench.example' AND password_hash LIKE '$argon2id$%'")).rows[0]!.n;

const steal1 = cpuTicks();
const stolen = steal0 && steal1 ? (100 * (steal1.steal - steal0.steal)) / Math.max(1, steal1.total - steal0.total) : NaN;
console.log(`\nSign-in benchmark, ${SECONDS} s per level; stored hash of this build: ${scheme}; CPU time stolen by the host during the run: ${stolen.toFixed(0)}%\n`);
console.log('| what | clients | sign-ins | sign-ins/s | p50 ms | p95 ms | p99 ms | app CPU ms per sign-in | non-2xx |');
console.log('|---|---|---|---|---|---|---|---|---|');
for (const r of rows) console.log(r);
console.log(`\nLegacy scrypt accounts now stored as argon2id: ${rehashed} of ${LEGACY}`);
await env.stop();
process.exit(0);

/** All CPUs' time from /proc/stat and the part the hypervisor gave to other machines (steal). */
function cpuTicks(): { total: number; steal: number } | null {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    return { total: fields.slice(0, 8).reduce((a, b) => a + b, 0), steal: fields[7] ?? 0 };
  } catch { return null; }
}
