import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, type TestUser } from '../../testing/testApp.js';
import { insertLocation, insertPublishedFloorplan, insertSite } from '../../testing/fixtures.js';
import { bookingIcsTemplate, fillIcs } from '../mail/bookingIcs.js';
import { insertBooking, minutes } from './bookingTestKit.js';
import { CALENDAR_FILE_READS_PER_MINUTE } from './bookingCalendarFile.js';

// Monday 7 January 2030, 08:00 in London (UTC in winter).
const NOW = new Date('2030-01-07T08:00:00Z');

let t: Awaited<ReturnType<typeof buildTestApp>>;
let owner: TestUser, guest: TestUser, stranger: TestUser, admin: TestUser;
let siteId: number, locationId: number, roomId: number, floorplanId: number;

beforeAll(async () => {
  t = await buildTestApp({ now: NOW });
  owner = await createUser(t, { email: 'owner@example.org', name: 'Olive Owner' });
  guest = await createUser(t, { email: 'Guest.Person@example.org', name: 'Gus Guest' });
  stranger = await createUser(t, { email: 'stranger@example.org' });
  admin = await createUser(t, { roles: ['Admin'] });
  siteId = await insertSite(t.pool, { title: 'London HQ' });
  locationId = await insertLocation(t.pool, siteId, { title: 'Floor 1' });
  roomId = (await t.pool.query<{ id: number }>(
    "INSERT INTO rooms (location_id, name, room_type, capacity) VALUES ($1, 'Thames', 0, 8) RETURNING id", [locationId])).rows[0]!.id;
  ({ floorplanId } = await insertPublishedFloorplan(t.pool, locationId, [{ id: 'D1' }]));
});
afterAll(() => t.dropDatabase());
beforeEach(async () => {
  await t.pool.query('DELETE FROM bookings');
  await t.pool.query('DELETE FROM read_limits');
});

const START = minutes(NOW, 60);
const FINISH = minutes(NOW, 120);
const get = (who: TestUser | undefined, url: string) => t.app.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} });
const room = (o: Partial<Parameters<typeof insertBooking>[1]> = {}) =>
  insertBooking(t.pool, { siteId, locationId, roomId, userId: owner.id, start: START, finish: FINISH, ...o });
const desk = (o: Partial<Parameters<typeof insertBooking>[1]> = {}) =>
  insertBooking(t.pool, { siteId, locationId, floorplanId, deskId: 'D1', userId: owner.id, start: START, finish: FINISH, ...o });
/** The entry's content lines, unfolded (RFC 5545 3.1). */
const linesOf = (ics: string) => ics.replace(/\r\n[ \t]/g, '').split('\r\n').filter(Boolean);
const prop = (ics: string, name: string) => linesOf(ics).find((l) => l.startsWith(`${name}:`));

describe('GET /api/bookings/my/{id}.ics', () => {
  it('gives the booker a room booking with the UID, SEQUENCE and text of the entry mailed with it', async () => {
    const id = await room({ description: 'Quarterly planning; budget, roadmap' });
    const res = await get(owner, `/api/bookings/my/${id}.ics`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="hotdesk-booking-${id}.ics"`);
    expect(res.headers['cache-control']).toBe('no-store');
    const sequence = (await t.pool.query<{ ics_sequence: number }>('SELECT ics_sequence FROM bookings WHERE id = $1', [id])).rows[0]!.ics_sequence;
    const mailed = fillIcs(bookingIcsTemplate({
      start: START, finish: FINISH, description: 'Quarterly planning; budget, roadmap', roomName: 'Thames', locationName: 'Floor 1', siteName: 'London HQ',
      timeZone: 'Europe/London', bookerName: 'Olive Owner', bookerEmail: 'owner@example.org', status: 1,
    }, NOW, t.deps.config.mailFrom), id, sequence);
    // Everything but the product name and the method (a file publishes; the mail invites) is the mailed invitation's, line for line.
    const same = (ics: string) => linesOf(ics).filter((l) => !l.startsWith('PRODID:') && !l.startsWith('METHOD:'));
    expect(same(res.body)).toEqual(same(mailed));
    expect(prop(res.body, 'UID')).toBe(`UID:hotdesk-booking-${id}`);
    // On the site's clock with its VTIMEZONE (issue 23); London is on UTC in January.
    expect(prop(res.body, 'DTSTART;TZID=Europe/London')).toBe('DTSTART;TZID=Europe/London:20300107T090000');
    expect(prop(res.body, 'DTEND;TZID=Europe/London')).toBe('DTEND;TZID=Europe/London:20300107T100000');
    expect(res.body.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(res.body.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });

  it('writes a desk booking as a desk, a request waiting for approval as tentative, and folds long lines', async () => {
    const deskId = await desk({ description: 'Ünïcödé '.repeat(20) });
    const deskIcs = (await get(owner, `/api/bookings/my/${deskId}.ics`)).body;
    expect(prop(deskIcs, 'DESCRIPTION')).toBe('DESCRIPTION:Desk booking: Desk D1');
    expect(prop(deskIcs, 'LOCATION')).toBe('LOCATION:Desk D1\\, Floor 1\\, London HQ');
    expect(prop(deskIcs, 'STATUS')).toBe('STATUS:CONFIRMED');
    for (const line of deskIcs.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(prop(deskIcs, 'SUMMARY')).toBe(`SUMMARY:${'Ünïcödé '.repeat(20)}`);

    const requestId = await room({ status: 0, start: minutes(NOW, 180), finish: minutes(NOW, 240) });
    const request = (await get(owner, `/api/bookings/my/${requestId}.ics`)).body;
    expect(prop(request, 'STATUS')).toBe('STATUS:TENTATIVE');
    expect(prop(request, 'DESCRIPTION')).toBe('DESCRIPTION:Room booking: Thames (waiting for approval)');
  });

  it('gives it to the person booked on behalf of (e-mail in any case) and to an Admin', async () => {
    const id = await room({ onBehalfOf: 'guest.person@EXAMPLE.org' });
    expect((await get(guest, `/api/bookings/my/${id}.ics`)).statusCode).toBe(200);
    expect((await get(admin, `/api/bookings/my/${id}.ics`)).statusCode).toBe(200);
  });

  it('answers anyone else as if the booking did not exist (404, the same body)', async () => {
    const id = await room();
    const other = await get(stranger, `/api/bookings/my/${id}.ics`);
    const missing = await get(stranger, `/api/bookings/my/${id + 1000}.ics`);
    expect(other.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(other.json()).toEqual(missing.json());
    expect(other.body).not.toContain('Thames');
  });

  it('refuses a cancelled, rejected or auto-cancelled booking even to its booker (nothing to add)', async () => {
    for (const status of [2, 3, 4]) {
      const id = await room({ status, start: minutes(NOW, status * 300), finish: minutes(NOW, status * 300 + 30) });
      const res = await get(owner, `/api/bookings/my/${id}.ics`);
      expect(res.statusCode, `status ${status}`).toBe(404);
      expect(res.json().Error).toBe('An active booking of yours with this id was not found.');
    }
  });

  it('asks an anonymous caller to sign in (401), and refuses an id that is not one (400)', async () => {
    const id = await room();
    expect((await get(undefined, `/api/bookings/my/${id}.ics`)).statusCode).toBe(401);
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999']) {
      const res = await get(owner, `/api/bookings/my/${bad}.ics`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().Code).toBe('BAD_INPUT');
    }
  });

  it('answers 429 past the per-minute limit, for probes of others\' ids as for the caller\'s own, and only to that person', async () => {
    const id = await room();
    const minute = async () => (await t.pool.query<{ m: Date }>("SELECT date_trunc('minute', now()) AS m")).rows[0]!.m.getTime();
    // The window is the clock's minute: a run that crosses into the next one starts again.
    for (let attempt = 0; ; attempt++) {
      await t.pool.query('DELETE FROM read_limits');
      const before = await minute();
      const probes: number[] = [];
      for (let i = 0; i < CALENDAR_FILE_READS_PER_MINUTE; i++) probes.push((await get(stranger, `/api/bookings/my/${id + 1000 + i}.ics`)).statusCode);
      const refused = await get(stranger, `/api/bookings/my/${id}.ics`);
      if (before !== await minute() && attempt < 2) continue;
      expect(probes.every((s) => s === 404)).toBe(true);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().Code).toBe('TOO_MANY_ATTEMPTS');
      expect(refused.json().Error).toBe('Too many requests. Please wait a minute and try again.');
      break;
    }
    expect((await get(owner, `/api/bookings/my/${id}.ics`)).statusCode).toBe(200);
  });
});
