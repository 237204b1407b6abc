/**
 * Closure benchmark (issue 22: "creating a closure over 5,000 bookings <= 2 s"). Over real HTTP against
 * the app as its own process on embedded PostgreSQL (fsync on): a floor of 5,000 desks, each booked
 * for the same day by 2,500 people (two desks each, on two halves of the day); an admin previews a
 * whole-site closure of that day, then confirms it: one transaction that writes the closure, cancels
 * the 5,000 bookings with its reason and queues one e-mail and one push per person (2,500 each).
 * Each round books a new day. Run: npx tsx bench/closures.bench.ts (BENCH_ROUNDS, default 3).
 */
import { hashPassword } from '../src/server/auth/passwords.js';
import { drawingWithDesks } from '../src/server/testing/fixtures.js';
import { makeClient, percentile, startBenchEnv } from './harness.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const BOOKINGS = 5000;
const PEOPLE = 2500;
const env = await startBenchEnv();
const { pool } = env;

const PASSWORD = 'correct horse battery staple';
const hash = await hashPassword(PASSWORD);
const adminId = (await pool.query<{ id: number }>(
  "INSERT INTO users (email, full_name, password_hash) VALUES ('admin@bench.example', 'Bench Admin', $1) RETURNING id", [hash])).rows[0]!.id;
await pool.query('INSERT INTO user_roles SELECT $1, id FROM roles WHERE name = $2', [adminId, 'Admin']);
await pool.query(`INSERT INTO users (email, full_name, password_hash) SELECT 'p' || i || '@bench.example', 'Person ' || i, $1 FROM generate_series(1, ${PEOPLE}) i`, [hash]);
const siteId = (await pool.query<{ id: number }>("INSERT INTO sites (title, time_zone) VALUES ('Bench HQ', 'Europe/London') RETURNING id")).rows[0]!.id;
const locationId = (await pool.query<{ id: number }>("INSERT INTO locations (site_id, title) VALUES ($1, 'Floor 1') RETURNING id", [siteId])).rows[0]!.id;
const floorplanId = (await pool.query<{ id: number }>("INSERT INTO floorplans (location_id, name) VALUES ($1, 'Plan') RETURNING id", [locationId])).rows[0]!.id;
const layoutId = (await pool.query<{ id: number }>('INSERT INTO layouts (floorplan_id, json, published, published_at) VALUES ($1, $2, true, now()) RETURNING id',
  [floorplanId, drawingWithDesks(Array.from({ length: BOOKINGS }, (_, i) => ({ id: `D${i}` })))])).rows[0]!.id;

const call = makeClient(env.port, 1);
const login = await fetch(`http://127.0.0.1:${env.port}/auth/login`, {
  method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@bench.example', password: PASSWORD }),
});
const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
if (!login.ok || !cookie) throw new Error(`sign-in failed: ${login.status}`);

/** 5,000 bookings on one day: desk i by person (i mod 2,500), mornings for the first half, afternoons for the second. */
async function bookDay(day: string): Promise<void> {
  await pool.query(
    `INSERT INTO bookings (site_id, location_id, floorplan_id, layout_id, desk_id, desk_name, starts_at, finishes_at, booked_by_user_id, holder_key, status)
     SELECT $1, $2, $3, $4, 'D' || i, 'Desk D' || i,
       ($5::date + CASE WHEN i < ${PEOPLE} THEN time '09:00' ELSE time '13:00' END) AT TIME ZONE 'Europe/London',
       ($5::date + CASE WHEN i < ${PEOPLE} THEN time '12:00' ELSE time '17:00' END) AT TIME ZONE 'Europe/London',
       u.id, u.email, 1
     FROM generate_series(0, ${BOOKINGS - 1}) i JOIN users u ON u.email = 'p' || (i % ${PEOPLE} + 1) || '@bench.example'`,
    [siteId, locationId, floorplanId, layoutId, day]);
}

const creates: number[] = [];
const previews: number[] = [];
try {
for (let round = 0; round < ROUNDS; round++) {
  const day = new Date(Date.now() + (10 + round) * 86_400_000).toISOString().slice(0, 10);
  await bookDay(day);
  const body = { SiteId: siteId, Scope: { WholeSite: true }, Start: `${day}T00:00:00Z`, End: `${day}T23:59:00Z`, Reason: `Bench closure ${round}` };
  const preview = await call('POST', '/api/closures/preview', cookie, body);
  if (preview.status !== 200) throw new Error(`preview: ${preview.status} ${preview.body.slice(0, 200)}`);
  const p = JSON.parse(preview.body) as { Count: number; Token: string };
  if (p.Count !== BOOKINGS) throw new Error(`preview counted ${p.Count}`);
  const created = await call('POST', '/api/closures', cookie, { ...body, Token: p.Token });
  if (created.status !== 201) throw new Error(`create: ${created.status} ${created.body.slice(0, 200)}`);
  const c = JSON.parse(created.body) as { CancelledCount: number };
  if (c.CancelledCount !== BOOKINGS) throw new Error(`cancelled ${c.CancelledCount}`);
  previews.push(preview.ms);
  creates.push(created.ms);
}
} catch (err) {
  await env.stop(); // the app and the database are processes of their own: never leave them running
  throw err;
}
const queued = (await pool.query<{ mail: number; push: number }>(
  'SELECT (SELECT count(*)::int FROM mail_outbox) AS mail, (SELECT count(*)::int FROM push_outbox) AS push')).rows[0]!;

const fmt = (xs: number[]) => xs.map((x) => x.toFixed(0)).join(', ');
console.log(`\nClosure over ${BOOKINGS} bookings of ${PEOPLE} people, ${ROUNDS} rounds`);
console.log('| step | ms per round | median ms |');
console.log('|---|---|---|');
console.log(`| preview (count + first 200 listed) | ${fmt(previews)} | ${percentile([...previews].sort((a, b) => a - b), 50).toFixed(0)} |`);
console.log(`| create + cancel + queue notices (one transaction) | ${fmt(creates)} | ${percentile([...creates].sort((a, b) => a - b), 50).toFixed(0)} |`);
console.log(`\nQueued: ${queued.mail} e-mails, ${queued.push} push messages (${PEOPLE} people x ${ROUNDS} rounds expected of each)`);
await env.stop();
process.exit(0);
