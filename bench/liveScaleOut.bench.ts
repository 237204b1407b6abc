/**
 * Live updates across instances (issue 24): three app instances on one PostgreSQL (the live channel
 * is fed by LISTEN/NOTIFY, no other broker). N Server-Sent Events clients (default 600,
 * BENCH_LIVE_CLIENTS; plain HTTP) spread round-robin over the three; room bookings
 * (BENCH_LIVE_BOOKINGS, default 12) made round-robin on each instance in turn. For each booking, the
 * delay from sending it to its event reaching each client: p50/p95/max over all, the p95 per instance
 * the client is connected to, and the share of deliveries that arrived within 10 s.
 * Run: flock /tmp/bench.lock nice -n 19 npx tsx bench/liveScaleOut.bench.ts
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from '../src/server/db/embedded.js';
import { SessionStore, SESSION_COOKIE } from '../src/server/auth/sessions.js';
import { SseTestClient } from '../src/server/features/live/sseTestClient.js';
import { makeClient, percentile, recordSideBySide, startBenchEnv } from './harness.js';

const N = Number(process.env.BENCH_LIVE_CLIENTS ?? 600);
const BOOKINGS = Number(process.env.BENCH_LIVE_BOOKINGS ?? 12);
const INSTANCES = 3;
const liveEnv = { LIVE_MAX_CONNECTIONS: String(N + 100) };

// The first instance comes from the harness (it also owns the database); two more join it.
const env = await startBenchEnv(liveEnv);
const { pool } = env;
const ports = [env.port];
const extra: ChildProcess[] = [];
try {
  for (let i = 1; i < INSTANCES; i++) {
    const port = await freePort();
    extra.push(spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: { ...process.env, ...liveEnv, DATABASE_URL: env.db.url, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', 'inherit'],
    }));
    let ready = false;
    for (let t = 0; t < 600 && !ready; t++) {
      try { ready = (await fetch(`http://127.0.0.1:${port}/readyz`)).ok; } catch { /* starting */ }
      if (!ready) await new Promise((r) => setTimeout(r, 100));
    }
    if (!ready) throw new Error(`instance on port ${port} did not start`);
    ports.push(port);
  }

  const site = (await pool.query("INSERT INTO sites (title, time_zone) VALUES ('Live HQ', 'Europe/London') RETURNING id")).rows[0].id as number;
  const location = (await pool.query("INSERT INTO locations (site_id, title) VALUES ($1, 'Floor 1') RETURNING id", [site])).rows[0].id as number;
  const room = (await pool.query("INSERT INTO rooms (location_id, name, room_type, capacity) VALUES ($1, 'Thames', 0, 8) RETURNING id", [location])).rows[0].id as number;
  await pool.query(`INSERT INTO users (email, full_name) SELECT 'l' || g || '@bench.example', 'L ' || g FROM generate_series(1, $1) g`, [N + 1]);
  const ids: number[] = (await pool.query('SELECT id FROM users WHERE email LIKE $1 ORDER BY id', ['%@bench.example'])).rows.map((r) => r.id);
  const sessions = new SessionStore(pool, 600);
  const cookies: string[] = [];
  for (const id of ids) cookies.push(`${SESSION_COOKIE}=${await sessions.create(id, 'bench')}`);
  const booker = cookies.pop()!;
  const calls = ports.map((p) => makeClient(p, 1));
  const slot = (i: number) => ({ Start: new Date(Date.UTC(2036, 0, 1, 8) + i * 3_600_000).toISOString(), Finish: new Date(Date.UTC(2036, 0, 1, 9) + i * 3_600_000).toISOString() });

  // Warm-up: one stream per instance starts its LISTEN connection; one booking fills the caches.
  const warm = await Promise.all(ports.map((p) => SseTestClient.open(`http://127.0.0.1:${p}/api/live`, { cookie: booker })));
  await Promise.all(warm.map((w) => w.waitFor((e) => e.event === 'ready', 10_000)));
  await calls[0]!('POST', '/api/bookings/room', booker, { RoomId: room, Description: 'warm', ...slot(0) });
  for (const w of warm) w.close();
  await new Promise((r) => setTimeout(r, 1000));

  const connectStart = performance.now();
  const clients: { c: SseTestClient; instance: number }[] = [];
  for (let i = 0; i < N; i += 100) {
    const batch = await Promise.all(cookies.slice(i, i + 100).map(async (cookie, k) => {
      const instance = (i + k) % INSTANCES;
      return { c: await SseTestClient.open(`http://127.0.0.1:${ports[instance]}/api/live`, { cookie }), instance };
    }));
    await Promise.all(batch.map((x) => x.c.waitFor((e) => e.event === 'ready', 30_000)));
    clients.push(...batch);
  }
  const connectSeconds = (performance.now() - connectStart) / 1000;
  const refused = clients.filter((x) => x.c.status !== 200).length;
  await new Promise((r) => setTimeout(r, 2000));

  const latencies: number[] = [];
  const perInstance: number[][] = ports.map(() => []);
  const byMaker: number[][] = ports.map(() => []);
  let missing = 0;
  for (let b = 1; b <= BOOKINGS; b++) {
    const maker = b % INSTANCES;
    const from = clients.map((x) => x.c.events.length);
    const sent = performance.now();
    const res = await calls[maker]!('POST', '/api/bookings/room', booker, { RoomId: room, Description: 'live', ...slot(b) });
    if (res.status !== 201) throw new Error(`booking ${b}: ${res.status} ${res.body}`);
    const id = JSON.parse(res.body).Id as number;
    await Promise.all(clients.map(async (x, i) => {
      try {
        const e = await x.c.waitFor((ev) => ev.event === 'booking' && (JSON.parse(ev.data) as { BookingId: number }).BookingId === id, 10_000, from[i]);
        const ms = e.at - sent;
        latencies.push(ms); perInstance[x.instance]!.push(ms); byMaker[maker]!.push(ms);
      } catch { missing++; }
    }));
  }
  for (const l of [latencies, ...perInstance, ...byMaker]) l.sort((a, b) => a - b);
  const ms = (v: number) => v.toFixed(1);
  const total = N * BOOKINGS;
  const share = ((total - missing) / total) * 100;
  console.log(`\nlive across ${INSTANCES} instances: ${N} SSE clients (${refused} refused) spread round-robin, connected in ${connectSeconds.toFixed(1)} s; ${BOOKINGS} bookings made round-robin on each instance`);
  console.log('| measure | value |');
  console.log('|---|---|');
  console.log(`| deliveries reached (within 10 s) | ${total - missing} of ${total} (${share.toFixed(2)} %) |`);
  console.log(`| delay from sending the booking, all clients | p50 ${ms(percentile(latencies, 50))} ms, p95 ${ms(percentile(latencies, 95))} ms, max ${ms(latencies.at(-1) ?? NaN)} ms |`);
  perInstance.forEach((l, i) => console.log(`| clients on instance ${i + 1}: deliveries, p95 | ${l.length}, ${ms(percentile(l, 95))} ms |`));
  byMaker.forEach((l, i) => console.log(`| bookings made on instance ${i + 1}: p95 to all clients | ${ms(percentile(l, 95))} ms |`));
  recordSideBySide({
    what: `live across 3 instances: ${N} SSE clients, ${BOOKINGS} bookings`,
    note: `${share.toFixed(2)} % reached; p95 ${ms(percentile(latencies, 95))} ms; per instance p95 ${perInstance.map((l) => ms(percentile(l, 95))).join(' / ')} ms`,
  });
  for (const x of clients) x.c.close();
  process.exitCode = missing === 0 && refused === 0 ? 0 : 1;
} finally {
  for (const c of extra) c.kill('SIGTERM');
  await env.stop();
}
