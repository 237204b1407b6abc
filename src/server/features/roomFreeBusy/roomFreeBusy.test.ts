import ICAL from 'ical.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, type TestUser } from '../../testing/testApp.js';
import { insertLocation, insertSite } from '../../testing/fixtures.js';
import { awayFromMinuteEnd } from '../../testing/minuteWindow.js';
import { insertBooking, minutes } from '../myBookings/bookingTestKit.js';
import { parseCalendar } from '../mail/invitationTestKit.js';
import { feedWindow } from './busyFeed.service.js';
import { FEED_LIMITS, purgeAddressCounts } from './feedLimits.js';
import { hashOfFeedSecret } from './feedSecret.js';

// Monday 7 January 2030, 08:00 in London (UTC in winter). The feeds cover 8 Dec 2029 08:00 to 6 Jul 2030 08:00 (UTC).
const NOW = new Date('2030-01-07T08:00:00Z');
const DAY = 24 * 60;

let t: Awaited<ReturnType<typeof buildTestApp>>;
let admin: TestUser, staff: TestUser, booker: TestUser;
let siteId: number, locationId: number, otherLocationId: number, roomId: number, otherRoomId: number, elsewhereRoomId: number;

const insertRoom = async (location: number, name: string) => (await t.pool.query<{ id: number }>(
  'INSERT INTO rooms (location_id, name, room_type, capacity) VALUES ($1, $2, 0, 8) RETURNING id', [location, name])).rows[0]!.id;

beforeAll(async () => {
  t = await buildTestApp({ now: NOW });
  admin = await createUser(t, { roles: ['Admin'], name: 'Ada Admin' });
  staff = await createUser(t, { name: 'Sam Staff' });
  booker = await createUser(t, { email: 'zed.booker@example.org', name: 'Zed Booker' });
  siteId = await insertSite(t.pool, { title: 'London HQ' });
  locationId = await insertLocation(t.pool, siteId, { title: 'Floor 1' });
  otherLocationId = await insertLocation(t.pool, siteId, { title: 'Floor 2' });
  roomId = await insertRoom(locationId, 'Severn');
  otherRoomId = await insertRoom(locationId, 'Thames');
  elsewhereRoomId = await insertRoom(otherLocationId, 'Avon');
});
afterAll(() => t.dropDatabase());
beforeEach(async () => {
  t.setNow(NOW);
  await t.pool.query('DELETE FROM closures');
  await t.pool.query('DELETE FROM bookings');
  await t.pool.query('DELETE FROM room_free_busy_feeds');
  await t.pool.query('DELETE FROM read_limits');
});

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, who?: TestUser, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers: { ...headers, ...(who ? { cookie: who.cookie } : {}) } });
const feedApi = (room = roomId) => `/api/rooms/${room}/freeBusyFeed`;
const turnOn = async (room = roomId) => {
  const res = await call('POST', feedApi(room), admin);
  expect(res.statusCode).toBe(200);
  return res.json() as { Enabled: boolean; Since: string; EventsUrl: string; FreeBusyUrl: string };
};
const pathOf = (url: string) => new URL(url).pathname;
const book = (o: { start: Date; finish: Date; status?: number; room?: number; location?: number; checkedInAt?: Date; description?: string }) =>
  insertBooking(t.pool, {
    siteId, locationId: o.location ?? locationId, roomId: o.room ?? roomId, userId: booker.id, start: o.start, finish: o.finish,
    status: o.status ?? 1, description: o.description ?? 'Secret merger talks', onBehalfOf: 'vip.guest@example.org',
    ...(o.checkedInAt ? { checkedInAt: o.checkedInAt, checkedInByName: 'Zed Booker' } : {}),
  });
const close = async (o: { start: Date; end: Date; place?: { room?: number; location?: number }; yearly?: boolean; reason?: string }) => {
  const id = (await t.pool.query<{ id: string }>(
    `INSERT INTO closures (site_id, whole_site, starts_at, ends_at, reason, repeats_yearly, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [siteId, !o.place, o.start, o.end, o.reason ?? 'Board away day', o.yearly ?? false, admin.id])).rows[0]!.id;
  if (o.place) {
    await t.pool.query('INSERT INTO closure_places (closure_id, location_id, room_id) VALUES ($1, $2, $3)', [id, o.place.location ?? null, o.place.room ?? null]);
  }
  return Number(id);
};

/** The FREEBUSY periods of a VFREEBUSY object, as ical.js reads them. */
function freeBusyOf(text: string) {
  const root = new ICAL.Component(ICAL.parse(text));
  const fb = root.getFirstSubcomponent('vfreebusy')!;
  const periods = fb.getAllProperties('freebusy').flatMap((p) => (p.getValues() as ICAL.Period[]).map((v) => ({
    type: String(p.getParameter('fbtype')), start: v.start.toJSDate().toISOString(), end: v.getEnd().toJSDate().toISOString(),
  })));
  const time = (name: string) => (fb.getFirstPropertyValue(name) as ICAL.Time).toJSDate().toISOString();
  return { root, fb, periods, start: time('dtstart'), end: time('dtend') };
}

describe('who may manage a room free/busy feed', () => {
  it('admins only: anonymous 401, staff 403, for reading, turning on (rotating) and turning off', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      expect((await call(method, feedApi())).statusCode, `${method} anonymous`).toBe(401);
      const res = await call(method, feedApi(), staff);
      expect(res.statusCode, `${method} staff`).toBe(403);
      expect(res.json().Error).toBe('You are not allowed to do this.');
    }
    expect((await t.pool.query('SELECT count(*)::int AS n FROM room_free_busy_feeds')).rows[0].n).toBe(0);
  });

  it('a room that does not exist, or was deleted, has no feed (404)', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) expect((await call(method, feedApi(2_147_483_000), admin)).statusCode).toBe(404);
    const gone = await insertRoom(locationId, 'Demolished');
    await t.pool.query('UPDATE rooms SET deleted_at = now() WHERE id = $1', [gone]);
    expect((await call('POST', feedApi(gone), admin)).statusCode).toBe(404);
    expect((await call('GET', `/api/rooms/not-a-number/freeBusyFeed`, admin)).statusCode).toBe(400);
  });
});

describe('turning on, rotating and turning off', () => {
  it('shows the secret URLs once, stores only their hash, and knows when they were made', async () => {
    expect((await call('GET', feedApi(), admin)).json()).toEqual({ Enabled: false, Since: null, EventsUrl: null, FreeBusyUrl: null });
    const made = await turnOn();
    expect(made.EventsUrl).toMatch(/^http:\/\/localhost(:\d+)?\/ical\/rooms\/[A-Za-z0-9_-]{43}\.ics$/);
    const secret = /\/ical\/rooms\/([A-Za-z0-9_-]{43})\.ics$/.exec(made.EventsUrl)![1]!;
    expect(made.FreeBusyUrl).toBe(made.EventsUrl.replace(/\.ics$/, '.vfb'));
    expect(made.Since).toBe(NOW.toISOString());
    const stored = (await t.pool.query('SELECT token_hash, created_by FROM room_free_busy_feeds WHERE room_id = $1', [roomId])).rows[0];
    expect(stored).toEqual({ token_hash: hashOfFeedSecret(secret), created_by: admin.id });
    expect(stored.token_hash).not.toContain(secret);
    expect((await call('GET', feedApi(), admin)).json()).toEqual({ Enabled: true, Since: NOW.toISOString(), EventsUrl: null, FreeBusyUrl: null });
  });

  it('rotating stops the old URLs at once (404) and the new ones answer; turning off stops them too', async () => {
    const first = await turnOn();
    expect((await call('GET', pathOf(first.EventsUrl))).statusCode).toBe(200);
    const second = await turnOn();
    expect(second.EventsUrl).not.toBe(first.EventsUrl);
    for (const url of [first.EventsUrl, first.FreeBusyUrl]) expect((await call('GET', pathOf(url))).statusCode, url).toBe(404);
    for (const url of [second.EventsUrl, second.FreeBusyUrl]) expect((await call('GET', pathOf(url))).statusCode, url).toBe(200);
    expect((await call('DELETE', feedApi(), admin)).statusCode).toBe(204);
    for (const url of [second.EventsUrl, second.FreeBusyUrl]) expect((await call('GET', pathOf(url))).statusCode, url).toBe(404);
    expect((await call('GET', feedApi(), admin)).json().Enabled).toBe(false);
    expect((await call('DELETE', feedApi(), admin)).statusCode).toBe(204); // already off: still off
  });

  it('two empty rooms of the same name each answer their own object (the texts kept are by room)', async () => {
    const twin = await insertRoom(locationId, 'Severn');
    const uidOf = async (room: number) => {
      const body = (await call('GET', pathOf((await turnOn(room)).FreeBusyUrl))).body;
      return freeBusyOf(body).fb.getFirstPropertyValue('uid');
    };
    expect(await uidOf(roomId)).toBe(`hotdesk-room-${roomId}-freebusy`);
    expect(await uidOf(twin)).toBe(`hotdesk-room-${twin}-freebusy`);
  });

  it('each room has its own secret; a deleted room\'s feed answers 404', async () => {
    const a = await turnOn(roomId);
    const b = await turnOn(otherRoomId);
    expect(a.EventsUrl).not.toBe(b.EventsUrl);
    await t.pool.query('UPDATE rooms SET deleted_at = now() WHERE id = $1', [otherRoomId]);
    try {
      expect((await call('GET', pathOf(b.EventsUrl))).statusCode).toBe(404);
      expect((await call('GET', pathOf(a.EventsUrl))).statusCode).toBe(200);
    } finally {
      await t.pool.query('UPDATE rooms SET deleted_at = NULL WHERE id = $1', [otherRoomId]);
    }
  });
});

describe('the feed answers a wrong secret with 404, whatever is wrong with it', () => {
  it('malformed, unknown, or one character off: the same 404', async () => {
    const { EventsUrl } = await turnOn();
    const secret = /rooms\/([^.]+)\.ics$/.exec(EventsUrl)![1]!;
    const oneOff = `${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`;
    const answers = [];
    for (const token of ['x', 'not-a-secret', 'A'.repeat(43), oneOff, secret.toLowerCase() === secret ? `${secret}x` : secret.toLowerCase(), `${secret}${'A'.repeat(50)}`]) {
      for (const suffix of ['ics', 'vfb']) {
        const res = await call('GET', `/ical/rooms/${token}.${suffix}`);
        answers.push([res.statusCode, res.json()]);
      }
    }
    for (const answer of answers) expect(answer).toEqual([404, { Error: 'The free/busy feed was not found.', Code: 'NOT_FOUND' }]);
    expect((await call('GET', `/ical/rooms/${'A'.repeat(101)}.ics`)).statusCode).toBe(400); // longer than any secret: refused unread
  });
});

describe('what the feeds say', () => {
  it('busy blocks exactly at the active bookings, "Busy" only: no names, e-mails, titles, descriptions or attendees', async () => {
    const approved = await book({ start: minutes(NOW, 60), finish: minutes(NOW, 120) });
    const pending = await book({ start: minutes(NOW, DAY + 60), finish: minutes(NOW, DAY + 90), status: 0 });
    const checkedIn = await book({ start: minutes(NOW, -30), finish: minutes(NOW, 30), checkedInAt: minutes(NOW, -25) });
    const lastMonth = await book({ start: minutes(NOW, -29 * DAY), finish: minutes(NOW, -29 * DAY + 60) });
    const summer = await book({ start: minutes(NOW, 170 * DAY), finish: minutes(NOW, 170 * DAY + 45) });
    // Not busy: cancelled, rejected, released for no check-in; another room; outside the window.
    await book({ start: minutes(NOW, 180), finish: minutes(NOW, 240), status: 3 });
    await book({ start: minutes(NOW, 240), finish: minutes(NOW, 300), status: 2 });
    await book({ start: minutes(NOW, -120), finish: minutes(NOW, -60), status: 4 });
    await book({ start: minutes(NOW, 60), finish: minutes(NOW, 120), room: otherRoomId });
    await book({ start: minutes(NOW, 30), finish: minutes(NOW, 90), room: elsewhereRoomId, location: otherLocationId });
    await book({ start: minutes(NOW, -31 * DAY), finish: minutes(NOW, -31 * DAY + 60) });
    await book({ start: minutes(NOW, 181 * DAY), finish: minutes(NOW, 181 * DAY + 60) });

    const { EventsUrl } = await turnOn();
    const res = await call('GET', pathOf(EventsUrl));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const cal = parseCalendar(res.body);
    expect(cal.method).toBe('PUBLISH');
    expect(cal.root.getFirstPropertyValue('x-wr-calname')).toBe('Severn: busy');
    const expected = [
      [lastMonth, -29 * DAY, -29 * DAY + 60, 'CONFIRMED'], [checkedIn, -30, 30, 'CONFIRMED'], [approved, 60, 120, 'CONFIRMED'],
      [pending, DAY + 60, DAY + 90, 'TENTATIVE'], [summer, 170 * DAY, 170 * DAY + 45, 'CONFIRMED'],
    ] as const;
    expect(cal.events.map((e) => [e.uid, e.start.toISOString(), e.finish.toISOString(), e.status])).toEqual(
      expected.map(([id, s, f, status]) => [`hotdesk-room-${roomId}-busy-${id}`, minutes(NOW, s).toISOString(), minutes(NOW, f).toISOString(), status]));
    for (const e of cal.events) {
      expect(e.summary).toBe('Busy');
      expect(e.description).toBe('');
      expect(e.location).toBe('Severn');
      expect(e.organizer).toBe('');
      expect(e.attendees).toEqual([]);
      expect(e.startTzid).toBe('Europe/London'); // on the site's clock, with its VTIMEZONE
      expect(e.component.getFirstPropertyValue('transp')).toBe('OPAQUE');
    }
    expect(cal.root.getAllSubcomponents('vtimezone')).toHaveLength(1);
    for (const leak of ['Zed', 'Booker', 'zed.booker', 'vip.guest', 'Secret', 'merger', 'ATTENDEE', 'ORGANIZER', 'CN=', 'mailto']) {
      expect(res.body, leak).not.toContain(leak);
    }
  });

  it('the VFREEBUSY form: BUSY, BUSY-TENTATIVE and BUSY-UNAVAILABLE periods in UTC over the window, touching ones merged', async () => {
    await book({ start: minutes(NOW, 60), finish: minutes(NOW, 120) });
    await book({ start: minutes(NOW, 120), finish: minutes(NOW, 150), checkedInAt: undefined }); // touches the one before
    await book({ start: minutes(NOW, 240), finish: minutes(NOW, 300), status: 0 });
    await book({ start: minutes(NOW, -31 * DAY), finish: minutes(NOW, -29 * DAY) }); // starts before the window: clipped
    await book({ start: minutes(NOW, 60), finish: minutes(NOW, 120), room: otherRoomId });
    const roomClosure = { start: minutes(NOW, 3 * DAY), end: minutes(NOW, 4 * DAY) };
    await close({ ...roomClosure, place: { room: roomId } });
    const { FreeBusyUrl } = await turnOn();
    const res = await call('GET', pathOf(FreeBusyUrl));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const fb = freeBusyOf(res.body);
    const { from, to } = feedWindow(NOW);
    expect([fb.start, fb.end]).toEqual([from.toISOString(), to.toISOString()]);
    expect(fb.root.getFirstPropertyValue('method')).toBeNull();
    expect(fb.fb.getFirstPropertyValue('comment')).toBe('Severn');
    const at = (m: number) => minutes(NOW, m).toISOString();
    expect(fb.periods).toEqual([
      { type: 'BUSY', start: from.toISOString(), end: at(-29 * DAY) },
      { type: 'BUSY', start: at(60), end: at(150) },
      { type: 'BUSY-TENTATIVE', start: at(240), end: at(300) },
      { type: 'BUSY-UNAVAILABLE', start: roomClosure.start.toISOString(), end: roomClosure.end.toISOString() },
    ]);
    expect(res.body).toMatch(/FREEBUSY;FBTYPE=BUSY:\d{8}T\d{6}Z\/\d{8}T\d{6}Z\r\n/);
    for (const leak of ['Zed', 'vip.guest', 'Secret', 'Board away day']) expect(res.body, leak).not.toContain(leak);
  });

  it('closures of the room, its floor and its whole site are busy, yearly ones in every year the window touches; others are not', async () => {
    const site = { start: new Date('2030-02-01T00:00:00Z'), end: new Date('2030-02-02T00:00:00Z') };
    const floor = { start: new Date('2030-03-04T09:00:00Z'), end: new Date('2030-03-04T17:00:00Z') };
    const room = { start: new Date('2030-04-10T12:00:00Z'), end: new Date('2030-04-10T13:00:00Z') };
    const siteId1 = await close(site);
    const floorId = await close({ ...floor, place: { location: locationId } });
    const roomIdC = await close({ ...room, place: { room: roomId } });
    await close({ start: new Date('2030-02-10T00:00:00Z'), end: new Date('2030-02-11T00:00:00Z'), place: { room: otherRoomId } });
    await close({ start: new Date('2030-02-12T00:00:00Z'), end: new Date('2030-02-13T00:00:00Z'), place: { location: otherLocationId } });
    await close({ start: new Date('2029-11-01T00:00:00Z'), end: new Date('2029-11-02T00:00:00Z') }); // before the window
    // Christmas Day every year since 2027 (midnight to midnight in London): 25 Dec 2029 is in the window, 2030's is not.
    const christmas = await close({ start: new Date('2027-12-25T00:00:00Z'), end: new Date('2027-12-26T00:00:00Z'), yearly: true, reason: 'Christmas' });
    // Midsummer 2030 (BST): the yearly repetition keeps the wall clock, 09:00-17:00 London = 08:00-16:00 UTC.
    const midsummer = await close({ start: new Date('2028-06-21T08:00:00Z'), end: new Date('2028-06-21T16:00:00Z'), yearly: true, place: { room: roomId } });

    const { EventsUrl, FreeBusyUrl } = await turnOn();
    const cal = parseCalendar((await call('GET', pathOf(EventsUrl))).body);
    expect(cal.events.map((e) => [e.uid, e.start.toISOString(), e.finish.toISOString(), e.summary])).toEqual([
      [`hotdesk-room-${roomId}-closed-${christmas}-2`, '2029-12-25T00:00:00.000Z', '2029-12-26T00:00:00.000Z', 'Busy'],
      [`hotdesk-room-${roomId}-closed-${siteId1}-0`, site.start.toISOString(), site.end.toISOString(), 'Busy'],
      [`hotdesk-room-${roomId}-closed-${floorId}-0`, floor.start.toISOString(), floor.end.toISOString(), 'Busy'],
      [`hotdesk-room-${roomId}-closed-${roomIdC}-0`, room.start.toISOString(), room.end.toISOString(), 'Busy'],
      [`hotdesk-room-${roomId}-closed-${midsummer}-2`, '2030-06-21T08:00:00.000Z', '2030-06-21T16:00:00.000Z', 'Busy'],
    ]);
    const fb = freeBusyOf((await call('GET', pathOf(FreeBusyUrl))).body);
    expect(fb.periods.map((p) => [p.type, p.start, p.end])).toEqual(cal.events.map((e) => ['BUSY-UNAVAILABLE', e.start.toISOString(), e.finish.toISOString()]));
  });

  it('a room with nothing booked is still a valid, empty calendar in both forms', async () => {
    const { EventsUrl, FreeBusyUrl } = await turnOn();
    expect(parseCalendar((await call('GET', pathOf(EventsUrl))).body).events).toEqual([]);
    expect(freeBusyOf((await call('GET', pathOf(FreeBusyUrl))).body).periods).toEqual([]);
  });
});

describe('caching', () => {
  it('answers an unchanged feed 304 to its ETag, and a new ETag once a booking changes or the hour moves the window', async () => {
    const id = await book({ start: minutes(NOW, 60), finish: minutes(NOW, 120) });
    const { EventsUrl, FreeBusyUrl } = await turnOn();
    const first = await call('GET', pathOf(EventsUrl));
    expect(first.headers['cache-control']).toBe('private, max-age=300');
    expect(first.headers['x-robots-tag']).toBe('noindex');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]{27}"$/);
    expect(String((await call('GET', pathOf(FreeBusyUrl))).headers.etag)).not.toBe(etag); // each form its own

    t.setNow(minutes(NOW, 30)); // same hour: same window, same facts
    // Read again without If-None-Match: the text written before is sent as it was (DTSTAMP and all).
    expect((await call('GET', pathOf(EventsUrl))).body).toBe(first.body);
    const again = await call('GET', pathOf(EventsUrl), undefined, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);

    await t.pool.query('UPDATE bookings SET finishes_at = finishes_at + interval \'15 minutes\' WHERE id = $1', [id]);
    const changed = await call('GET', pathOf(EventsUrl), undefined, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(parseCalendar(changed.body).events[0]!.finish.toISOString()).toBe(minutes(NOW, 135).toISOString());

    t.setNow(minutes(NOW, 60)); // the next hour: the window moved
    expect((await call('GET', pathOf(EventsUrl), undefined, { 'if-none-match': String(changed.headers.etag) })).statusCode).toBe(200);
  });
});

describe('limits', () => {
  it('refuses a feed read in a loop past its per-minute limit (429), other rooms unaffected', async () => {
    await awayFromMinuteEnd(t.pool);
    const a = await turnOn(roomId);
    const b = await turnOn(otherRoomId);
    await t.pool.query("INSERT INTO read_limits (key, window_start, reads) VALUES ($1, date_trunc('minute', now()), $2)",
      [`roomFreeBusy:room:${roomId}`, FEED_LIMITS.perFeedPerMinute - 1]);
    expect((await call('GET', pathOf(a.FreeBusyUrl))).statusCode).toBe(200); // the last one allowed
    const refused = await call('GET', pathOf(a.EventsUrl));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().Code).toBe('TOO_MANY_ATTEMPTS');
    expect((await call('GET', pathOf(b.EventsUrl))).statusCode).toBe(200);
  });

  it('refuses an address past its per-minute limit before looking the secret up, right or wrong; old counts are purged', async () => {
    await awayFromMinuteEnd(t.pool);
    const { EventsUrl } = await turnOn();
    const key = 'roomFreeBusy:address:127.0.0.1'; // inject() calls come from 127.0.0.1
    await t.pool.query("INSERT INTO read_limits (key, window_start, reads) VALUES ($1, date_trunc('minute', now()), $2)", [key, FEED_LIMITS.perAddressPerMinute]);
    expect((await call('GET', `/ical/rooms/${'B'.repeat(43)}.ics`)).statusCode).toBe(429);
    expect((await call('GET', pathOf(EventsUrl))).statusCode).toBe(429);
    expect((await call('GET', feedApi(), admin)).statusCode).toBe(200); // the admin API is not a feed read

    await t.pool.query("UPDATE read_limits SET window_start = date_trunc('minute', now()) - interval '1 minute' WHERE key = $1", [key]);
    await t.pool.query("INSERT INTO read_limits (key, window_start, reads) VALUES ('whosIn:1', date_trunc('minute', now()) - interval '1 minute', 3)");
    expect(await purgeAddressCounts(t.pool)).toBe(1);
    expect((await t.pool.query('SELECT key FROM read_limits ORDER BY key')).rows.map((r) => r.key)).toEqual(['whosIn:1']); // the refused reads never reached the room's count
    expect((await call('GET', pathOf(EventsUrl))).statusCode).toBe(200);
  });
});

describe('the API description', () => {
  it('lists the feeds as iCalendar with 304, 404 and 429, and the admin routes as admin-only (401, 403)', async () => {
    type Op = { responses: Record<string, { content?: Record<string, unknown> }>; security?: unknown };
    const doc = (await call('GET', '/api/docs/json')).json() as { paths: Record<string, Record<string, Op>> };
    for (const path of ['/ical/rooms/{token}.ics', '/ical/rooms/{token}.vfb']) {
      const op = doc.paths[path]!['get']!;
      expect(Object.keys(op.responses).sort(), path).toEqual(['200', '304', '400', '404', '429', '503']);
      expect(Object.keys(op.responses['200']!.content!), path).toEqual(['text/calendar']);
      expect(op.responses['304']!.content, path).toBeUndefined();
      expect(op.security, path).toBeUndefined();
    }
    for (const method of ['get', 'post', 'delete']) {
      const op = doc.paths['/api/rooms/{id}/freeBusyFeed']![method]!;
      expect(Object.keys(op.responses), method).toEqual(expect.arrayContaining(['401', '403', '404']));
    }
  });
});
