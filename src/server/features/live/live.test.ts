import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestUser } from '../../testing/testApp.js';
import { bookVia, createOrg, london, NOW, type Org } from '../roomBooking/roomBookingTestKit.js';
import { SseTestClient } from './sseTestClient.js';
import { LIVE_FULL, NOT_AN_EVENT_STREAM } from './live.routes.js';
import { LiveRing } from './liveRing.js';
import { parseNotice } from './liveEvents.js';

/**
 * GET /api/live over real HTTP against real PostgreSQL: bookings made through the API reach connected
 * streams through the database trigger (migration 0025) and LISTEN/NOTIFY, also across two instances.
 */
let t: TestApp & { dropDatabase: () => Promise<void> };
let second: TestApp;
let o: Org;
let urls: string[];
const open: SseTestClient[] = [];

const connect = async (who: TestUser | undefined, o2: { url?: string; lastEventId?: string; accept?: string } = {}) => {
  const headers: Record<string, string> = who ? { cookie: who.cookie } : {};
  if (o2.lastEventId) headers['last-event-id'] = o2.lastEventId;
  if (o2.accept) headers.accept = o2.accept;
  const client = await SseTestClient.open(`${o2.url ?? urls[0]}/api/live`, headers);
  open.push(client);
  if (client.status === 200) await client.waitFor((e) => e.event === 'ready');
  return client;
};
const booking = (e: { data: string }) => JSON.parse(e.data) as Record<string, unknown>;
let day = 2;
const nextSlot = () => { day++; return { Start: london(day, '09:00'), Finish: london(day, '10:00') }; };

beforeAll(async () => {
  t = await buildTestApp({ now: NOW });
  second = await buildTestApp({ pool: t.pool, now: NOW });
  o = await createOrg(t);
  urls = [await t.app.listen({ port: 0, host: '127.0.0.1' }), await second.app.listen({ port: 0, host: '127.0.0.1' })];
});
afterEach(() => { for (const c of open.splice(0)) c.close(); });
afterAll(async () => { await second.close(); await t.dropDatabase(); });

describe('GET /api/live', () => {
  it('delivers a booking made through the API within 2 seconds, with ids and status only', async () => {
    const staff = await connect(o.staff);
    expect(staff.status).toBe(200);
    const started = Date.now();
    const made = await bookVia(t, o.staff, { RoomId: o.thames, ...nextSlot() });
    const e = await staff.waitFor((x) => x.event === 'booking' && booking(x).BookingId === made.Id);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(booking(e)).toEqual({
      BookingId: made.Id, Kind: 'room', SiteId: o.siteId, LocationId: o.floor1, FloorplanId: null, RoomId: o.thames, DeskId: null,
      Start: made.Start, Finish: made.Finish, Status: 1, CheckedIn: false, Mine: true,
    });
    expect(e.id).toMatch(/^[a-z0-9]+-\d+$/);
    // No names, e-mails or descriptions anywhere in the stream.
    expect(JSON.stringify(staff.events)).not.toMatch(/Team sync|staff@hq|Sofia/);
  });

  it('reaches clients of both instances on one database, whichever instance made the booking', async () => {
    const onFirst = await connect(o.other);
    const onSecond = await connect(o.other, { url: urls[1] });
    const made = (await second.app.inject({ method: 'POST', url: '/api/bookings/room', headers: { cookie: o.staff.cookie },
      payload: { Description: 'x', RoomId: o.severn, ...nextSlot() } })).json();
    for (const c of [onFirst, onSecond]) {
      expect(booking(await c.waitFor((x) => x.event === 'booking' && booking(x).BookingId === made.Id))).toMatchObject({ Mine: false, Status: 1 });
    }
  });

  it('gives each person only what they may see; approval events only to approvers', async () => {
    const staff = await connect(o.staff);
    const listed = await connect(o.siteListed);
    const approver = await connect(o.approver);
    const secret = await bookVia(t, o.siteListed, { RoomId: o.vault, ...nextSlot() });
    await listed.waitFor((x) => x.event === 'booking' && booking(x).BookingId === secret.Id);
    const request = await bookVia(t, o.staff, { RoomId: o.boardroom, ...nextSlot() });
    expect(request.Status).toBe(0);
    await approver.waitFor((x) => x.event === 'approvals');
    await staff.waitFor((x) => x.event === 'booking' && booking(x).BookingId === request.Id);
    // staff may not book in Secret Site: its booking never reached them; staff approves nothing.
    expect(staff.events.some((x) => x.event === 'booking' && booking(x).BookingId === secret.Id)).toBe(false);
    expect(staff.events.some((x) => x.event === 'approvals')).toBe(false);
    expect(approver.events.some((x) => x.event === 'booking' && booking(x).BookingId === secret.Id)).toBe(false);
  });

  it('catches up from Last-Event-ID, and asks for a resync when it cannot', async () => {
    const first = await connect(o.staff);
    // A second stream sees every event, so the test knows when the instance has them.
    const watcher = await connect(o.other);
    const a = await bookVia(t, o.staff, { RoomId: o.thames, ...nextSlot() });
    const seen = await first.waitFor((x) => x.event === 'booking' && booking(x).BookingId === a.Id);
    first.close();
    const b = await bookVia(t, o.staff, { RoomId: o.thames, ...nextSlot() });
    const c = await bookVia(t, o.staff, { RoomId: o.thames, ...nextSlot() });
    // Once the instance has the events, reconnect with the last id seen.
    await watcher.waitFor((x) => x.event === 'booking' && booking(x).BookingId === c.Id);
    const again = await connect(o.staff, { lastEventId: seen.id });
    const caught = again.events.filter((x) => x.event === 'booking').map((x) => booking(x).BookingId);
    expect(caught).toEqual([b.Id, c.Id]);
    expect(again.events.some((x) => x.event === 'resync')).toBe(false);

    for (const id of ['zzz-1', 'garbage', `${seen.id!.split('-')[0]}-999999999`]) {
      const stale = await connect(o.staff, { lastEventId: id });
      expect(stale.events.map((x) => x.event)).toEqual(['resync', 'ready']);
    }
  });

  it('answers a malformed Last-Event-ID with a resync (200, never an error), whatever its shape or length', async () => {
    // A real id first, to build near-misses of this instance's epoch.
    const watcher = await connect(o.staff);
    const made = await bookVia(t, o.staff, { RoomId: o.thames, ...nextSlot() });
    const epoch = (await watcher.waitFor((x) => x.event === 'booking' && booking(x).BookingId === made.Id)).id!.split('-')[0]!;
    const malformed = ['', ' ', '-', '1-', '-1', `${epoch}-`, `${epoch}--1`, `${epoch}-1e3`, `${epoch}-${'9'.repeat(16)}`, `${epoch.toUpperCase()}-1`,
      `${epoch}-1-2`, `${epoch} -1`, 'null', '%00', 'x'.repeat(65), `${epoch}-1${' '.repeat(100)}x`, 'y'.repeat(8000)];
    for (const id of malformed) {
      const stream = await SseTestClient.open(`${urls[0]}/api/live`, { cookie: o.staff.cookie, 'last-event-id': id });
      open.push(stream);
      expect(stream.status, `Last-Event-ID ${JSON.stringify(id.slice(0, 40))}`).toBe(200);
      await stream.waitFor((e) => e.event === 'ready');
      expect(stream.events.map((x) => x.event), `Last-Event-ID ${JSON.stringify(id.slice(0, 40))}`).toEqual(['resync', 'ready']);
      stream.close();
    }
  });

  it('refuses anonymous callers (401) and requests that do not ask for an event stream (400)', async () => {
    const anonymous = await connect(undefined);
    expect(anonymous.status).toBe(401);
    const plain = await connect(o.staff, { accept: 'application/json' });
    expect(plain.status).toBe(400);
    expect(JSON.parse(plain.body).Error).toBe(NOT_AN_EVENT_STREAM);
  });

  it("closes a person's oldest stream beyond 5", async () => {
    const streams: SseTestClient[] = [];
    for (let i = 0; i < 5; i++) streams.push(await connect(o.guest));
    expect(streams.every((s) => !s.closed)).toBe(true);
    const sixth = await connect(o.guest);
    await streams[0]!.waitClosed();
    expect(streams.slice(1).every((s) => !s.closed)).toBe(true);
    expect(sixth.closed).toBe(false);
  });
});

describe('GET /api/live limits per instance', () => {
  let small: TestApp;
  let url: string;
  beforeAll(async () => {
    small = await buildTestApp({ pool: t.pool, now: NOW, env: { LIVE_MAX_CONNECTIONS: '2' } });
    url = await small.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => small.close());

  it('refuses a stream beyond the instance limit with 503 and Retry-After', async () => {
    await connect(o.staff, { url });
    await connect(o.other, { url });
    const third = await connect(o.approver, { url });
    expect(third.status).toBe(503);
    expect(JSON.parse(third.body).Error).toBe(LIVE_FULL);
  });
});

describe('the ring of recent events', () => {
  const notice = parseNotice(JSON.stringify({ b: 1, k: 'desk', s: 1, l: 1, f: 1, r: null, d: 'D1', a: 0, z: 60, st: 1, ps: null, ci: false, o: 1, h: 'a@b' }))!;
  it('keeps at most its capacity and forgets events older than its age', () => {
    let now = 0;
    const ring = new LiveRing(3, 1000, () => now);
    const ids = [1, 2, 3, 4, 5].map(() => ring.idOf(ring.push(notice)));
    expect(ring.after(ids[1]!)?.map((e) => e.seq)).toEqual([3, 4, 5]);
    expect(ring.after(ids[0]!)).toBeUndefined(); // event 2 is gone
    now = 5000;
    expect(ring.after(ids[4]!)).toEqual([]); // nothing missed
    expect(ring.after(ids[3]!)).toBeUndefined(); // event 5 aged out
  });
  it('ignores payloads that are not notices', () => {
    expect(parseNotice('{"b":"x"}')).toBeUndefined();
    expect(parseNotice('not json')).toBeUndefined();
  });
});
