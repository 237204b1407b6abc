/**
 * Room free/busy feed benchmark (issue 23): GET /ical/rooms/{secret}.ics and .vfb for a room with a
 * year of bookings (half a year back, half a year ahead; ten 45-minute meetings every day, 1 in 20
 * pending, 1 in 10 cancelled) and closures (one-off and yearly, site-wide and the room's own). The
 * window (30 days back, 180 ahead) holds about 2,100 busy blocks. Timed over HTTP against the server
 * as its own process, one call at a time: each form written afresh (a booking is changed before every
 * call, untimed, so the ETag changes), each form unchanged (its text is kept by ETag), and a
 * conditional read answered 304 (If-None-Match). The feed's rate limits are reset between calls (not
 * timed), so no call is refused.
 * Run: npx tsx bench/roomFreeBusy.bench.ts   (BENCH_CALLS, default 200 per form)
 */
import { createHash } from 'node:crypto';
import { writeCalendar } from '../src/domain/ical/calendarObject.js';
import { busyBookings, closedSpans, roomOfFeed } from '../src/server/features/roomFreeBusy/roomFreeBusy.repo.js';
import { feedWindow } from '../src/server/features/roomFreeBusy/busyFeed.service.js';
import { startBenchEnv, summarise } from './harness.js';

const CALLS = Number(process.env.BENCH_CALLS ?? 200);
const DAY_MS = 86_400_000;
const SECRET = 'B'.repeat(43);

const env = await startBenchEnv();
const { pool } = env;
try {
  const user = (await pool.query<{ id: number }>("INSERT INTO users (email, full_name) VALUES ('fb@bench.example', 'Bench Booker') RETURNING id")).rows[0]!.id;
  const site = (await pool.query<{ id: number }>("INSERT INTO sites (title, time_zone) VALUES ('Bench site', 'Europe/London') RETURNING id")).rows[0]!.id;
  const loc = (await pool.query<{ id: number }>("INSERT INTO locations (site_id, title) VALUES ($1, 'Floor 1') RETURNING id", [site])).rows[0]!.id;
  const room = (await pool.query<{ id: number }>("INSERT INTO rooms (location_id, name, room_type, capacity) VALUES ($1, 'Severn', 0, 8) RETURNING id", [loc])).rows[0]!.id;
  const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
  // Ten meetings a day at 08:00 ... 17:00 UTC, from 182 days back to 183 ahead.
  await pool.query(
    `INSERT INTO bookings (site_id, location_id, room_id, starts_at, finishes_at, booked_by_user_id, holder_key, status, description)
     SELECT $1, $2, $3, s, s + interval '45 minutes', $4, 'fb@bench.example',
            CASE WHEN n % 20 = 0 THEN 0 WHEN n % 10 = 5 THEN 3 ELSE 1 END, 'Meeting ' || n
     FROM generate_series(0, 365 * 10 - 1) n, LATERAL (SELECT to_timestamp($5 / 1000.0) + make_interval(days => n / 10 - 182, hours => 8 + n % 10) AS s) x`,
    [site, loc, room, user, today]);
  const closure = (start: number, hours: number, yearly: boolean, whole: boolean) => pool.query<{ id: string }>(
    `INSERT INTO closures (site_id, whole_site, starts_at, ends_at, reason, repeats_yearly, created_by)
     VALUES ($1, $2, to_timestamp($3 / 1000.0), to_timestamp($3 / 1000.0) + make_interval(hours => $4), 'Bench closure', $5, $6) RETURNING id`,
    [site, whole, start, hours, yearly, user]);
  // Closures lie over bookings here (the trigger guards bookings, not closures): both are busy, as they would be in a race.
  await closure(Date.UTC(2020, 11, 25), 24, true, true);
  await closure(today + 20 * DAY_MS, 48, false, true);
  const own = (await closure(today + 40 * DAY_MS, 8, false, false)).rows[0]!.id;
  await pool.query('INSERT INTO closure_places (closure_id, room_id) VALUES ($1, $2)', [own, room]);
  await pool.query('INSERT INTO room_free_busy_feeds (room_id, token_hash, created_by) VALUES ($1, $2, $3)',
    [room, createHash('sha256').update(SECRET).digest('base64url'), user]);
  await pool.query('VACUUM ANALYZE bookings');

  const base = `http://127.0.0.1:${env.port}/ical/rooms/${SECRET}`;
  const changeOne = () => pool.query(`UPDATE bookings SET description = description || '.' WHERE id = (
    SELECT id FROM bookings WHERE room_id = $1 AND status = 1 AND starts_at > now() ORDER BY starts_at LIMIT 1)`, [room]);
  const time = async (url: string, headers: Record<string, string> = {}, change = false) => {
    await pool.query('DELETE FROM read_limits');
    if (change) await changeOne(); // raises its SEQUENCE (trigger of migration 0023): a new ETag
    const started = performance.now();
    const res = await fetch(url, { headers });
    const body = await res.text();
    return { ms: performance.now() - started, status: res.status, bytes: body.length, etag: res.headers.get('etag') ?? '', events: (body.match(/BEGIN:VEVENT/g) ?? []).length, periods: (body.match(/^FREEBUSY/mg) ?? []).length };
  };
  for (const [name, url, headers, change] of [
    ['events (.ics), written afresh', `${base}.ics`, {}, true], ['VFREEBUSY (.vfb), written afresh', `${base}.vfb`, {}, true],
    ['events (.ics), unchanged', `${base}.ics`, {}, false], ['VFREEBUSY (.vfb), unchanged', `${base}.vfb`, {}, false],
    ['events, 304', `${base}.ics`, 'etag', false],
  ] as const) {
    const first = await time(url);
    const conditional: Record<string, string> = headers === 'etag' ? { 'if-none-match': first.etag } : {};
    for (let i = 0; i < 10; i++) await time(url, conditional, change); // warm up
    const runs = [];
    const started = performance.now();
    for (let i = 0; i < CALLS; i++) runs.push(await time(url, conditional, change));
    const s = summarise(runs.map((r) => r.ms), (performance.now() - started) / 1000);
    const statuses = [...new Set(runs.map((r) => r.status))].join(',');
    console.log(`${name}: status ${statuses}, ${first.events} events / ${first.periods} periods, ${first.bytes} characters; `
      + `p50 ${s.p50.toFixed(1)} ms, p95 ${s.p95.toFixed(1)} ms, p99 ${s.p99.toFixed(1)} ms over ${s.count} calls`);
  }
  // Where one answer's time goes, in this process (BENCH_DETAIL=1).
  if (process.env.BENCH_DETAIL) {
    const median = async (label: string, f: () => unknown) => {
      const ms: number[] = [];
      for (let i = 0; i < 40; i++) { const t0 = performance.now(); await f(); ms.push(performance.now() - t0); }
      console.log(`  ${label}: median ${ms.sort((a, b) => a - b)[20]!.toFixed(2)} ms`);
    };
    const found = (await roomOfFeed(pool, createHash('sha256').update(SECRET).digest('base64url')))!;
    const { from, to } = feedWindow(new Date());
    const rows = await busyBookings(pool, room, from, to);
    await median('lookup by hash', () => roomOfFeed(pool, createHash('sha256').update(SECRET).digest('base64url')));
    await median(`bookings query (${rows.length} rows)`, () => busyBookings(pool, room, from, to));
    await median('closures query', () => closedSpans(pool, found, from, to));
    await median('writeCalendar', () => writeCalendar(rows.map((b) => ({ uid: `x-${b.id}`, timeZone: 'Europe/London', sequence: b.sequence, start: b.start, finish: b.finish,
      summary: 'Busy', description: '', location: 'Severn', status: 'CONFIRMED' as const })), { method: 'PUBLISH', stamp: new Date() }));
  }
} finally {
  await env.stop();
}
