import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, type TestUser } from '../../testing/testApp.js';
import { insertLocation, insertPublishedFloorplan, insertSite } from '../../testing/fixtures.js';
import { insertBooking, minutes } from './bookingTestKit.js';
import { BOM, csvCell } from './csv.js';
import { EXPORT_HEADER } from './myBookings.service.js';

// Monday 7 January 2030, 08:00 in London (UTC in winter).
const NOW = new Date('2030-01-07T08:00:00Z');

let t: Awaited<ReturnType<typeof buildTestApp>>;
let owner: TestUser, guest: TestUser, stranger: TestUser;
let siteId: number, locationId: number, roomId: number, floorplanId: number;

beforeAll(async () => {
  t = await buildTestApp({ now: NOW });
  owner = await createUser(t, { email: 'owner@example.org', name: 'Olive Owner' });
  guest = await createUser(t, { email: 'Guest.Person@example.org', name: 'Gus Guest' });
  stranger = await createUser(t, { email: 'stranger@example.org' });
  siteId = await insertSite(t.pool, { title: 'London HQ' });
  locationId = await insertLocation(t.pool, siteId, { title: 'Floor 1' });
  roomId = (await t.pool.query<{ id: number }>(
    "INSERT INTO rooms (location_id, name, room_type, capacity) VALUES ($1, 'Thames', 0, 8) RETURNING id", [locationId])).rows[0]!.id;
  ({ floorplanId } = await insertPublishedFloorplan(t.pool, locationId, [{ id: 'D1' }, { id: 'D2' }]));
});
afterAll(() => t.dropDatabase());
beforeEach(async () => {
  t.setNow(NOW);
  await t.pool.query('DELETE FROM bookings');
  await t.pool.query('UPDATE users SET calendar_token = NULL');
});

const get = (who: TestUser | undefined, url: string) => t.app.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} });
const room = (o: Partial<Parameters<typeof insertBooking>[1]> & { start: Date; finish: Date }) =>
  insertBooking(t.pool, { siteId, locationId, roomId, userId: owner.id, ...o });
const desk = (o: Partial<Parameters<typeof insertBooking>[1]> & { start: Date; finish: Date }) =>
  insertBooking(t.pool, { siteId, locationId, floorplanId, deskId: 'D1', userId: owner.id, ...o });

/** A small RFC 4180 reader for the tests: quoted fields, doubled quotes, CRLF inside quotes. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [], field = '', quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { field += '"'; i++; } else if (c === '"') quoted = false; else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') { row.push(field); field = ''; } else if (c === '\r' && text[i + 1] === '\n') { row.push(field); rows.push(row); row = []; field = ''; i++; } else field += c;
  }
  if (field !== '' || row.length > 0) { row.push(field); rows.push(row); }
  return rows;
}

describe('GET /api/bookings/my', () => {
  it("lists the owner's upcoming (soonest first) and past (latest first) desk and room bookings with their status", async () => {
    const soon = await room({ start: minutes(NOW, 60), finish: minutes(NOW, 120) });
    const later = await desk({ start: minutes(NOW, 24 * 60), finish: minutes(NOW, 27 * 60) });
    const cancelled = await room({ start: minutes(NOW, 180), finish: minutes(NOW, 240), status: 3 });
    const past = await room({ start: minutes(NOW, -48 * 60), finish: minutes(NOW, -47 * 60), status: 4 });
    const older = await desk({ start: minutes(NOW, -72 * 60), finish: minutes(NOW, -70 * 60), status: 2 });
    // in progress counts as upcoming: it has not finished
    const now = await desk({ deskId: 'D2', start: minutes(NOW, -30), finish: minutes(NOW, 30), holderKey: 'x@example.org' });
    const res = await get(owner, '/api/bookings/my');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.Upcoming.map((b: any) => b.Id)).toEqual([now, soon, cancelled, later]);
    expect(body.Past.map((b: any) => b.Id)).toEqual([past, older]);
    expect(body.HasMorePast).toBe(false);
    expect(body.Upcoming[1]).toMatchObject({ RoomId: roomId, RoomName: 'Thames', SiteName: 'London HQ', Status: 1, BookedByUserName: 'Olive Owner' });
    expect(body.Upcoming[3]).toMatchObject({ DeskId: 'D1', DeskName: 'Desk D1', FloorplanId: floorplanId, RoomId: null });
    expect(body.Past[0].Status).toBe(4);
  });

  it('includes bookings made on my behalf (e-mail compared case-insensitively), and nobody else sees them', async () => {
    const forGuest = await room({ start: minutes(NOW, 60), finish: minutes(NOW, 90), onBehalfOf: 'guest.person@EXAMPLE.org' });
    const own = (await get(owner, '/api/bookings/my')).json();
    const guests = (await get(guest, '/api/bookings/my')).json();
    const strangers = (await get(stranger, '/api/bookings/my')).json();
    expect(own.Upcoming.map((b: any) => b.Id)).toEqual([forGuest]);
    expect(guests.Upcoming.map((b: any) => b.Id)).toEqual([forGuest]);
    expect(guests.Upcoming[0]).toMatchObject({ OnBehalfOfEmail: 'guest.person@EXAMPLE.org', BookedByUserId: owner.id });
    expect(strangers).toEqual({ Upcoming: [], Past: [], HasMorePast: false });
  });

  it('shows who cancelled and why', async () => {
    const id = await room({ start: minutes(NOW, 60), finish: minutes(NOW, 90), status: 3 });
    await t.pool.query("UPDATE bookings SET cancellation_reason = 'Room needed for interviews', cancelled_by_admin = true, cancelled_by_user_id = $2 WHERE id = $1", [id, stranger.id]);
    const b = (await get(owner, '/api/bookings/my')).json().Upcoming[0];
    expect(b).toMatchObject({ Status: 3, CancellationReason: 'Room needed for interviews', CancelledByAdmin: true, CancelledByUserName: 'stranger' });
  });

  it('pages through the past with pastLimit and pastBefore', async () => {
    const ids: number[] = [];
    for (let d = 1; d <= 5; d++) ids.push(await room({ start: minutes(NOW, -d * 24 * 60), finish: minutes(NOW, -d * 24 * 60 + 30) }));
    const first = (await get(owner, '/api/bookings/my?pastLimit=2')).json();
    expect(first.Past.map((b: any) => b.Id)).toEqual(ids.slice(0, 2));
    expect(first.HasMorePast).toBe(true);
    const next = (await get(owner, `/api/bookings/my?pastLimit=2&pastBefore=${encodeURIComponent(first.Past[1].Start)}`)).json();
    expect(next.Past.map((b: any) => b.Id)).toEqual(ids.slice(2, 4));
    const last = (await get(owner, `/api/bookings/my?pastLimit=2&pastBefore=${encodeURIComponent(next.Past[1].Start)}`)).json();
    expect(last.Past.map((b: any) => b.Id)).toEqual(ids.slice(4));
    expect(last.HasMorePast).toBe(false);
    expect((await get(owner, '/api/bookings/my?pastLimit=0')).statusCode).toBe(400);
  });

  it('needs sign-in', async () => {
    expect((await get(undefined, '/api/bookings/my')).statusCode).toBe(401);
    expect((await get(undefined, '/api/bookings/my/export')).statusCode).toBe(401);
  });
});

describe('GET /api/bookings/my/export', () => {
  it('downloads every booking of mine as CSV with a filename, escaping commas, quotes, line breaks and formulas', async () => {
    const a = await room({ start: minutes(NOW, 90), finish: minutes(NOW, 150), description: 'Budget, "final" review\nbring laptops' });
    const b = await desk({ start: minutes(NOW, -48 * 60), finish: minutes(NOW, -45 * 60), description: '=HYPERLINK("http://evil")', status: 3 });
    const c = await room({ start: minutes(NOW, 24 * 60), finish: minutes(NOW, 25 * 60), onBehalfOf: 'guest.person@example.org', status: 4 });
    await insertBooking(t.pool, { siteId, locationId, roomId, userId: stranger.id, start: minutes(NOW, 300), finish: minutes(NOW, 330) });
    const res = await get(owner, '/api/bookings/my/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="hotdesk-my-bookings-2030-01-07.csv"');
    expect(res.body.startsWith(BOM)).toBe(true);
    const rows = parseCsv(res.body.slice(1));
    expect(rows[0]).toEqual([...EXPORT_HEADER]);
    expect(rows).toHaveLength(4); // header + three of mine, not the stranger's
    const byId = new Map(rows.slice(1).map((r) => [Number(r[0]), Object.fromEntries(EXPORT_HEADER.map((h, i) => [h, r[i]]))]));
    expect(byId.get(a)).toMatchObject({
      Type: 'Room', Site: 'London HQ', Location: 'Floor 1', 'Room or Desk': 'Thames', Start: '2030-01-07T09:30:00+00:00', Finish: '2030-01-07T10:30:00+00:00',
      'Time Zone': 'Europe/London', Description: 'Budget, "final" review\nbring laptops', Status: 'Approved', 'Booked By': 'Olive Owner',
    });
    expect(byId.get(b)).toMatchObject({ Type: 'Desk', 'Room or Desk': 'Desk D1', Description: `'=HYPERLINK("http://evil")`, Status: 'Cancelled' });
    expect(byId.get(c)).toMatchObject({ 'On Behalf Of': 'guest.person@example.org', Status: 'Auto-Cancelled, No Check-In' });
    // the on-behalf person's export holds it too
    const guests = parseCsv((await get(guest, '/api/bookings/my/export')).body.slice(1));
    expect(guests.slice(1).map((r) => Number(r[0]))).toEqual([c]);
  });

  it('quotes only when needed', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('line\r\nbreak')).toBe('"line\r\nbreak"');
    expect(csvCell('+44 20')).toBe("'+44 20");
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(null)).toBe('');
  });
});

/** The VEVENTs of an iCalendar text, each as a map of property name (without parameters) to value. */
function vevents(ics: string): Record<string, string>[] {
  const unfolded = ics.replace(/\r\n[ \t]/g, '');
  return [...unfolded.matchAll(/BEGIN:VEVENT\r\n([\s\S]*?)END:VEVENT/g)].map((m) => Object.fromEntries(
    m[1]!.split('\r\n').filter(Boolean).map((line) => {
      const i = line.indexOf(':');
      return [line.slice(0, i).split(';')[0]!, line.slice(i + 1)];
    })));
}

describe('personal iCalendar feed', () => {
  const create = (who: TestUser) => t.app.inject({ method: 'POST', url: '/api/bookings/my/calendarFeed', headers: { cookie: who.cookie } });
  const feedPath = (url: string) => new URL(url).pathname;

  it('creates a secret URL whose calendar holds my Pending and Approved bookings at their times', async () => {
    const a = await room({ start: minutes(NOW, 60), finish: minutes(NOW, 120), description: 'Sprint review' });
    const b = await desk({ start: minutes(NOW, 24 * 60), finish: minutes(NOW, 27 * 60), status: 1 });
    await room({ start: minutes(NOW, 200), finish: minutes(NOW, 260), status: 0, onBehalfOf: 'owner@example.org' });
    await room({ start: minutes(NOW, 300), finish: minutes(NOW, 360), status: 3 }); // cancelled: not in the feed
    await room({ start: minutes(NOW, -60 * 24 * 60), finish: minutes(NOW, -60 * 24 * 60 + 60) }); // two months ago: not in the feed
    expect((await get(owner, '/api/bookings/my/calendarFeed')).json()).toEqual({ Enabled: false, Url: null });
    const res = await create(owner);
    expect(res.statusCode).toBe(200);
    const { Url, Enabled } = res.json();
    expect(Enabled).toBe(true);
    expect(Url).toMatch(/^http:\/\/localhost(:\d+)?\/ical\/[A-Za-z0-9_-]{43}\.ics$/);
    expect((await get(owner, '/api/bookings/my/calendarFeed')).json()).toEqual({ Enabled: true, Url: null });

    const feed = await get(undefined, feedPath(Url)); // calendar apps do not sign in
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(feed.body).toContain('BEGIN:VCALENDAR');
    const events = vevents(feed.body);
    expect(events).toHaveLength(3);
    const ev = events.find((e) => e['UID'] === `hotdesk-booking-${a}`)!;
    // On the site's clock (DTSTART;TZID=Europe/London, with its VTIMEZONE), titled as the mailed invitation (issue 23).
    expect(ev['DTSTART']).toBe('20300107T090000');
    expect(ev['DTEND']).toBe('20300107T100000');
    expect(ev['SUMMARY']).toBe('Sprint review');
    expect(ev['LOCATION']).toBe('Thames\\, Floor 1\\, London HQ');
    expect(ev['STATUS']).toBe('CONFIRMED');
    const d = events.find((e) => e['UID'] === `hotdesk-booking-${b}`)!;
    expect([d['DTSTART'], d['DTEND']]).toEqual(['20300108T080000', '20300108T110000']);
    expect(events.filter((e) => e['STATUS'] === 'TENTATIVE')).toHaveLength(1);
  });

  it('rotating replaces the old URL; revoking stops it (404); unknown tokens are 404', async () => {
    const first = (await create(owner)).json().Url;
    const second = (await create(owner)).json().Url;
    expect(second).not.toBe(first);
    expect((await get(undefined, feedPath(first))).statusCode).toBe(404);
    expect((await get(undefined, feedPath(second))).statusCode).toBe(200);
    const del = await t.app.inject({ method: 'DELETE', url: '/api/bookings/my/calendarFeed', headers: { cookie: owner.cookie } });
    expect(del.statusCode).toBe(204);
    expect((await get(undefined, feedPath(second))).statusCode).toBe(404);
    expect((await get(undefined, '/ical/not-a-token.ics')).statusCode).toBe(404);
    expect((await get(owner, '/api/bookings/my/calendarFeed')).json().Enabled).toBe(false);
  });

  it('an empty calendar is still a valid calendar', async () => {
    const url = (await create(stranger)).json().Url;
    const feed = await get(undefined, feedPath(url));
    expect(feed.statusCode).toBe(200);
    expect(feed.body).toContain('BEGIN:VCALENDAR');
    expect(vevents(feed.body)).toHaveLength(0);
  });
});
