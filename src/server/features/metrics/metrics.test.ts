import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, type TestUser } from '../../testing/testApp.js';
import { insertLocation, insertPublishedFloorplan, insertSite } from '../../testing/fixtures.js';
import { createOrg, london, NOW as ROOM_NOW } from '../roomBooking/roomBookingTestKit.js';
import { readQueueDepths } from '../../jobs/queueDepths.js';

const TOKEN = 'metrics-token-0123456789abcdef';
const NOW = new Date('2030-01-07T08:00:00Z');
const at = (hours: number) => new Date(NOW.getTime() + hours * 3_600_000).toISOString();

let t: Awaited<ReturnType<typeof buildTestApp>>;
let staff: TestUser, admin: TestUser;
let floorplanId: number, siteId: number;

beforeAll(async () => {
  t = await buildTestApp({ env: { METRICS_TOKEN: TOKEN, PUBLIC_URL: 'http://localhost/hotdesk' }, now: NOW });
  staff = await createUser(t);
  admin = await createUser(t, { roles: ['Admin'] });
  siteId = await insertSite(t.pool);
  const locationId = await insertLocation(t.pool, siteId);
  ({ floorplanId } = await insertPublishedFloorplan(t.pool, locationId, [{ id: 'D1' }, { id: 'D2' }]));
});
afterAll(() => t.dropDatabase());

const scrape = (headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }) =>
  t.app.inject({ method: 'GET', url: '/hotdesk/metrics', headers });
const bookDesk = (user: TestUser, deskId: string) => t.app.inject({
  method: 'POST', url: '/hotdesk/api/bookings/desk', headers: { cookie: user.cookie },
  payload: { FloorplanId: floorplanId, DeskId: deskId, Start: at(2), Finish: at(5) },
});
/** The value of one series, e.g. value(text, 'hotdesk_booking_requests_total', { kind: 'desk', outcome: 'booked' }). */
function value(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const m = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const got = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => got[k] === v)) return Number(m[3]);
  }
  return undefined;
}

describe('GET /metrics', () => {
  it('does not exist without METRICS_TOKEN (404, as an unknown path)', async () => {
    const off = await buildTestApp({ pool: t.pool });
    try {
      const res = await off.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ Code: 'NOT_FOUND' });
    } finally {
      await off.app.close();
    }
  });

  it('refuses without a bearer token, with a wrong one, and with an admin\'s session (401)', async () => {
    const refused: Array<Record<string, string>> = [
      {}, { authorization: 'Bearer wrong-token-0123456789abcdef' }, { authorization: `Bearer ${TOKEN}x` }, { authorization: `Basic ${TOKEN}` },
      { authorization: TOKEN }, { cookie: admin.cookie }, { authorization: 'Bearer ' },
    ];
    for (const headers of refused) {
      const res = await scrape(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="hotdesk-metrics"');
      expect(res.json()).toMatchObject({ Code: 'NOT_SIGNED_IN' });
      expect(res.body).not.toContain('hotdesk_');
    }
  });

  it('answers Prometheus text with request latency by route pattern, booking outcomes, the pool, the queues and the process', async () => {
    expect((await bookDesk(staff, 'D1')).statusCode).toBe(201);
    expect((await bookDesk(admin, 'D1')).statusCode).toBe(409); // the desk is taken
    expect((await t.app.inject({ method: 'POST', url: '/hotdesk/api/bookings/desk', payload: {} })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/hotdesk/api/sites/${siteId}`, headers: { cookie: staff.cookie } })).statusCode).toBe(200);
    await t.pool.query("INSERT INTO mail_outbox (to_address, subject, body_text, created_at, next_try_at) VALUES ('a@example.org', 's', 't', $1, $1)",
      [new Date(NOW.getTime() - 120_000)]);

    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    const text = res.body;

    const desk = { route: '/api/bookings/desk', method: 'POST' };
    expect(value(text, 'hotdesk_http_request_duration_seconds_count', { ...desk, status_class: '2xx' })).toBe(1);
    expect(value(text, 'hotdesk_http_request_duration_seconds_count', { ...desk, status_class: '4xx' })).toBe(2);
    expect(value(text, 'hotdesk_http_request_duration_seconds_bucket', { ...desk, status_class: '2xx', le: '+Inf' })).toBe(1);
    // The pattern, never the URL with its ids, and no base path.
    expect(value(text, 'hotdesk_http_request_duration_seconds_count', { route: '/api/sites/:id', method: 'GET', status_class: '2xx' })).toBe(1);
    expect(text).not.toContain(`/api/sites/${siteId}"`);
    expect(text).not.toContain('route="/hotdesk');

    expect(value(text, 'hotdesk_booking_requests_total', { kind: 'desk', outcome: 'booked' })).toBe(1);
    expect(value(text, 'hotdesk_booking_requests_total', { kind: 'desk', outcome: 'conflict' })).toBe(1);
    expect(value(text, 'hotdesk_booking_requests_total', { kind: 'desk', outcome: 'not_signed_in' })).toBe(1);

    expect(value(text, 'hotdesk_db_pool_connections')).toBeGreaterThan(0);
    expect(value(text, 'hotdesk_db_pool_idle')).toBeGreaterThanOrEqual(0);
    expect(value(text, 'hotdesk_db_pool_waiting')).toBe(0);
    expect(value(text, 'hotdesk_db_pool_max')).toBe(10); // the test pool's size

    expect(value(text, 'hotdesk_job_queue_pending', { queue: 'mail' })).toBe(1);
    expect(value(text, 'hotdesk_job_queue_due', { queue: 'mail' })).toBe(1);
    expect(value(text, 'hotdesk_job_queue_oldest_age_seconds', { queue: 'mail' })).toBe(120);
    expect(value(text, 'hotdesk_job_queue_pending', { queue: 'push' })).toBe(0);
    expect(value(text, 'hotdesk_job_queue_pending', { queue: 'no_show' })).toBe(0);
    expect(value(text, 'hotdesk_job_queue_given_up', { queue: 'mail' })).toBe(0);

    expect(value(text, 'hotdesk_build_info', { version: '1.0.1' })).toBe(1);
    for (const name of ['process_cpu_seconds_total', 'process_resident_memory_bytes', 'nodejs_eventloop_lag_seconds', 'nodejs_heap_size_used_bytes']) {
      expect(value(text, name), name).toBeDefined();
    }
  });

  it('counts a room request that awaits approval apart from a booked room', async () => {
    const org = await createOrg(t);
    t.setNow(ROOM_NOW);
    const bookRoom = (roomId: number) => t.app.inject({
      method: 'POST', url: '/hotdesk/api/bookings/room', headers: { cookie: org.staff.cookie },
      payload: { RoomId: roomId, Description: 'Team sync', Start: london(2, '09:00'), Finish: london(2, '10:00') },
    });
    const request = await bookRoom(org.boardroom); // restricted: a request awaiting approval
    expect(request.statusCode).toBe(201);
    expect(request.json().Status).toBe(0); // Pending
    expect((await bookRoom(org.thames)).statusCode).toBe(201);
    expect((await bookRoom(org.thames)).statusCode).toBe(409);
    const text = (await scrape()).body;
    expect(value(text, 'hotdesk_booking_requests_total', { kind: 'room', outcome: 'approval_requested' })).toBe(1);
    expect(value(text, 'hotdesk_booking_requests_total', { kind: 'room', outcome: 'booked' })).toBe(1);
    expect(value(text, 'hotdesk_booking_requests_total', { kind: 'room', outcome: 'conflict' })).toBe(1);
    expect(value(text, 'hotdesk_http_request_duration_seconds_count', { route: '/api/bookings/room', method: 'POST', status_class: '2xx' })).toBe(2);

    // The no-show queue: a booking nobody checked in to, 40 minutes after its start, is 25 minutes overdue.
    await t.pool.query('UPDATE rooms SET room_check_ins = true WHERE id = $1', [org.severn]);
    await t.pool.query(`INSERT INTO bookings (site_id, location_id, room_id, starts_at, finishes_at, booked_by_user_id, holder_key, status, description)
      VALUES ($1, $2, $3, $4, $5, $6, 'staff@hq.example', 1, '')`,
    [org.siteId, org.floor1, org.severn, new Date(ROOM_NOW.getTime() - 40 * 60_000), new Date(ROOM_NOW.getTime() + 20 * 60_000), org.staff.id]);
    const noShow = (await readQueueDepths(t.pool, ROOM_NOW)).find((d) => d.queue === 'no_show');
    expect(noShow).toEqual({ queue: 'no_show', pending: 1, due: 1, oldestSeconds: 25 * 60 });
  });

  it('is described in the API document with its bearer scheme', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/hotdesk/api/docs/json' })).json();
    const op = doc.paths['/hotdesk/metrics']?.get ?? doc.paths['/metrics']?.get;
    expect(op.security).toEqual([{ metricsToken: [] }]);
    expect(Object.keys(op.responses).sort()).toEqual(['200', '401']);
    expect(Object.keys(op.responses['200'].content)).toEqual(['text/plain']);
    expect(doc.components.securitySchemes.metricsToken).toMatchObject({ type: 'http', scheme: 'bearer' });
  });
});
