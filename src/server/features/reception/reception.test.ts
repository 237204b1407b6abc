import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, type TestUser } from '../../testing/testApp.js';
import { grant, insertLocation, insertSite, insertTeam } from '../../testing/fixtures.js';
import { insertBooking, minutes } from '../myBookings/bookingTestKit.js';
import { CANCEL_NOT_ALLOWED } from '../cancellation/cancellation.service.js';

const NOW = new Date('2030-01-07T08:00:00Z');
const DAY = { start: '2030-01-07T00:00:00Z', end: '2030-01-08T00:00:00Z' };

let t: Awaited<ReturnType<typeof buildTestApp>>;
let reception: TestUser, teamReception: TestUser, otherSiteAdmin: TestUser, staff: TestUser, admin: TestUser, floorAdmin: TestUser;
let siteId: number, otherSiteId: number, locationId: number, thames: number, severn: number, elsewhere: number;

beforeAll(async () => {
  t = await buildTestApp({ now: NOW });
  reception = await createUser(t, { email: 'reception@example.org' });
  teamReception = await createUser(t);
  otherSiteAdmin = await createUser(t);
  staff = await createUser(t, { name: 'Sofia Staff' });
  admin = await createUser(t, { roles: ['Admin'] });
  floorAdmin = await createUser(t);
  siteId = await insertSite(t.pool, { title: 'London HQ' });
  otherSiteId = await insertSite(t.pool, { title: 'New York' });
  await t.pool.query('UPDATE sites SET room_check_ins = true WHERE id = $1', [siteId]);
  locationId = await insertLocation(t.pool, siteId, { title: 'Floor 1' });
  const otherLocation = await insertLocation(t.pool, otherSiteId);
  const room = async (loc: number, name: string) => (await t.pool.query<{ id: number }>(
    'INSERT INTO rooms (location_id, name, room_type, capacity) VALUES ($1, $2, 0, 6) RETURNING id', [loc, name])).rows[0]!.id;
  thames = await room(locationId, 'Thames');
  severn = await room(locationId, 'Severn');
  elsewhere = await room(otherLocation, 'Hudson');
  await grant(t.pool, { scope: 'site', scopeId: siteId, accessType: 0, userId: reception.id });
  await grant(t.pool, { scope: 'site', scopeId: siteId, accessType: 0, teamId: await insertTeam(t.pool, 'Front desk', [teamReception.id]) });
  await grant(t.pool, { scope: 'site', scopeId: otherSiteId, accessType: 0, userId: otherSiteAdmin.id });
  // Room admins: reception of Severn only (directly); floorAdmin of every room of Floor 1 through a team.
  await grant(t.pool, { scope: 'room', scopeId: severn, accessType: 1, userId: reception.id });
  await grant(t.pool, { scope: 'site', scopeId: siteId, accessType: 0, userId: floorAdmin.id });
  await grant(t.pool, { scope: 'location', scopeId: locationId, accessType: 1, teamId: await insertTeam(t.pool, 'Floor 1 admins', [floorAdmin.id]) });
});
afterAll(() => t.dropDatabase());
beforeEach(() => t.pool.query('DELETE FROM bookings'));

const calendar = (who: TestUser | undefined, site = siteId, q = DAY) =>
  t.app.inject({ method: 'GET', url: `/api/bookings/site/${site}?start=${q.start}&end=${q.end}`, headers: who ? { cookie: who.cookie } : {} });

describe('GET /api/bookings/site/{siteId} (Reception View)', () => {
  it("gives the site's rooms and the day's room bookings with check-in state", async () => {
    const a = await insertBooking(t.pool, { siteId, locationId, roomId: thames, userId: staff.id, start: minutes(NOW, 60), finish: minutes(NOW, 120),
      checkedInAt: minutes(NOW, 55), checkedInByName: 'Sofia Staff', onBehalfOf: 'guest@example.org' });
    const b = await insertBooking(t.pool, { siteId, locationId, roomId: severn, userId: staff.id, start: minutes(NOW, 180), finish: minutes(NOW, 240), status: 0 });
    const c = await insertBooking(t.pool, { siteId, locationId, roomId: severn, userId: staff.id, start: minutes(NOW, -60), finish: minutes(NOW, 0), status: 4 });
    await insertBooking(t.pool, { siteId, locationId, roomId: thames, userId: staff.id, start: minutes(NOW, 300), finish: minutes(NOW, 330), status: 3 });
    await insertBooking(t.pool, { siteId, locationId, roomId: thames, userId: staff.id, start: minutes(NOW, 24 * 60 + 60), finish: minutes(NOW, 24 * 60 + 90) });
    const res = await calendar(reception);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ SiteId: siteId, SiteName: 'London HQ', TimeZone: 'Europe/London' });
    expect(body.Rooms.map((r: any) => [r.Name, r.LocationName, r.RoomCheckIns])).toEqual([['Severn', 'Floor 1', true], ['Thames', 'Floor 1', true]]);
    expect(body.Bookings.map((x: any) => x.Id)).toEqual([c, a, b]);
    expect(body.Bookings[1]).toMatchObject({ RoomId: thames, CheckedIn: true, CheckedInByUserName: 'Sofia Staff', BookedByUserName: 'Sofia Staff', OnBehalfOfEmail: 'guest@example.org' });
    expect(body.Bookings[2]).toMatchObject({ Status: 0, CheckedIn: false });
    expect(body.Bookings[0].Status).toBe(4);
  });

  it('site-level admins through a team and admins may look; other sites’ admins and staff may not', async () => {
    expect((await calendar(teamReception)).statusCode).toBe(200);
    expect((await calendar(admin)).statusCode).toBe(200);
    const other = await calendar(otherSiteAdmin);
    expect(other.statusCode).toBe(403);
    expect(other.json().Error).toBe('Only the site-level admins of this site can see its calendar.');
    expect((await calendar(reception, otherSiteId)).statusCode).toBe(403);
    expect((await calendar(otherSiteAdmin, otherSiteId)).json().Rooms.map((r: any) => r.Id)).toEqual([elsewhere]);
    expect((await calendar(staff)).statusCode).toBe(403);
    expect((await calendar(undefined)).statusCode).toBe(401);
    expect((await calendar(admin, 999999)).statusCode).toBe(404);
  });

  it('refuses a backwards or too long range', async () => {
    expect((await calendar(reception, siteId, { start: DAY.end, end: DAY.start })).statusCode).toBe(400);
    expect((await calendar(reception, siteId, { start: DAY.start, end: '2030-04-01T00:00:00Z' })).statusCode).toBe(400);
  });
});

describe('IsRoomAdmin per room: where the Reception View may offer "Cancel booking"', () => {
  const roomAdminFlags = async (who: TestUser) =>
    Object.fromEntries((await calendar(who)).json().Rooms.map((r: any) => [r.Name, r.IsRoomAdmin]));

  it('is true only for rooms the caller is a room admin of (via the room or its location, directly or via a team)', async () => {
    expect(await roomAdminFlags(reception)).toEqual({ Severn: true, Thames: false });
    expect(await roomAdminFlags(floorAdmin)).toEqual({ Severn: true, Thames: true });
    // Site-level admin alone is not room admin; Admins are not listed either (they may cancel by role).
    expect(await roomAdminFlags(teamReception)).toEqual({ Severn: false, Thames: false });
    expect(await roomAdminFlags(admin)).toEqual({ Severn: false, Thames: false });
  });

  it('agrees with DELETE /api/bookings: a site-level admin is refused (403) where not room admin, allowed where room admin', async () => {
    const inThames = await insertBooking(t.pool, { siteId, locationId, roomId: thames, userId: staff.id, start: minutes(NOW, 60), finish: minutes(NOW, 120) });
    const inSevern = await insertBooking(t.pool, { siteId, locationId, roomId: severn, userId: staff.id, start: minutes(NOW, 60), finish: minutes(NOW, 120) });
    const cancel = (who: TestUser, id: number) => t.app.inject({
      method: 'DELETE', url: '/api/bookings', headers: { cookie: who.cookie }, payload: { Id: id, CancelledByAdmin: true, CancellationReason: 'Room needed for an inspection' },
    });
    for (const who of [reception, teamReception]) {
      const refused = await cancel(who, inThames);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().Error).toBe(CANCEL_NOT_ALLOWED);
    }
    expect((await cancel(teamReception, inSevern)).statusCode).toBe(403);
    const ok = await cancel(reception, inSevern);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ Status: 3, CancelledByAdmin: true, CancellationReason: 'Room needed for an inspection' });
    // The cancelled booking leaves the calendar; the Thames one stays.
    expect((await calendar(reception)).json().Bookings.map((b: any) => b.Id)).toEqual([inThames]);
  });
});
