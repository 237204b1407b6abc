import pg from 'pg';
import type { BenchEnv } from './harness.js';

/**
 * The room benchmarks' organisation (roomBooking.bench.ts, roomAvailability.bench.ts): one site of
 * `locations` floors with `rooms` rooms between them (every tenth restricted). Answers the site's id.
 */
export async function seedRoomSite(pool: pg.Pool, rooms: number, locations: number): Promise<number> {
  const site = (await pool.query("INSERT INTO sites (title, time_zone) VALUES ('Bench HQ', 'Europe/London') RETURNING id")).rows[0].id as number;
  await pool.query(`INSERT INTO locations (site_id, title) SELECT $1, 'Floor ' || g FROM generate_series(1, $2) g`, [site, locations]);
  await pool.query(
    `INSERT INTO rooms (location_id, name, room_type, capacity, restrict_room_access)
     SELECT l.id, 'Room ' || l.id || '-' || g, 0, 8, g % 10 = 0 FROM locations l CROSS JOIN generate_series(1, $1) g WHERE l.site_id = $2`,
    [rooms / locations, site]);
  return site;
}

/**
 * The rooms' history: each room one booking a day for `perRoom` days from 2031-01-01 (07:00 to 19:00
 * UTC, varying by room: a room's bookings start at 07:00 + (id % 12) hours, so some rooms are free
 * 09:00–17:00 and most are not), one in ten cancelled, held by `holderId`. Inserted by PostgreSQL
 * itself (the exclusion constraint checks each), then analysed and checkpointed: the bulk load leaves
 * ~1 GB of WAL and dirty pages, and a checkpoint landing in a measurement spoilt it (p95 81 ms, p99 408 ms).
 */
export async function loadRoomHistory(env: BenchEnv, site: number, holderId: number, perRoom: number): Promise<{ loadSeconds: number; total: number }> {
  const t0 = performance.now();
  // Its own connection: the pool's timeouts are for requests, not for a bulk load.
  const loader = new pg.Client({ connectionString: env.db.url });
  await loader.connect();
  await loader.query(
    `INSERT INTO bookings (site_id, location_id, room_id, starts_at, finishes_at, booked_by_user_id, holder_key, status, description)
     SELECT $1, r.location_id, r.id,
       timestamptz '2031-01-01 07:00:00+00' + make_interval(days => d, hours => (r.id % 12)),
       timestamptz '2031-01-01 07:00:00+00' + make_interval(days => d, hours => (r.id % 12) + 1 + (d % 2)),
       $2, 'bench@bench.example', CASE WHEN d % 10 = 0 THEN 3 ELSE 1 END, 'Bench meeting'
     FROM rooms r CROSS JOIN generate_series(0, $3 - 1) d`,
    [site, holderId, perRoom]);
  await loader.query('VACUUM ANALYZE'); // every table: the planner needs to know there are 1,000 rooms too
  await loader.query('CHECKPOINT');
  await loader.end();
  const loadSeconds = (performance.now() - t0) / 1000;
  const total = (await env.pool.query('SELECT count(*)::int AS n FROM bookings')).rows[0].n as number;
  return { loadSeconds, total };
}
