/**
 * Repeating bookings benchmark (issue 22: "booking a weekly series of 52 occurrences p95 <= 100 ms;
 * 50 clients booking series concurrently with overlaps: no double booking (count overlapping rows),
 * and the throughput in occurrences/s recorded beside the single desk booking rate of the same run").
 * Over real HTTP against the app as its own process on embedded PostgreSQL (fsync on).
 *
 * 1. Latency: BENCH_SERIES weekly series of 52 occurrences, one after another, rooms and desks
 *    alike (each series its own room or desk and person, so every one is booked whole).
 * 2. Overlap: 50 clients for BENCH_SECONDS book weekly desk series of 4 to 12 occurrences on
 *    BENCH_HOT_DESKS desks, from random weeks, so series clash; each answer is all or none. Then the
 *    overlapping active rows (same desk, or same person, at overlapping times) are counted: must be 0.
 *    Then the preview of the same 52 weeks, and single room and desk bookings on the same client: the
 *    single booking's p95 is the same-run baseline (p95 / single p95 is comparable across busy runs).
 * 3. Beside it, in the same run: 50 clients booking single desks (each its own desk and hour).
 * Run: flock /tmp/bench.lock nice -n 19 npx tsx bench/series.bench.ts
 */
import { SessionStore, SESSION_COOKIE } from '../src/server/auth/sessions.js';
import { drawingWithDesks } from '../src/server/testing/fixtures.js';
import { cpuSeconds, makeClient, percentile, postgresCpuSeconds, recordSideBySide, runLoad, startBenchEnv, type HttpResult } from './harness.js';

const SERIES = Number(process.env.BENCH_SERIES ?? 30);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
const HOT_DESKS = Number(process.env.BENCH_HOT_DESKS ?? 300);
/** Series booked first and not timed: the app's first calls compile its code paths (JIT), as after any start. */
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const PEOPLE = 2000; // the series routes allow 30 calls per person and minute: clients cycle through people
const DESKS = 2000;

const env = await startBenchEnv();
const { pool } = env;
let exitCode = 0;
try {
  const site = (await pool.query("INSERT INTO sites (title, time_zone) VALUES ('Bench', 'Europe/London') RETURNING id")).rows[0].id;
  const loc = (await pool.query("INSERT INTO locations (site_id, title) VALUES ($1, 'L') RETURNING id", [site])).rows[0].id;
  const fp = (await pool.query("INSERT INTO floorplans (location_id, name) VALUES ($1, 'F') RETURNING id", [loc])).rows[0].id;
  await pool.query('INSERT INTO layouts (floorplan_id, json, published) VALUES ($1, $2, true)',
    [fp, drawingWithDesks(Array.from({ length: DESKS }, (_, i) => ({ id: `D${i}` })))]);
  const rooms: number[] = (await pool.query(
    `INSERT INTO rooms (location_id, name, room_type, capacity, equipment) SELECT $1, 'Room ' || i, 0, 8, '' FROM generate_series(1, $2) i RETURNING id`,
    [loc, SERIES + WARMUP])).rows.map((r) => r.id);
  const ids: number[] = (await pool.query(
    `INSERT INTO users (email, full_name) SELECT 'p' || i || '@bench.example', 'Person ' || i FROM generate_series(1, ${PEOPLE}) i RETURNING id`)).rows.map((r) => r.id);
  const sessions = new SessionStore(pool, 600);
  const cookies: string[] = [];
  for (const id of ids) cookies.push(`${SESSION_COOKIE}=${await sessions.create(id, 'bench')}`);

  // Mondays from a Monday well ahead (no advance limit is set), 09:00-17:00 on London clocks.
  const FIRST_MONDAY = new Date(Date.UTC(2031, 0, 6));
  const monday = (week: number) => new Date(FIRST_MONDAY.getTime() + week * 7 * 86_400_000).toISOString().slice(0, 10);
  const at = (day: string, hhmm: string) => new Date(`${day}T${hhmm}:00Z`).toISOString(); // January: London is UTC
  const weeks = (from: number, n: number) => Array.from({ length: n }, (_, k) => monday(from + k));
  const seriesBody = (from: number, n: number) => ({
    Start: at(monday(from), '09:00'), Finish: at(monday(from), '17:00'), Recurrence: { Frequency: 'Weekly', Count: n }, Dates: weeks(from, n),
  });

  // 1. Latency of a 52-week series, room and desk.
  const one = makeClient(env.port, 1);
  const latency = async (kind: 'room' | 'desk') => {
    const ms: number[] = [];
    let cpu0 = { app: 0, db: 0 };
    for (let i = 0; i < WARMUP + SERIES; i++) {
      if (i === WARMUP) cpu0 = { app: cpuSeconds(env.server.pid!), db: postgresCpuSeconds(env.dataDir) };
      const who = cookies[(kind === 'room' ? 0 : 1000) + i]!;
      const place = kind === 'room' ? { RoomId: rooms[i], Description: 'Weekly' } : { FloorplanId: fp, DeskId: `D${DESKS - 1 - i}` };
      const r = await one('POST', `/api/bookings/${kind}/series`, who, { ...place, ...seriesBody(0, 52) });
      if (r.status !== 201 || JSON.parse(r.body).Booked.length !== 52) throw new Error(`${kind} series: ${r.status} ${r.body.slice(0, 200)}`);
      if (i >= WARMUP) ms.push(r.ms);
    }
    const s = [...ms].sort((a, b) => a - b);
    // CPU per series is steadier than wall clock on a shared machine: what one series costs the app and PostgreSQL.
    const cpu = `${(((cpuSeconds(env.server.pid!) - cpu0.app) * 1000) / SERIES).toFixed(1)} / ${(((postgresCpuSeconds(env.dataDir) - cpu0.db) * 1000) / SERIES).toFixed(1)}`;
    return { p50: percentile(s, 50), p95: percentile(s, 95), max: s[s.length - 1]!, cpu };
  };
  const roomLatency = await latency('room');
  const deskLatency = await latency('desk');

  // 1b. The preview of the same 52 weeks (what the screen asks before booking: every rule per
  // occurrence, nothing written), and one single booking of the same kind, one after another on the
  // same client: the single booking is the same-run baseline a busy host's figures are read against.
  const sequential = async (label: string, call: (i: number) => Promise<HttpResult>) => {
    const ms: number[] = [];
    for (let i = 0; i < WARMUP + SERIES; i++) {
      const r = await call(i);
      if (r.status !== 200 && r.status !== 201) throw new Error(`${label}: ${r.status} ${r.body.slice(0, 200)}`);
      if (i >= WARMUP) ms.push(r.ms);
    }
    const s = [...ms].sort((a, b) => a - b);
    return { p50: percentile(s, 50), p95: percentile(s, 95) };
  };
  const { Dates: _dates, ...previewBody } = seriesBody(0, 52);
  // Other people than the booking runs above (the series routes count 30 calls per person and minute).
  const roomPreview = await sequential('room preview', (i) =>
    one('POST', '/api/bookings/room/series/preview', cookies[400 + i]!, { RoomId: rooms[i], Description: 'Weekly', ...previewBody }));
  const deskPreview = await sequential('desk preview', (i) =>
    one('POST', '/api/bookings/desk/series/preview', cookies[1400 + i]!, { FloorplanId: fp, DeskId: `D${DESKS - 1 - i}`, ...previewBody }));
  const singleAt = (i: number) => ({ Start: new Date(Date.UTC(2035, 0, 1, 9) + i * 86_400_000).toISOString(), Finish: new Date(Date.UTC(2035, 0, 1, 10) + i * 86_400_000).toISOString() });
  const roomSingle = await sequential('single room booking', (i) =>
    one('POST', '/api/bookings/room', cookies[600 + i]!, { RoomId: rooms[i], Description: 'Once', ...singleAt(i) }));
  const deskSingle = await sequential('single desk booking', (i) =>
    one('POST', '/api/bookings/desk', cookies[1600 + i]!, { FloorplanId: fp, DeskId: `D${DESKS - 1 - i}`, ...singleAt(i) }));

  // 2. 50 clients booking overlapping desk series.
  const many = makeClient(env.port, CLIENTS);
  let occurrences = 0;
  let booked = 0;
  let clashed = 0;
  let seed = 22;
  const random = (n: number) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
  const race = await runLoad(CLIENTS, SECONDS, async (c, i): Promise<HttpResult> => {
    const n = 4 + random(9);
    const r = await many('POST', '/api/bookings/desk/series', cookies[(c * 40 + i) % PEOPLE]!, {
      FloorplanId: fp, DeskId: `D${random(HOT_DESKS)}`, ...seriesBody(60 + random(20), n),
    });
    if (r.status === 201) { booked++; occurrences += n; }
    if (r.status === 409) { clashed++; return { ...r, status: 200 }; } // a refused clash is a correct answer, timed too
    return r;
  });
  const overlaps = (await pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM bookings a JOIN bookings b ON a.id < b.id AND a.status IN (0, 1) AND b.status IN (0, 1)
       AND a.desk_id IS NOT NULL AND b.desk_id IS NOT NULL AND a.during && b.during
       AND ((a.floorplan_id = b.floorplan_id AND a.desk_id = b.desk_id) OR a.holder_key = b.holder_key)`)).rows[0]!.n;
  const halves = (await pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM booking_series s WHERE (s.rule->>'Count')::int <> (SELECT count(*) FROM bookings b WHERE b.series_id = s.id)`)).rows[0]!.n;
  const seriesSeconds = race.count / race.perSecond;

  // 3. Single desk bookings, same run, same clients: each client its own desk, each booking its own hour.
  const single = await runLoad(CLIENTS, SECONDS, (c, i) => many('POST', '/api/bookings/desk', cookies[c]!, {
    FloorplanId: fp, DeskId: `D${HOT_DESKS + c}`,
    Start: new Date(Date.UTC(2034, 0, 1) + i * 3_600_000).toISOString(), Finish: new Date(Date.UTC(2034, 0, 1) + (i + 1) * 3_600_000 - 60_000).toISOString(),
  }));

  const f = (x: number) => x.toFixed(1);
  console.log(`\nRepeating bookings benchmark: ${SERIES} series of 52 per kind (after ${WARMUP} untimed); ${CLIENTS} clients for ${SECONDS} s on ${HOT_DESKS} desks`);
  console.log('| what | p50 ms | p95 ms | max ms | CPU ms per series: app / PostgreSQL |');
  console.log('|---|---|---|---|---|');
  console.log(`| weekly room series, 52 occurrences (one transaction) | ${f(roomLatency.p50)} | ${f(roomLatency.p95)} | ${f(roomLatency.max)} | ${roomLatency.cpu} |`);
  console.log(`| weekly desk series, 52 occurrences (one transaction) | ${f(deskLatency.p50)} | ${f(deskLatency.p95)} | ${f(deskLatency.max)} | ${deskLatency.cpu} |`);
  console.log(`\n| same client, one after another | p50 ms | p95 ms | p95 / single booking's p95 |`);
  console.log('|---|---|---|---|');
  const row = (what: string, x: { p50: number; p95: number }, single: { p95: number }) =>
    console.log(`| ${what} | ${f(x.p50)} | ${f(x.p95)} | ${(x.p95 / single.p95).toFixed(1)} |`);
  row('room series of 52: preview', roomPreview, roomSingle);
  row('room series of 52: booking (above)', roomLatency, roomSingle);
  row('single room booking', roomSingle, roomSingle);
  row('desk series of 52: preview', deskPreview, deskSingle);
  row('desk series of 52: booking (above)', deskLatency, deskSingle);
  row('single desk booking', deskSingle, deskSingle);
  console.log(`\n| what | clients | requests/s | occurrences/s | p50 ms | p95 ms | answers |`);
  console.log('|---|---|---|---|---|---|---|');
  console.log(`| overlapping desk series (4-12 weeks) | ${CLIENTS} | ${f(race.perSecond)} | ${f(occurrences / seriesSeconds)} | ${f(race.p50)} | ${f(race.p95)} | ${booked} x 201, ${clashed} x 409, other ${JSON.stringify(race.failures)} |`);
  console.log(`| single desk bookings (same run) | ${CLIENTS} | ${f(single.perSecond)} | ${f(single.perSecond)} | ${f(single.p50)} | ${f(single.p95)} | other ${JSON.stringify(single.failures)} |`);
  console.log(`\nOverlapping active rows (same desk or same person): ${overlaps}; series not booked whole: ${halves}`);
  recordSideBySide({ what: 'weekly desk series of 52', p50: deskLatency.p50, p95: deskLatency.p95 });
  recordSideBySide({ what: 'weekly room series of 52', p50: roomLatency.p50, p95: roomLatency.p95 });
  recordSideBySide({ what: 'overlapping desk series', clients: CLIENTS, perSecond: occurrences / seriesSeconds, p50: race.p50, p95: race.p95,
    note: `occurrences/s; single desk bookings/s same run ${single.perSecond.toFixed(0)}; overlapping rows ${overlaps}` });
  if (overlaps !== 0 || halves !== 0 || Object.keys(race.failures).length > 0) exitCode = 1;
} finally {
  await env.stop(); // the app and the database are processes of their own: never leave them running
}
process.exit(exitCode);
