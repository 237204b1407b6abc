import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, type TestUser } from '../../testing/testApp.js';
import { insertLocation, insertPublishedFloorplan, insertSite } from '../../testing/fixtures.js';
import { insertBooking, minutes } from '../myBookings/bookingTestKit.js';
import { CHECK_IN_LIMITS, TOO_MANY_CHECK_INS, TOO_MANY_READS } from './checkInLimiter.js';
import { ALREADY_CHECKED_IN, CHECKED_IN, EMAIL_NEEDED, NOT_THIS_MEETINGS_EMAIL, NOT_YOUR_MEETING } from './checkIn.service.js';

const NOW = new Date('2030-01-07T08:00:00Z');
const START = minutes(NOW, 60); // the meeting: 09:00-10:00 London

let t: Awaited<ReturnType<typeof buildTestApp>>;
let owner: TestUser, colleague: TestUser, visitor: TestUser, roomAdmin: TestUser, siteAdmin: TestUser, admin: TestUser;
let siteId: number, locationId: number, roomId: number, floorplanId: number;

beforeAll(async () => {
  t = await buildTestApp({ now: NOW });
  owner = await createUser(t, { email: 'owner@example.org', name: 'Olive Owner' });
  colleague = await createUser(t, { email: 'colleague@example.org', name: 'Cole League' });
  visitor = await createUser(t, { email: 'Visitor@Example.org', name: 'Vi Sitor' }); // the on-behalf person, e-mail in another case
  roomAdmin = await createUser(t, { email: 'roomadmin@example.org', name: 'Rhoda Admin' });
  siteAdmin = await createUser(t, { email: 'reception@example.org', name: 'Rece Ption' });
  admin = await createUser(t, { email: 'admin@example.org', name: 'Ada Admin', roles: ['Admin'] });
  siteId = await insertSite(t.pool, { title: 'London HQ' });
  locationId = await insertLocation(t.pool, siteId, { title: 'Floor 1' });
  await t.pool.query('UPDATE sites SET room_check_ins = true WHERE id = $1', [siteId]);
  roomId = (await t.pool.query<{ id: number }>(
    "INSERT INTO rooms (location_id, name, room_type, capacity, equipment, notes) VALUES ($1, 'Thames', 0, 8, 'Screen', 'By the lifts') RETURNING id",
    [locationId])).rows[0]!.id;
  ({ floorplanId } = await insertPublishedFloorplan(t.pool, locationId, [{ id: 'D1' }]));
  await t.pool.query("INSERT INTO access_grants (scope, scope_id, access_type, user_id) VALUES ('room', $1, 1, $2), ('site', $3, 0, $4)",
    [roomId, roomAdmin.id, siteId, siteAdmin.id]);
});
afterAll(() => t.dropDatabase());
beforeEach(async () => {
  t.setNow(NOW);
  await t.pool.query('DELETE FROM bookings');
  await t.pool.query('DELETE FROM check_in_attempts');
});

const meeting = (o: { start?: Date; status?: number; onBehalfOf?: string; description?: string } = {}) => insertBooking(t.pool, {
  siteId, locationId, roomId, userId: owner.id, start: o.start ?? START, finish: minutes(o.start ?? START, 60),
  status: o.status, onBehalfOf: o.onBehalfOf ?? 'visitor@example.org', description: o.description ?? 'Quarterly review',
});
const checkIn = (who: TestUser | undefined, id: number, body?: Record<string, unknown>) => t.app.inject({
  method: 'POST', url: `/api/bookings/check-in/${id}`, headers: who ? { cookie: who.cookie } : {}, ...(body ? { payload: body } : {}),
});
const info = (who: TestUser | undefined, path = `/api/bookings/check-in/${siteId}/${locationId}/${roomId}`) =>
  t.app.inject({ method: 'GET', url: path, headers: who ? { cookie: who.cookie } : {} });
const row = async (id: number) => (await t.pool.query(
  'SELECT checked_in_by_user_id, checked_in_by_name, checked_in_at FROM bookings WHERE id = $1', [id])).rows[0];

/** What everyone may see of a meeting on the check-in page: times, status and check-in state (issue 18). */
const PUBLIC_KEYS = ['BookedByUserName', 'CanCheckIn', 'CheckInCloses', 'CheckInOpens', 'CheckedIn', 'CheckedInAt', 'CheckedInByUserName',
  'Description', 'Finish', 'Id', 'IsYours', 'Start', 'Status'];

describe('GET /api/bookings/check-in/{siteId}/{locationId}/{roomId}', () => {
  it('signed out: the room, the previous and the upcoming meeting with times and status only: no description, reason, e-mail or name', async () => {
    const previous = await meeting({ start: minutes(NOW, -120), description: 'Confidential: disciplinary hearing', status: 4 });
    await t.pool.query("UPDATE bookings SET cancellation_reason = 'Secret reason' WHERE id = $1", [previous]);
    const upcoming = await meeting();
    await meeting({ start: minutes(NOW, 240) }); // later: not "upcoming"
    const res = await info(undefined);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.RoomDetails).toMatchObject({
      Id: roomId, Name: 'Thames', Capacity: 8, Equipment: 'Screen', Notes: 'By the lifts', SiteName: 'London HQ', LocationName: 'Floor 1',
      RoomCheckIns: true, TimeZone: 'Europe/London',
    });
    expect(body.UpcomingMeeting).toEqual({
      Id: upcoming, Start: START.toISOString(), Finish: minutes(START, 60).toISOString(), Status: 1, Description: '',
      BookedByUserName: null, CheckedIn: false, CheckedInAt: null, CheckedInByUserName: null, CanCheckIn: false, IsYours: false,
      CheckInOpens: minutes(START, -15).toISOString(), CheckInCloses: minutes(START, 15).toISOString(),
    });
    expect(Object.keys(body.PreviousMeeting).sort()).toEqual(PUBLIC_KEYS);
    expect(body.PreviousMeeting).toMatchObject({ Id: previous, Status: 4, Description: '' });
    expect(body.Now).toBe(NOW.toISOString());
    for (const secret of ['@', 'Olive', 'Quarterly', 'Confidential', 'Secret reason', 'CancellationReason', 'OnBehalfOfEmail']) {
      expect(res.body).not.toContain(secret);
    }
  });

  it('signed in with nothing to do with the meeting: the same as signed out', async () => {
    await meeting();
    for (const who of [colleague, undefined]) {
      const res = await info(who);
      expect(res.json().UpcomingMeeting).toMatchObject({ Description: '', BookedByUserName: null, IsYours: false });
      for (const secret of ['@', 'Olive', 'Quarterly']) expect(res.body).not.toContain(secret);
    }
  });

  it("the meeting's people and its room's admins see what it is and who booked it, never an e-mail nor a cancellation reason", async () => {
    await meeting();
    for (const who of [owner, visitor, roomAdmin, siteAdmin, admin]) {
      const res = await info(who);
      expect(res.json().UpcomingMeeting).toMatchObject({ Description: 'Quarterly review', BookedByUserName: 'Olive Owner', IsYours: true });
      expect(Object.keys(res.json().UpcomingMeeting).sort()).toEqual(PUBLIC_KEYS);
      expect(res.body).not.toContain('@');
    }
  });

  it('shows descriptions to everyone only in a room whose admins allow it; never in a clinical room', async () => {
    await meeting();
    await t.pool.query('UPDATE rooms SET check_in_shows_descriptions = true WHERE id = $1', [roomId]);
    try {
      for (const who of [undefined, colleague]) {
        const res = await info(who);
        expect(res.json().UpcomingMeeting).toMatchObject({ Description: 'Quarterly review', BookedByUserName: null });
        expect(res.body).not.toContain('Olive');
      }
    } finally {
      await t.pool.query('UPDATE rooms SET check_in_shows_descriptions = false WHERE id = $1', [roomId]);
    }
    const clinical = (await t.pool.query<{ id: number }>(
      "INSERT INTO rooms (location_id, name, room_type, capacity) VALUES ($1, 'Clinic 1', 1, 2) RETURNING id", [locationId])).rows[0]!.id;
    await insertBooking(t.pool, { siteId, locationId, roomId: clinical, userId: owner.id, start: START, finish: minutes(START, 30), description: 'Patient A' });
    const res = await info(undefined, `/api/bookings/check-in/${siteId}/${locationId}/${clinical}`);
    expect(res.json().UpcomingMeeting.Description).toBe('');
    await expect(t.pool.query('UPDATE rooms SET check_in_shows_descriptions = true WHERE id = $1', [clinical])).rejects.toThrow();
  });

  it('a meeting stays "upcoming" until its check-in window closes', async () => {
    const id = await meeting();
    t.setNow(minutes(START, 15));
    expect((await info(undefined)).json().UpcomingMeeting).toMatchObject({ Id: id, CanCheckIn: true });
    t.setNow(minutes(START, 16));
    const later = (await info(undefined)).json();
    expect(later.UpcomingMeeting).toBeNull();
    expect(later.PreviousMeeting.Id).toBe(id);
  });

  it('ids that do not name one live room are 404', async () => {
    expect((await info(undefined, `/api/bookings/check-in/${siteId + 100}/${locationId}/${roomId}`)).statusCode).toBe(404);
    expect((await info(undefined, `/api/bookings/check-in/${siteId}/${locationId + 100}/${roomId}`)).statusCode).toBe(404);
    expect((await info(undefined, `/api/bookings/check-in/${siteId}/${locationId}/999999`)).statusCode).toBe(404);
  });

  it('GET /api/rooms/{id}/check-in-info answers the same', async () => {
    const id = await meeting();
    const res = await info(undefined, `/api/rooms/${roomId}/check-in-info`);
    expect(res.statusCode).toBe(200);
    expect(res.json().UpcomingMeeting.Id).toBe(id);
    expect(res.body).not.toContain('@');
  });
});

describe('POST /api/bookings/check-in/{bookingId}', () => {
  it('signed in: records the person, at exactly 15 minutes before the start', async () => {
    const id = await meeting();
    t.setNow(minutes(START, -15));
    const res = await checkIn(roomAdmin, id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ AlreadyCheckedIn: false, Message: CHECKED_IN, Booking: { Id: id, CheckedIn: true, CheckedInByUserName: 'Rhoda Admin' } });
    expect(await row(id)).toMatchObject({ checked_in_by_user_id: roomAdmin.id, checked_in_by_name: 'Rhoda Admin', checked_in_at: minutes(START, -15) });
  });

  it("signed in: only the meeting's people and its room's admins; anyone else is refused and nothing is recorded", async () => {
    t.setNow(START);
    const refused = await checkIn(colleague, await meeting());
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ Error: NOT_YOUR_MEETING, Code: 'FORBIDDEN' });
    expect((await t.pool.query('SELECT count(*)::int AS n FROM bookings WHERE checked_in_at IS NOT NULL')).rows[0].n).toBe(0);
    for (const who of [owner, visitor, roomAdmin, siteAdmin, admin]) {
      await t.pool.query('DELETE FROM bookings');
      const id = await meeting();
      const res = await checkIn(who, id);
      expect(res.statusCode).toBe(200);
      expect((await row(id)).checked_in_by_user_id).toBe(who.id);
    }
    // a room admin of another room is not an admin of this one
    const otherRoom = (await t.pool.query<{ id: number }>(
      "INSERT INTO rooms (location_id, name, room_type, capacity) VALUES ($1, 'Severn', 0, 4) RETURNING id", [locationId])).rows[0]!.id;
    const elsewhere = await insertBooking(t.pool, { siteId, locationId, roomId: otherRoom, userId: owner.id, start: START, finish: minutes(START, 30) });
    expect((await checkIn(roomAdmin, elsewhere)).statusCode).toBe(403);
  });

  it("signed out: only the booker's or the on-behalf person's e-mail (any case); any other gets one refusal that names nobody", async () => {
    t.setNow(START);
    const id = await meeting();
    const desk = await insertBooking(t.pool, { siteId, locationId, floorplanId, deskId: 'D1', userId: owner.id, start: START, finish: minutes(START, 60) });
    const refusals = await Promise.all([
      checkIn(undefined, id, { Email: 'made.up@example.org' }), // a made-up address
      checkIn(undefined, id, { Email: colleague.email }), // a real person, not this meeting's
      checkIn(undefined, 999999, { Email: owner.email }), // no such booking
      checkIn(undefined, desk, { Email: owner.email }), // not a room booking
    ]);
    for (const r of refusals) {
      expect(r.statusCode).toBe(403);
      expect(r.json()).toEqual({ Error: NOT_THIS_MEETINGS_EMAIL, Code: 'FORBIDDEN', Errors: { Email: NOT_THIS_MEETINGS_EMAIL } });
    }
    expect(NOT_THIS_MEETINGS_EMAIL).not.toMatch(/olive|owner|visitor/i);
    expect((await row(id)).checked_in_at).toBeNull();
    const res = await checkIn(undefined, id, { Email: ' OWNER@example.ORG ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ AlreadyCheckedIn: false, Booking: { Id: id, CheckedIn: true, Description: '', BookedByUserName: null } });
    expect(res.body).not.toContain('@');
    expect(res.body).not.toContain('Quarterly');
    expect(await row(id)).toMatchObject({ checked_in_by_user_id: null, checked_in_by_name: 'OWNER@example.ORG' });
  });

  it('signed out: needs a valid e-mail, which is recorded as CheckedInByUserName; exactly 15 minutes after the start still counts', async () => {
    const id = await meeting();
    t.setNow(minutes(START, 15));
    for (const body of [undefined, {}, { Email: '' }, { Email: 'not-an-email' }]) {
      const bad = await checkIn(undefined, id, body);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ Error: EMAIL_NEEDED, Errors: { Email: EMAIL_NEEDED } });
    }
    const res = await checkIn(undefined, id, { email: ' Visitor@Example.org ' });
    expect(res.statusCode).toBe(200);
    expect(res.json().Booking.CheckedIn).toBe(true);
    expect(res.body).not.toContain('@'); // the answer to an anonymous caller names nobody
    expect(await row(id)).toMatchObject({ checked_in_by_user_id: null, checked_in_by_name: 'Visitor@Example.org' });
  });

  it('outside the window it refuses with a clear message, on both sides', async () => {
    const id = await meeting();
    t.setNow(new Date(minutes(START, -15).getTime() - 1));
    const early = await checkIn(owner, id);
    expect(early.statusCode).toBe(409);
    expect(early.json().Error).toBe('Check-in opens at 08:45 on Mon 7 Jan, 15 minutes before the meeting starts.');
    t.setNow(new Date(minutes(START, 15).getTime() + 1));
    const late = await checkIn(undefined, id, { Email: 'visitor@example.org' });
    expect(late.statusCode).toBe(409);
    expect(late.json().Error).toBe('Check-in closed at 09:15 on Mon 7 Jan, 15 minutes after the meeting started.');
    expect((await row(id)).checked_in_at).toBeNull();
  });

  it('a second check-in changes nothing and says it is already checked in', async () => {
    const id = await meeting();
    t.setNow(minutes(START, -5));
    expect((await checkIn(owner, id)).json().AlreadyCheckedIn).toBe(false);
    t.setNow(minutes(START, 5));
    const again = await checkIn(undefined, id, { Email: 'visitor@example.org' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ AlreadyCheckedIn: true, Message: ALREADY_CHECKED_IN });
    expect(await row(id)).toMatchObject({ checked_in_by_user_id: owner.id, checked_in_at: minutes(START, -5) });
    const both = await Promise.all([checkIn(visitor, id), checkIn(owner, id)]);
    expect(both.map((r) => r.json().AlreadyCheckedIn)).toEqual([true, true]);
  });

  it('two first check-ins at once: one records, the other is told it is already checked in', async () => {
    const id = await meeting();
    t.setNow(START);
    const [a, b] = await Promise.all([checkIn(owner, id), checkIn(visitor, id)]);
    expect([a.json().AlreadyCheckedIn, b.json().AlreadyCheckedIn].sort()).toEqual([false, true]);
  });

  it('only Approved room bookings: Pending, cancelled and desk bookings are refused', async () => {
    const pending = await meeting({ status: 0 });
    const res = await checkIn(owner, pending);
    expect(res.statusCode).toBe(409);
    expect(res.json().Error).toBe('Only approved bookings can be checked in. This booking is Pending.');
    const cancelled = await meeting({ status: 3, start: minutes(NOW, 30) });
    expect((await checkIn(owner, cancelled)).json().Error).toBe('Only approved bookings can be checked in. This booking is Cancelled.');
    const desk = await insertBooking(t.pool, { siteId, locationId, floorplanId, deskId: 'D1', userId: owner.id, start: START, finish: minutes(START, 60) });
    expect((await checkIn(owner, desk)).json().Error).toBe('Only room bookings can be checked in.');
    expect((await checkIn(owner, 999999)).statusCode).toBe(404);
  });

  it(`rate-limits anonymous attempts per address (${CHECK_IN_LIMITS.perAddress} in ${CHECK_IN_LIMITS.windowMinutes} minutes), not signed-in ones`, async () => {
    const id = await meeting({ start: minutes(NOW, 600) }); // outside its window: every attempt is refused, and counted
    for (let i = 0; i < CHECK_IN_LIMITS.perAddress; i++) {
      expect((await checkIn(undefined, id, { Email: i % 2 ? `v${i}@example.org` : 'visitor@example.org' })).statusCode).toBe(i % 2 ? 403 : 409);
    }
    const limited = await checkIn(undefined, id, { Email: 'visitor@example.org' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().Error).toBe(TOO_MANY_CHECK_INS);
    expect((await checkIn(undefined, id, {})).statusCode).toBe(429); // even before the e-mail is looked at
    expect((await checkIn(owner, id)).statusCode).toBe(409); // signed-in people are not limited
    // the window passing ends the refusal
    await t.pool.query("UPDATE check_in_attempts SET attempted_at = now() - interval '11 minutes'");
    expect((await checkIn(undefined, id, { Email: 'visitor@example.org' })).statusCode).toBe(409);
  });

});

describe('anonymous reads of the check-in page are rate-limited per address (issue 18)', () => {
  it(`${CHECK_IN_LIMITS.readsPerAddress} reads in ${CHECK_IN_LIMITS.windowMinutes} minutes, found or not, over both paths; then 429 until the window passes`, async () => {
    const paths = [`/api/bookings/check-in/${siteId}/${locationId}/${roomId}`, `/api/rooms/${roomId}/check-in-info`, `/api/rooms/999999/check-in-info`];
    for (let i = 0; i < CHECK_IN_LIMITS.readsPerAddress; i++) {
      expect((await info(undefined, paths[i % 3])).statusCode).toBe(i % 3 === 2 ? 404 : 200);
    }
    for (const path of paths) {
      const limited = await info(undefined, path);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({ Error: TOO_MANY_READS, Code: 'TOO_MANY_ATTEMPTS' });
    }
    expect((await info(colleague)).statusCode).toBe(200); // signed-in people are not limited
    // another address is counted on its own
    expect((await t.app.inject({ method: 'GET', url: paths[0]!, remoteAddress: '10.9.8.7' })).statusCode).toBe(200);
    // reads do not use up check-in attempts
    t.setNow(START);
    expect((await checkIn(undefined, await meeting(), { Email: owner.email })).statusCode).toBe(200);
    await t.pool.query("UPDATE check_in_attempts SET attempted_at = now() - interval '11 minutes'");
    expect((await info(undefined)).statusCode).toBe(200);
  });
});
