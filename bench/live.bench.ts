/**
 * Live updates benchmark (issue 24): N Server-Sent Events clients (plain HTTP, not browsers; default
 * 2,000, BENCH_LIVE_CLIENTS) connected to one instance of the app on embedded PostgreSQL; then room
 * bookings one after another (BENCH_LIVE_BOOKINGS, default 20) through the API. For each booking,
 * the delay from sending it to its event reaching each client: p50/p95/max over all clients and
 * bookings (target: p95 <= 1 s). Memory per connection: the app's RSS before and after connecting.
 * Every client is a person of their own (the per-person limit is 5), all allowed to see the room.
 * Run: npx tsx bench/live.bench.ts (under `flock /tmp/bench.lock nice -n 19` on a shared machine).
 */
import { SessionStore, SESSION_COOKIE } from '../src/server/auth/sessions.js';
import { SseTestClient } from '../src/server/features/live/sseTestClient.js';
import { makeClient, percentile, rssMiB, startBenchEnv } from './harness.js';

const N = Number(process.env.BENCH_LIVE_CLIENTS ?? 2000);
const BOOKINGS = Number(process.env.BENCH_LIVE_BOOKINGS ?? 20);
const env = await startBenchEnv({ LIVE_MAX_CONNECTIONS: String(N + 100) });
const { pool } = env;
try {
  const site = (await pool.query("INSERT INTO sites (title, time_zone) VALUES ('Live HQ', 'Europe/London') RETURNING id")).rows[0].id as number;
  const location = (await pool.query("INSERT INTO locations (site_id, title) VALUES ($1, 'Floor 1') RETURNING id", [site])).rows[0].id as number;
  const room = (await pool.query("INSERT INTO rooms (location_id, name, room_type, capacity) VALUES ($1, 'Thames', 0, 8) RETURNING id", [location])).rows[0].id as number;
  await pool.query(`INSERT INTO users (email, full_name) SELECT 'l' || g || '@bench.example', 'L ' || g FROM generate_series(1, $1) g`, [N + 1]);
  const ids: number[] = (await pool.query('SELECT id FROM users WHERE email LIKE $1 ORDER BY id', ['%@bench.example'])).rows.map((r) => r.id);
  const sessions = new SessionStore(pool, 600);
  const cookies: string[] = [];
  for (const id of ids) cookies.push(`${SESSION_COOKIE}=${await sessions.create(id, 'bench')}`);
  const booker = cookies.pop()!;

  // Warm-up: the first stream starts the LISTEN connection; one booking fills the server's caches.
  const call = makeClient(env.port, 1);
  const warm = await SseTestClient.open(`http://127.0.0.1:${env.port}/api/live`, { cookie: booker });
  await warm.waitFor((e) => e.event === 'ready', 10_000);
  const slot = (i: number) => ({ Start: new Date(Date.UTC(2036, 0, 1, 8) + i * 3_600_000).toISOString(), Finish: new Date(Date.UTC(2036, 0, 1, 9) + i * 3_600_000).toISOString() });
  await call('POST', '/api/bookings/room', booker, { RoomId: room, Description: 'warm', ...slot(0) });
  warm.close();
  await new Promise((r) => setTimeout(r, 1000));

  const rssBefore = rssMiB(env.server.pid);
  const connectStart = performance.now();
  const clients: SseTestClient[] = [];
  for (let i = 0; i < N; i += 100) {
    const batch = await Promise.all(cookies.slice(i, i + 100).map((cookie) => SseTestClient.open(`http://127.0.0.1:${env.port}/api/live`, { cookie })));
    await Promise.all(batch.map((c) => c.waitFor((e) => e.event === 'ready', 30_000)));
    clients.push(...batch);
  }
  const connectSeconds = (performance.now() - connectStart) / 1000;
  await new Promise((r) => setTimeout(r, 2000));
  const rssAfter = rssMiB(env.server.pid);
  const refused = clients.filter((c) => c.status !== 200).length;

  const latencies: number[] = [];
  let missing = 0;
  for (let b = 1; b <= BOOKINGS; b++) {
    const from = clients.map((c) => c.events.length);
    const sent = performance.now();
    const res = await call('POST', '/api/bookings/room', booker, { RoomId: room, Description: 'live', ...slot(b) });
    if (res.status !== 201) throw new Error(`booking ${b}: ${res.status} ${res.body}`);
    const id = JSON.parse(res.body).Id as number;
    await Promise.all(clients.map(async (c, i) => {
      try {
        const e = await c.waitFor((x) => x.event === 'booking' && (JSON.parse(x.data) as { BookingId: number }).BookingId === id, 10_000, from[i]);
        latencies.push(e.at - sent);
      } catch { missing++; }
    }));
  }
  latencies.sort((a, b) => a - b);
  const ms = (v: number) => v.toFixed(1);
  console.log(`live: ${N} SSE clients (${refused} refused) connected in ${connectSeconds.toFixed(1)} s; ${BOOKINGS} bookings`);
  console.log(`  delivery from sending the booking: p50 ${ms(percentile(latencies, 50))} ms, p95 ${ms(percentile(latencies, 95))} ms, max ${ms(latencies.at(-1) ?? NaN)} ms; ${missing} deliveries missing of ${N * BOOKINGS}`);
  console.log(`  app RSS ${rssBefore.toFixed(1)} MiB -> ${rssAfter.toFixed(1)} MiB: ${(((rssAfter - rssBefore) * 1024) / N).toFixed(1)} KiB per connection`);
  for (const c of clients) c.close();
} finally {
  await env.stop();
}
