import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, type TestUser } from '../../testing/testApp.js';
import { insertLocation, insertPublishedFloorplan, insertSite } from '../../testing/fixtures.js';
import { insertBooking, minutes } from '../myBookings/bookingTestKit.js';
import { CHECK_IN_LIMITS, TOO_MANY_CHECK_INS } from './checkInLimiter.js';
import { ALREADY_CHECKED_IN, CHECKED_IN, EMAIL_NEEDED } from './checkIn.service.js';

const NOW = new Date('2030-01-07T08:00:00Z');
const START = minutes(NOW, 60); // the meeting: 09:00-10:00 London

let t: Awaited<ReturnType<typeof buildTestApp>>;
let owner: TestUser, colleague: TestUser;
let siteId: number, locationId: number, roomId: number, floorplanId: number;

beforeAll(async () => {
  t = await buildTestApp({ now: NOW });
  owner = await createUser(t, { email: 'owner@example.org', name: 'Olive Owner' });
  colleague = await createUser(t, { email: 'colleague@example.org', name: 'Cole League' });
  siteId = await insertSite(t.pool, { title: 'London HQ' });
  locationId = await insertLocation(t.pool, siteId, { title: 'Floor 1' });
  await t.pool.query('UPDATE sites SET room_check_ins = true WHERE id = $1', [siteId]);
  roomId = (await t.pool.query<{ id: number }>(
    "INSERT INTO rooms (location_id, name, room_type, capacity, equipment, notes) VALUES ($1, 'Thames', 0, 8, 'Screen', 'By the lifts') RETURNING id",
    [locationId])).rows[0]!.id;
  ({ floorplanId } = await insertPublishedFloorplan(t.pool, locationId, [{ id: 'D1' }]));
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

describe('GET /api/bookings/check-in/{siteId}/{locationId}/{roomId}', () => {
  it('shows the room, the previous and the upcoming meeting; signed out it carries no e-mail and no name', async () => {
    const previous = await meeting({ start: minutes(NOW, -120), description: 'Stand-up' });
    const upcoming = await meeting();
    await meeting({ start: minutes(NOW, 240) }); // later: not "upcoming"
    const res = await info(undefined);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.RoomDetails).toMatchObject({
      Id: roomId, Name: 'Thames', Capacity: 8, Equipment: 'Screen', Notes: 'By the lifts', SiteName: 'London HQ', LocationName: 'Floor 1',
      RoomCheckIns: true, TimeZone: 'Europe/London',
    });
    expect(body.UpcomingMeeting).toMatchObject({ Id: upcoming, Description: 'Quarterly review', CheckedIn: false, CanCheckIn: false,
      CheckInOpens: minutes(START, -15).toISOString(), CheckInCloses: minutes(START, 15).toISOString() });
    expect(body.PreviousMeeting).toMatchObject({ Id: previous, Description: 'Stand-up' });
    expect(body.Now).toBe(NOW.toISOString());
    expect(res.body).not.toContain('@');
    expect(res.body).not.toContain('Olive');
    expect(body.UpcomingMeeting.BookedByUserId).toBe(0);
  });

  it('signed in, the meetings carry their people', async () => {
    await meeting();
    const body = (await info(colleague)).json();
    expect(body.UpcomingMeeting).toMatchObject({ BookedByUserName: 'Olive Owner', OnBehalfOfEmail: 'visitor@example.org' });
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
    const res = await checkIn(colleague, id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ AlreadyCheckedIn: false, Message: CHECKED_IN, Booking: { Id: id, CheckedIn: true, CheckedInByUserName: 'Cole League' } });
    expect(await row(id)).toMatchObject({ checked_in_by_user_id: colleague.id, checked_in_by_name: 'Cole League', checked_in_at: minutes(START, -15) });
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
    const late = await checkIn(undefined, id, { Email: 'v@example.org' });
    expect(late.statusCode).toBe(409);
    expect(late.json().Error).toBe('Check-in closed at 09:15 on Mon 7 Jan, 15 minutes after the meeting started.');
    expect((await row(id)).checked_in_at).toBeNull();
  });

  it('a second check-in changes nothing and says it is already checked in', async () => {
    const id = await meeting();
    t.setNow(minutes(START, -5));
    expect((await checkIn(owner, id)).json().AlreadyCheckedIn).toBe(false);
    t.setNow(minutes(START, 5));
    const again = await checkIn(undefined, id, { Email: 'late@example.org' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ AlreadyCheckedIn: true, Message: ALREADY_CHECKED_IN });
    expect(await row(id)).toMatchObject({ checked_in_by_user_id: owner.id, checked_in_at: minutes(START, -5) });
    const both = await Promise.all([checkIn(colleague, id), checkIn(owner, id)]);
    expect(both.map((r) => r.json().AlreadyCheckedIn)).toEqual([true, true]);
  });

  it('two first check-ins at once: one records, the other is told it is already checked in', async () => {
    const id = await meeting();
    t.setNow(START);
    const [a, b] = await Promise.all([checkIn(owner, id), checkIn(colleague, id)]);
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
      expect((await checkIn(undefined, id, { Email: `v${i}@example.org` })).statusCode).toBe(409);
    }
    const limited = await checkIn(undefined, id, { Email: 'v@example.org' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().Error).toBe(TOO_MANY_CHECK_INS);
    expect((await checkIn(undefined, id, {})).statusCode).toBe(429); // even before the e-mail is looked at
    expect((await checkIn(owner, id)).statusCode).toBe(409); // signed-in people are not limited
    // the window passing ends the refusal
    await t.pool.query("UPDATE check_in_attempts SET attempted_at = now() - interval '11 minutes'");
    expect((await checkIn(undefined, id, { Email: 'v@example.org' })).statusCode).toBe(409);
  });
});
