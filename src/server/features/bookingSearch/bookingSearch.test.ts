import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, type TestUser } from '../../testing/testApp.js';
import { insertLocation, insertPublishedFloorplan, insertSite } from '../../testing/fixtures.js';
import { call } from '../orgAccess/orgTestKit.js';
import { insertBooking, insertRoom } from '../reporting/bookingRowsTestKit.js';

let t: Awaited<ReturnType<typeof buildTestApp>>;
let admin: TestUser, manager: TestUser, reporter: TestUser, staff: TestUser, alice: TestUser, bob: TestUser;
let siteL: number, locL1: number, locL2: number, siteNY: number, locNY: number;
let fpL1: number, fpL2: number, fpNY: number;
const b: Record<string, number> = {};

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t, { roles: ['Admin'] });
  manager = await createUser(t, { roles: ['Booking Manager'] });
  reporter = await createUser(t, { roles: ['Reporting'] });
  staff = await createUser(t, { name: 'Staff Booker' });
  alice = await createUser(t, { name: 'Alice Desk', email: 'alice@example.org' });
  bob = await createUser(t, { name: 'Bob Holder', email: 'Bob@example.org' });
  siteL = await insertSite(t.pool, { title: 'London HQ', timeZone: 'Europe/London' });
  locL1 = await insertLocation(t.pool, siteL, { title: 'Floor 1' });
  locL2 = await insertLocation(t.pool, siteL, { title: 'Floor 2' });
  siteNY = await insertSite(t.pool, { title: 'New York', timeZone: 'America/New_York' });
  locNY = await insertLocation(t.pool, siteNY, { title: 'NY Floor' });
  fpL1 = (await insertPublishedFloorplan(t.pool, locL1, [{ id: 'D1' }, { id: 'D2' }])).floorplanId;
  fpL2 = (await insertPublishedFloorplan(t.pool, locL2, [{ id: 'D1' }])).floorplanId;
  fpNY = (await insertPublishedFloorplan(t.pool, locNY, [{ id: 'D1' }])).floorplanId;
  const L1 = { siteId: siteL, locationId: locL1, floorplanId: fpL1 };
  // June 2030: London is UTC+1, New York UTC-4.
  b.first = await insertBooking(t.pool, { ...L1, deskId: 'D1', userId: alice.id, holder: alice.email, start: '2030-06-10T08:00Z', finish: '2030-06-10T12:00Z' });
  b.lastMinute = await insertBooking(t.pool, { ...L1, deskId: 'D1', userId: alice.id, holder: alice.email, start: '2030-06-11T22:30Z', finish: '2030-06-11T22:59Z' });
  b.nextDay = await insertBooking(t.pool, { ...L1, deskId: 'D2', userId: alice.id, holder: alice.email, start: '2030-06-11T23:00Z', finish: '2030-06-12T01:00Z' });
  b.dayBefore = await insertBooking(t.pool, { ...L1, deskId: 'D2', userId: alice.id, holder: alice.email, start: '2030-06-09T21:00Z', finish: '2030-06-09T23:00Z' });
  b.onBehalf = await insertBooking(t.pool, {
    siteId: siteL, locationId: locL2, floorplanId: fpL2, deskId: 'D1', deskName: 'Window desk', userId: staff.id, holder: bob.email,
    onBehalfOf: bob.email, start: '2030-06-10T09:00Z', finish: '2030-06-10T10:00Z', status: 3,
  });
  b.ny = await insertBooking(t.pool, { siteId: siteNY, locationId: locNY, floorplanId: fpNY, deskId: 'D1', userId: staff.id, start: '2030-06-11T02:00Z', finish: '2030-06-11T03:00Z' });
  b.nyEarly = await insertBooking(t.pool, { siteId: siteNY, locationId: locNY, floorplanId: fpNY, deskId: 'D1', userId: staff.id, start: '2030-06-10T03:00Z', finish: '2030-06-10T03:30Z' });
  const room = await insertRoom(t.pool, locL1, 'Room A');
  b.room = await insertBooking(t.pool, { siteId: siteL, locationId: locL1, roomId: room, userId: alice.id, start: '2030-06-10T10:00Z', finish: '2030-06-10T11:00Z' });
});
afterAll(() => t.dropDatabase());

const search = (body: unknown, who: TestUser | null = manager) => call(t, who ?? undefined, 'POST', '/api/bookings/searchDesks', body);
const idsOf = async (body: unknown) => {
  const res = await search(body);
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  return (res.json() as { Id: number }[]).map((x) => x.Id);
};
const JUNE = { FromDate: '2030-06-10', ToDate: '2030-06-11' };

describe('POST /api/bookings/searchDesks', () => {
  it('finds desk bookings of any status from From 00:00:00 to To 23:59:59 in the server time zone, by start', async () => {
    // 03:00Z on the 10th is 23:00 on the 9th in New York but 04:00 on the 10th in London (the server default).
    expect(await idsOf(JUNE)).toEqual([b.nyEarly, b.first, b.onBehalf, b.ny, b.lastMinute]);
  });

  it('answers bookings as SPEC 3 names their fields', async () => {
    const res = await search({ ...JUNE, LocationId: locL2 });
    expect(res.json()).toEqual([expect.objectContaining({
      Id: b.onBehalf, DeskId: 'D1', DeskName: 'Window desk', RoomId: null, SiteName: 'London HQ', SiteId: siteL, LocationId: locL2,
      FloorplanId: fpL2, Start: '2030-06-10T09:00:00.000Z', Finish: '2030-06-10T10:00:00.000Z', Status: 3,
      BookedByUserId: staff.id, BookedByUserName: 'Staff Booker', OnBehalfOfEmail: 'Bob@example.org',
    })]);
  });

  it('narrows by site, location, floorplan and desk', async () => {
    expect(await idsOf({ ...JUNE, SiteId: siteL })).toEqual([b.first, b.onBehalf, b.lastMinute]);
    expect(await idsOf({ ...JUNE, LocationId: locL1 })).toEqual([b.first, b.lastMinute]);
    expect(await idsOf({ ...JUNE, FloorplanId: fpL1, DeskId: 'D1' })).toEqual([b.first, b.lastMinute]);
    expect(await idsOf({ ...JUNE, DeskId: 'D1' })).toEqual([b.nyEarly, b.first, b.onBehalf, b.ny, b.lastMinute]);
    expect(await idsOf({ ...JUNE, SiteId: siteL, DeskId: 'D2' })).toEqual([]);
  });

  it('narrows by person: the booker or the person booked for', async () => {
    expect(await idsOf({ ...JUNE, UserId: alice.id })).toEqual([b.first, b.lastMinute]);
    expect(await idsOf({ ...JUNE, UserId: bob.id })).toEqual([b.onBehalf]);
    expect(await idsOf({ ...JUNE, UserId: staff.id })).toEqual([b.nyEarly, b.onBehalf, b.ny]);
  });

  it('uses the chosen site\'s time zone for the day boundaries', async () => {
    // New York, 10 June: 04:00Z on the 10th to 04:00Z on the 11th.
    expect(await idsOf({ FromDate: '2030-06-10', ToDate: '2030-06-10', SiteId: siteNY })).toEqual([b.ny]);
    expect(await idsOf({ FromDate: '2030-06-09', ToDate: '2030-06-09', SiteId: siteNY })).toEqual([b.nyEarly]);
    // The location's site counts too.
    expect(await idsOf({ FromDate: '2030-06-10', ToDate: '2030-06-10', LocationId: locNY })).toEqual([b.ny]);
  });

  it('treats 0, null and empty strings as "any", matches keys in any case, and takes a date-time\'s day', async () => {
    expect(await idsOf({ fromdate: '2030-06-10T00:00:00.000Z', TODATE: '2030-06-11T23:59:59.999Z', SiteId: 0, LocationId: '', DeskId: '', UserId: null, FloorplanId: '0' }))
      .toEqual([b.nyEarly, b.first, b.onBehalf, b.ny, b.lastMinute]);
  });

  it('admins may search too', async () => {
    expect((await search(JUNE, admin)).statusCode).toBe(200);
  });
});

describe('POST /api/bookings/searchDesks validation', () => {
  it.each([
    ['a From that is not a date', { FromDate: 'soon', ToDate: '2030-06-11' }, 'FromDate', 'The start date must be a date (YYYY-MM-DD)'],
    ['an impossible date', { FromDate: '2030-02-30', ToDate: '2030-03-01' }, 'FromDate', 'The start date must be a date (YYYY-MM-DD)'],
    ['a To that is not a date', { FromDate: '2030-06-10', ToDate: '11/06/2030' }, 'ToDate', 'The end date must be a date (YYYY-MM-DD)'],
    ['a To before From', { FromDate: '2030-06-10', ToDate: '2030-06-09' }, 'ToDate', 'The end date must be on or after the start date'],
    ['more than 366 days', { FromDate: '2030-01-01', ToDate: '2031-01-03' }, 'ToDate', 'Please search at most 366 days at a time'],
  ])('answers 400 for %s', async (_n, body, field, message) => {
    const res = await search(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ Error: message, Code: 'BAD_INPUT' });
    expect(res.json().Errors[field]).toBe(message);
  });

  it.each([
    ['no From', { ToDate: '2030-06-11' }],
    ['an id that is not a number', { ...JUNE, SiteId: 'London' }],
    ['a negative id', { ...JUNE, UserId: -3 }],
  ])('answers 400 for %s', async (_n, body) => {
    const res = await search(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().Code).toBe('BAD_INPUT');
  });

  it('answers 404 for an unknown site', async () => {
    const res = await search({ ...JUNE, SiteId: 999999 });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ Error: 'The site was not found.', Code: 'NOT_FOUND' });
  });

  it.each([
    ['a Reporting user', () => reporter, 403],
    ['staff', () => staff, 403],
    ['a signed-out caller', () => null, 401],
  ])('refuses %s (%i)', async (_n, who, status) => {
    expect((await search(JUNE, who())).statusCode).toBe(status);
  });
});

describe('bulk cancellation as Manage Desk Bookings does it: search, then one DELETE /api/bookings per booking', () => {
  const cancelEach = (who: TestUser, list: { Id: number }[], reason: string) =>
    Promise.all(list.map((x) => call(t, who, 'DELETE', '/api/bookings', { ...x, CancellationReason: reason, CancelledByAdmin: true })));

  it('a Booking Manager cancels the found bookings with the reason; a repeat is the partial outcome', async () => {
    t.setNow(new Date('2030-09-01T00:00:00Z'));
    const L1 = { siteId: siteL, locationId: locL1, floorplanId: fpL1 };
    const ids = [
      await insertBooking(t.pool, { ...L1, deskId: 'D1', userId: alice.id, holder: alice.email, start: '2030-09-10T08:00Z', finish: '2030-09-10T12:00Z' }),
      await insertBooking(t.pool, { ...L1, deskId: 'D2', userId: bob.id, holder: bob.email, start: '2030-09-10T08:00Z', finish: '2030-09-10T12:00Z' }),
    ];
    const found = (await search({ FromDate: '2030-09-10', ToDate: '2030-09-10', LocationId: locL1 })).json();
    expect(found.map((x: { Id: number }) => x.Id)).toEqual(ids);
    const first = await cancelEach(manager, found.slice(0, 1), 'Office closed for works');
    expect(first.map((r) => r.statusCode)).toEqual([200]);
    // The second round includes the booking already cancelled: one succeeds, one fails ('1 out of 2').
    const second = await cancelEach(manager, found, 'Office closed for works');
    expect(second.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const after = (await search({ FromDate: '2030-09-10', ToDate: '2030-09-10', LocationId: locL1 })).json();
    expect(after.map((x: { Status: number; CancelledByAdmin: boolean; CancellationReason: string }) => [x.Status, x.CancelledByAdmin, x.CancellationReason]))
      .toEqual([[3, true, 'Office closed for works'], [3, true, 'Office closed for works']]);
    t.setNow(undefined as unknown as Date);
  });

  it('a Reporting user cannot cancel (403) and staff cannot cancel others\' bookings (403)', async () => {
    t.setNow(new Date('2030-09-01T00:00:00Z'));
    const id = await insertBooking(t.pool, { siteId: siteL, locationId: locL1, floorplanId: fpL1, deskId: 'D1', userId: alice.id, holder: alice.email, start: '2030-09-11T08:00Z', finish: '2030-09-11T12:00Z' });
    for (const who of [reporter, staff]) {
      expect((await cancelEach(who, [{ Id: id }], 'No'))[0]!.statusCode).toBe(403);
    }
    expect((await t.pool.query('SELECT status FROM bookings WHERE id = $1', [id])).rows[0].status).toBe(1);
    t.setNow(undefined as unknown as Date);
  });
});
