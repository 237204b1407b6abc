import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, type TestUser } from '../../testing/testApp.js';
import { awayFromMinuteEnd } from '../../testing/minuteWindow.js';
import { insertLocation, insertPublishedFloorplan, insertSite } from '../../testing/fixtures.js';
import { insertBooking, minutes } from '../myBookings/bookingTestKit.js';

// Europe/London is on UTC in January, so the site's clock reads the same as these instants.
const START = new Date('2030-01-07T09:00:00Z');

let t: Awaited<ReturnType<typeof buildTestApp>>;
let owner: TestUser, other: TestUser, admin: TestUser;
let siteId: number, locationId: number, floorplanId: number;

beforeAll(async () => {
  t = await buildTestApp({ now: START });
  owner = await createUser(t, { email: 'owner@example.org', name: 'Olive Owner' });
  other = await createUser(t, { email: 'other@example.org', name: 'Oscar Other' });
  admin = await createUser(t, { email: 'admin@example.org', roles: ['Admin'] });
  siteId = await insertSite(t.pool, { title: 'London HQ' });
  await t.pool.query('UPDATE sites SET desk_check_ins = true WHERE id = $1', [siteId]);
  locationId = await insertLocation(t.pool, siteId, { title: 'Floor 2' });
  ({ floorplanId } = await insertPublishedFloorplan(t.pool, locationId, [{ id: 'd1', alias: 'Desk 1' }, { id: 'd2', alias: 'Desk 2' }, { id: 'd3', alias: 'Desk 3', bookable: false }]));
});
afterAll(() => t.dropDatabase());
beforeEach(async () => {
  t.setNow(START);
  await t.pool.query('DELETE FROM bookings');
  await t.pool.query('DELETE FROM read_limits');
  await t.pool.query("UPDATE global_settings SET names_on_map = 'teammates'");
});

const deskBooking = (o: { desk?: string; user?: TestUser; start?: Date; finish?: Date; onBehalfOf?: string } = {}) => insertBooking(t.pool, {
  siteId, locationId, floorplanId, deskId: o.desk ?? 'd1', userId: (o.user ?? owner).id, start: o.start ?? START,
  finish: o.finish ?? minutes(o.start ?? START, 8 * 60), onBehalfOf: o.onBehalfOf, description: '',
});
const call = (method: 'GET' | 'POST' | 'PUT', url: string, who?: TestUser, payload?: unknown) =>
  t.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload !== undefined ? { payload: payload as object } : {}) });
const state = (who: TestUser, desk = 'd1') => call('GET', `/api/desk-check-in/${floorplanId}/${desk}`, who);
const checkIn = (who: TestUser | undefined, desk = 'd1') => call('POST', `/api/desk-check-in/${floorplanId}/${desk}`, who);
const bookNow = (who: TestUser, desk = 'd2') => call('POST', `/api/desk-check-in/${floorplanId}/${desk}/book-now`, who);
const checkedInAt = async (id: number) => (await t.pool.query('SELECT checked_in_at FROM bookings WHERE id = $1', [id])).rows[0].checked_in_at;

describe('checking in at a desk', () => {
  it('opens 15 minutes before the start and closes 30 minutes after it, both edges included (the default window)', async () => {
    const id = await deskBooking();
    t.setNow(new Date(minutes(START, -15).getTime() - 1));
    const early = await checkIn(owner);
    expect(early.statusCode).toBe(409);
    expect(early.json().Error).toBe('Check-in opens at 08:45 on Mon 7 Jan, 15 minutes before your booking starts.');
    t.setNow(minutes(START, -15));
    expect((await checkIn(owner)).json()).toMatchObject({ Message: "You're checked in.", AlreadyCheckedIn: false, Booking: { Id: id, CheckedIn: true } });
    expect(await checkedInAt(id)).toEqual(minutes(START, -15));
    // A second scan changes nothing and says so.
    expect((await checkIn(owner)).json()).toMatchObject({ AlreadyCheckedIn: true, Message: 'This booking is already checked in.' });
  });

  it('accepts start + 30:00 exactly and refuses a millisecond later, naming the window on the site clock', async () => {
    const id = await deskBooking();
    t.setNow(minutes(START, 30));
    expect((await checkIn(owner)).statusCode).toBe(200);
    await t.pool.query('UPDATE bookings SET checked_in_at = NULL WHERE id = $1', [id]);
    t.setNow(new Date(minutes(START, 30).getTime() + 1));
    const late = await checkIn(owner);
    expect(late.statusCode).toBe(409);
    expect(late.json().Error).toBe('Check-in closed at 09:30 on Mon 7 Jan, 30 minutes after your booking started.');
    expect(await checkedInAt(id)).toBeNull();
  });

  it('follows a location override of the window', async () => {
    await t.pool.query('UPDATE locations SET desk_check_in_before_minutes = 5, desk_check_in_after_minutes = 15 WHERE id = $1', [locationId]);
    try {
      await deskBooking();
      t.setNow(minutes(START, -10));
      expect((await checkIn(owner)).json().Error).toContain('5 minutes before');
      t.setNow(minutes(START, 16));
      expect((await checkIn(owner)).json().Error).toContain('15 minutes after');
      t.setNow(minutes(START, 15));
      expect((await checkIn(owner)).statusCode).toBe(200);
    } finally {
      await t.pool.query('UPDATE locations SET desk_check_in_before_minutes = NULL, desk_check_in_after_minutes = NULL WHERE id = $1', [locationId]);
    }
  });

  it("lets the person booked for check in, but nobody checks in for someone else (not even an admin)", async () => {
    const forOther = await deskBooking({ onBehalfOf: 'Other@Example.org' });
    const byAdmin = await checkIn(admin);
    expect(byAdmin.statusCode).toBe(409);
    expect(byAdmin.json().Error).toBe('You have no booking at this desk now.');
    expect(await checkedInAt(forOther)).toBeNull();
    expect((await checkIn(other)).statusCode).toBe(200);
    expect(await checkedInAt(forOther)).not.toBeNull();
  });

  it("says someone else's desk is taken, naming them only where the map would", async () => {
    await deskBooking({ user: other });
    await t.pool.query("UPDATE global_settings SET names_on_map = 'off'");
    const hidden = (await state(owner)).json();
    expect(hidden).toMatchObject({ TakenNow: true, TakenBy: null, YourBooking: null, BookNow: null });
    await t.pool.query("UPDATE global_settings SET names_on_map = 'everyone'");
    const named = await createUser(t, { email: 'viewer@example.org' }); // a fresh session reads the new settings version
    expect((await state(named)).json()).toMatchObject({ TakenNow: true, TakenBy: 'Oscar Other' });
    expect((await checkIn(owner)).json().Error).toBe('You have no booking at this desk now.');
  });

  it('tells the person where their desk is when they scan another one', async () => {
    await deskBooking({ desk: 'd2' });
    const s = (await state(owner, 'd1')).json();
    expect(s.YourBooking).toBeNull();
    expect(s.YourDeskElsewhere).toMatchObject({ DeskName: 'Desk d2', FloorplanName: 'Plan' });
  });

  it('says when no check-in is needed, and still records one', async () => {
    await t.pool.query('UPDATE locations SET desk_check_ins = false WHERE id = $1', [locationId]);
    try {
      await deskBooking();
      expect((await state(owner)).json()).toMatchObject({ CheckInRequired: false, YourBooking: { Window: 'open' } });
      expect((await checkIn(owner)).statusCode).toBe(200);
    } finally {
      await t.pool.query('UPDATE locations SET desk_check_ins = NULL WHERE id = $1', [locationId]);
    }
  });

  it('refuses the signed-out, unknown desks and floorplans, and bad ids', async () => {
    expect((await checkIn(undefined)).statusCode).toBe(401);
    expect((await call('GET', `/api/desk-check-in/${floorplanId}/d1`)).statusCode).toBe(401);
    expect((await state(owner, 'nope')).json()).toMatchObject({ Code: 'NOT_FOUND', Error: 'The desk was not found.' });
    expect((await call('GET', `/api/desk-check-in/2147483000/d1`, owner)).statusCode).toBe(404);
    expect((await call('GET', `/api/desk-check-in/abc/d1`, owner)).statusCode).toBe(400);
    expect((await call('GET', `/api/desk-check-in/${floorplanId}/${'x'.repeat(101)}`, owner)).statusCode).toBe(400);
  });

  it('limits scans per person and minute', async () => {
    await awayFromMinuteEnd(t.pool); // the counted calls below must fall in one minute
    for (let i = 0; i < 30; i++) expect((await state(other)).statusCode).toBe(200);
    const refused = await state(other);
    expect(refused.statusCode).toBe(429);
    expect((await state(owner)).statusCode).toBe(200); // counted per person
  });
});

describe('book now', () => {
  it("books a free desk from this minute to the site's usual end of day and checks it in", async () => {
    t.setNow(new Date('2030-01-07T09:07:31Z'));
    const s = (await state(owner, 'd2')).json();
    expect(s.BookNow).toEqual({ Start: '2030-01-07T09:07:00.000Z', Finish: '2030-01-07T20:00:00.000Z' });
    const res = await bookNow(owner);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ Message: "Booked until 20:00. You're checked in.", Booking: { CheckedIn: true } });
    const row = (await t.pool.query("SELECT status, starts_at, finishes_at, checked_in_by_user_id FROM bookings WHERE desk_id = 'd2'")).rows[0];
    expect(row).toMatchObject({ status: 1, checked_in_by_user_id: owner.id, finishes_at: new Date('2030-01-07T20:00:00Z') });
  });

  it("ends before the desk's next booking, and after the usual end runs to midnight", async () => {
    await deskBooking({ desk: 'd2', user: other, start: new Date('2030-01-07T13:00:00Z'), finish: new Date('2030-01-07T17:00:00Z') });
    expect((await state(owner, 'd2')).json().BookNow.Finish).toBe('2030-01-07T13:00:00.000Z');
    await t.pool.query('DELETE FROM bookings');
    t.setNow(new Date('2030-01-07T19:45:00Z'));
    expect((await state(owner, 'd2')).json().BookNow.Finish).toBe('2030-01-08T00:00:00.000Z');
  });

  it('keeps every desk rule: a taken desk, one desk per person, an unbookable desk', async () => {
    await deskBooking({ desk: 'd2', user: other });
    expect((await bookNow(owner)).statusCode).toBe(409);
    await t.pool.query('DELETE FROM bookings');
    await deskBooking({ desk: 'd1' }); // owner already holds a desk now
    expect((await bookNow(owner, 'd2')).statusCode).toBe(409);
    expect((await bookNow(other, 'd3')).statusCode).toBe(403);
    expect((await state(other, 'd3')).json().BookNow).toBeNull();
  });
});

describe('desk check-in settings', () => {
  const site = (who: TestUser | undefined, body?: unknown) => call(body === undefined ? 'GET' : 'PUT', `/api/sites/${siteId}/desk-check-in`, who, body);
  const loc = (who: TestUser | undefined, body?: unknown) => call(body === undefined ? 'GET' : 'PUT', `/api/locations/${locationId}/desk-check-in`, who, body);

  it('are off with the default window for a new site', async () => {
    const fresh = await insertSite(t.pool, { title: 'New site' });
    expect((await call('GET', `/api/sites/${fresh}/desk-check-in`, admin)).json()).toEqual({ Required: false, BeforeMinutes: 15, AfterMinutes: 30 });
  });

  it('are for admins only', async () => {
    expect((await site(undefined)).statusCode).toBe(401);
    expect((await site(owner)).statusCode).toBe(403);
    expect((await site(owner, { Required: false, BeforeMinutes: 15, AfterMinutes: 30 })).statusCode).toBe(403);
    expect((await loc(owner, { Required: null, BeforeMinutes: null, AfterMinutes: null })).statusCode).toBe(403);
    expect((await call('GET', `/api/floorplans/${floorplanId}/desk-qr-sheet`, owner)).statusCode).toBe(403);
  });

  it('validate the window with clear messages, saving nothing', async () => {
    const bad = await site(admin, { Required: true, BeforeMinutes: 121, AfterMinutes: 10 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Errors).toEqual({
      BeforeMinutes: 'Check-in can open between 0 and 120 minutes before the start (whole minutes).',
      AfterMinutes: 'Check-in must stay open between 15 and 240 minutes after the start (whole minutes).',
    });
    expect((await site(admin, { Required: true, BeforeMinutes: 2.5, AfterMinutes: 30 })).statusCode).toBe(400);
    expect((await site(admin, { Required: true, BeforeMinutes: '15', AfterMinutes: 30 })).statusCode).toBe(400);
    expect((await site(admin, { Required: 'yes', BeforeMinutes: 15, AfterMinutes: 30 })).statusCode).toBe(400);
    const half = await loc(admin, { Required: null, BeforeMinutes: 10, AfterMinutes: null });
    expect(half.statusCode).toBe(400);
    expect(half.json().Errors.AfterMinutes).toContain('Give both window times');
    expect((await site(admin)).json()).toEqual({ Required: true, BeforeMinutes: 15, AfterMinutes: 30 });
    expect((await call('PUT', '/api/sites/2147483000/desk-check-in', admin, { Required: true, BeforeMinutes: 15, AfterMinutes: 30 })).statusCode).toBe(404);
  });

  it('save a site window and a location override, and inherit again', async () => {
    try {
      expect((await site(admin, { Required: true, BeforeMinutes: 0, AfterMinutes: 240 })).json()).toEqual({ Required: true, BeforeMinutes: 0, AfterMinutes: 240 });
      expect((await loc(admin, { Required: false, BeforeMinutes: 10, AfterMinutes: 20 })).json())
        .toEqual({ Required: false, BeforeMinutes: 10, AfterMinutes: 20, Site: { Required: true, BeforeMinutes: 0, AfterMinutes: 240 } });
      expect((await state(owner)).json()).toMatchObject({ CheckInRequired: false, BeforeMinutes: 10, AfterMinutes: 20 });
      expect((await loc(admin, { Required: null, BeforeMinutes: null, AfterMinutes: null })).json()).toMatchObject({ Required: null, BeforeMinutes: null });
      expect((await state(owner)).json()).toMatchObject({ CheckInRequired: true, BeforeMinutes: 0, AfterMinutes: 240 });
    } finally {
      await t.pool.query('UPDATE sites SET desk_check_in_before_minutes = 15, desk_check_in_after_minutes = 30 WHERE id = $1', [siteId]);
    }
  });

  it('list the bookable desks of the published layout for the QR sheet, by name', async () => {
    expect((await call('GET', `/api/floorplans/${floorplanId}/desk-qr-sheet`, admin)).json()).toEqual({
      FloorplanId: floorplanId, FloorplanName: 'Plan', SiteName: 'London HQ', LocationName: 'Floor 2',
      Desks: [{ Id: 'd1', Name: 'Desk 1' }, { Id: 'd2', Name: 'Desk 2' }],
    });
  });
});

describe('reporting check-ins and no-shows', () => {
  it('counts desk check-ins and no-shows of bookings starting in the range, for Reporting only', async () => {
    const reporter = await createUser(t, { roles: ['Reporting'] });
    const a = await deskBooking({ desk: 'd1' });
    await deskBooking({ desk: 'd2', user: other });
    await t.pool.query('UPDATE bookings SET checked_in_at = starts_at WHERE id = $1', [a]);
    await t.pool.query("UPDATE bookings SET status = 4 WHERE desk_id = 'd2'");
    await insertBooking(t.pool, { siteId, locationId, floorplanId, deskId: 'd1', userId: owner.id, start: minutes(START, 24 * 60 * 3), finish: minutes(START, 24 * 60 * 3 + 60), status: 4 });
    const url = '/api/bookings/stats/check-ins/from/2030-01-07/to/2030-01-07';
    expect((await call('GET', url, reporter)).json()).toEqual({ Desk: { CheckedIn: 1, NoShows: 1 }, Room: { CheckedIn: 0, NoShows: 0 } });
    expect((await call('GET', url, owner)).statusCode).toBe(403);
    const backwards = await call('GET', '/api/bookings/stats/check-ins/from/2030-01-08/to/2030-01-07', reporter);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().Error).toBe('The end date must be on or after the start date');
    expect((await call('GET', '/api/bookings/stats/check-ins/from/yesterday/to/2030-01-07', reporter)).statusCode).toBe(400);
  });
});
