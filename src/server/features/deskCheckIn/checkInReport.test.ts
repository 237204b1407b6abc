import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, type TestUser } from '../../testing/testApp.js';
import { insertLocation, insertPublishedFloorplan, insertSite } from '../../testing/fixtures.js';
import { insertBooking, minutes } from '../myBookings/bookingTestKit.js';
import { insertRoom } from '../reporting/bookingRowsTestKit.js';

// Europe/London is on UTC in January: the site's days are UTC days here.
const DAY = new Date('2030-01-07T09:00:00Z');
const NOW = new Date('2030-01-09T12:00:00Z');

let t: Awaited<ReturnType<typeof buildTestApp>>;
let reporter: TestUser, owner: TestUser;
let siteId: number, otherSiteId: number, locationId: number, floorplanId: number, roomId: number;

beforeAll(async () => {
  t = await buildTestApp({ now: NOW });
  reporter = await createUser(t, { email: 'reporter@example.org', roles: ['Reporting'] });
  owner = await createUser(t, { email: 'owner@example.org' });
  siteId = await insertSite(t.pool, { title: 'London HQ' });
  otherSiteId = await insertSite(t.pool, { title: 'Paris' });
  await t.pool.query('UPDATE sites SET desk_check_ins = true WHERE id = $1', [siteId]);
  locationId = await insertLocation(t.pool, siteId, { title: 'Floor 2' });
  ({ floorplanId } = await insertPublishedFloorplan(t.pool, locationId, [1, 2, 3, 4].map((n) => ({ id: `d${n}`, alias: `Desk ${n}` }))));
  roomId = await insertRoom(t.pool, locationId, 'Ada');
});
afterAll(() => t.dropDatabase());
beforeEach(async () => {
  t.setNow(NOW);
  await t.pool.query('DELETE FROM bookings');
  await t.pool.query('UPDATE global_settings SET insights_min_group_size = 2');
  await t.pool.query('UPDATE rooms SET room_check_ins = NULL WHERE id = $1', [roomId]);
});

/** One desk booking per person (distinct holders), on `day` offset days from DAY. */
const desk = (person: string, o: { day?: number; status?: number; checkedIn?: boolean; desk?: string } = {}) => {
  const start = minutes(DAY, (o.day ?? 0) * 24 * 60);
  return insertBooking(t.pool, {
    siteId, locationId, floorplanId, deskId: o.desk ?? 'd1', userId: owner.id, start, finish: minutes(start, 60), status: o.status ?? 1,
    holderKey: `${person}@example.org`, checkedInAt: o.checkedIn ? start : undefined, description: '',
  });
};
/** One room booking, `hour` hours after DAY (the room holds one at a time). */
const room = (person: string, hour: number, o: { status?: number; checkedIn?: boolean } = {}) => {
  const start = minutes(DAY, hour * 60);
  return insertBooking(t.pool, {
    siteId, locationId, roomId, userId: owner.id, start, finish: minutes(start, 60), status: o.status ?? 1,
    holderKey: `${person}@example.org`, checkedInAt: o.checkedIn ? start : undefined,
  });
};
const report = (who: TestUser | undefined, site = siteId, from = '2030-01-07', to = '2030-01-07') =>
  t.app.inject({ method: 'GET', url: `/api/bookings/stats/check-ins/site/${site}/from/${from}/to/${to}`, headers: who ? { cookie: who.cookie } : {} });

describe('the Reporting check-ins and no-shows card', () => {
  it('counts the bookings that needed a check-in, checked in and released, with rates, per kind', async () => {
    await desk('a', { checkedIn: true });
    await desk('b', { checkedIn: true, desk: 'd2' });
    await desk('c', { status: 4, desk: 'd2' });
    await desk('d', { desk: 'd3' }); // Approved, never checked in, not (yet) released: needed one all the same
    await desk('e', { status: 3, desk: 'd4' }); // cancelled by a person: never needed one
    await desk('f', { status: 0, desk: 'd4' }); // pending: never needed one
    await desk('g', { day: 1, status: 4 }); // outside the period
    await room('h', 0); // check-in off for the room: not needed, not counted
    await room('i', 1, { checkedIn: true }); // checked in anyway: counts
    await room('j', 2, { status: 4 }); // released: counts

    const res = await report(reporter);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      SiteId: siteId, From: '2030-01-07', To: '2030-01-07', TimeZone: 'Europe/London', MinGroupSize: 2,
      Desk: { Needed: 4, CheckedIn: 2, NoShows: 1, CheckedInRate: 0.5, NoShowRate: 0.25 },
      Room: { Needed: 2, CheckedIn: 1, NoShows: 1, CheckedInRate: 0.5, NoShowRate: 0.5 },
    });
    // Turning room check-ins on makes the unchecked Approved room booking count as needed.
    await t.pool.query('UPDATE rooms SET room_check_ins = true WHERE id = $1', [roomId]);
    expect((await report(reporter)).json().Room).toEqual({ Needed: 3, CheckedIn: 1, NoShows: 1, CheckedInRate: 0.3333, NoShowRate: 0.3333 });
  });

  it('does not count bookings that have not started yet, nor another site’s', async () => {
    await desk('a', { status: 4 });
    await desk('b', { checkedIn: true, desk: 'd2' });
    await desk('c', { day: 3, desk: 'd3' }); // 2030-01-10 09:00, after now
    expect((await report(reporter, siteId, '2030-01-07', '2030-01-12')).json().Desk).toEqual({ Needed: 2, CheckedIn: 1, NoShows: 1, CheckedInRate: 0.5, NoShowRate: 0.5 });
    // No one at all is fewer than the minimum too: an empty site reads like a quiet one.
    expect((await report(reporter, otherSiteId)).json().Desk).toEqual({ Needed: null, CheckedIn: null, NoShows: null, CheckedInRate: null, NoShowRate: null });
  });

  it('hides every figure of a kind about fewer people than the insights minimum group size', async () => {
    await t.pool.query('UPDATE global_settings SET insights_min_group_size = 3');
    await desk('a', { checkedIn: true });
    await desk('a', { status: 4, desk: 'd2' });
    await desk('b', { day: -1, status: 4 });
    const hidden = { Needed: null, CheckedIn: null, NoShows: null, CheckedInRate: null, NoShowRate: null };
    expect((await report(reporter, siteId, '2030-01-06', '2030-01-07')).json()).toMatchObject({ MinGroupSize: 3, Desk: hidden, Room: hidden });
    await desk('c', { checkedIn: true, desk: 'd3' });
    expect((await report(reporter, siteId, '2030-01-06', '2030-01-07')).json().Desk).toEqual({ Needed: 4, CheckedIn: 2, NoShows: 2, CheckedInRate: 0.5, NoShowRate: 0.5 });
  });

  it('refuses people without Reporting, bad input and unknown sites with clear messages', async () => {
    expect((await report(undefined)).statusCode).toBe(401);
    expect((await report(owner)).statusCode).toBe(403);
    const backwards = await report(reporter, siteId, '2030-01-08', '2030-01-07');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().Error).toBe('The end date must be on or after the start date');
    const long = await report(reporter, siteId, '2030-01-01', '2031-01-02');
    expect(long.statusCode).toBe(400);
    expect(long.json().Error).toBe('A period is at most 366 days');
    const bad = await report(reporter, siteId, '2030-02-30', '2030-03-01');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Error).toMatch(/from.*must be a real calendar date/);
    expect((await report(reporter, siteId, 'yesterday')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/bookings/stats/check-ins/site/abc/from/2030-01-07/to/2030-01-07', headers: { cookie: reporter.cookie } })).statusCode).toBe(400);
    const missing = await report(reporter, 2_147_483_000);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().Error).toBe('The site was not found.');
  });
});
