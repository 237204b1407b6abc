import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, type TestUser } from '../../testing/testApp.js';
import { insertLocation, insertPublishedFloorplan, insertSite } from '../../testing/fixtures.js';
import { call } from '../orgAccess/orgTestKit.js';
import { insertBooking, insertRoom } from './bookingRowsTestKit.js';
import { windows } from './reporting.repo.js';
import { EXPORT_HEADER } from './reporting.service.js';

let t: Awaited<ReturnType<typeof buildTestApp>>;
let admin: TestUser, manager: TestUser, reporter: TestUser, staff: TestUser, alice: TestUser, bob: TestUser;
let locA3: number;
const tag: Record<string, number> = {};
const b: Record<string, number> = {};

async function newTag(label: string, type: number) {
  return (await t.pool.query<{ id: number }>('INSERT INTO tags (label, type) VALUES ($1, $2) RETURNING id', [label, type])).rows[0]!.id;
}
const assign = (tagId: number, kind: number, target: number) =>
  t.pool.query('INSERT INTO tag_assignments (tag_id, kind, target_id) VALUES ($1, $2, $3)', [tagId, kind, target]);

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t, { roles: ['Admin'] });
  manager = await createUser(t, { roles: ['Booking Manager'] });
  reporter = await createUser(t, { roles: ['Reporting'] });
  staff = await createUser(t);
  alice = await createUser(t, { name: 'Alice Report', email: 'alice@example.org' });
  bob = await createUser(t, { name: '@Bob', email: 'bob@example.org' });
  const carol = await createUser(t, { name: 'Carol Zero' });

  const s1 = await insertSite(t.pool, { title: 'Alpha', timeZone: 'Europe/London' });
  const a1 = await insertLocation(t.pool, s1, { title: 'Ground' });
  const a2 = await insertLocation(t.pool, s1, { title: 'First' });
  locA3 = await insertLocation(t.pool, s1, { title: 'Ground' }); // same name as a1, on purpose
  const s2 = await insertSite(t.pool, { title: 'Beta', timeZone: 'America/New_York' });
  const b1 = await insertLocation(t.pool, s2, { title: 'Main' });
  tag.desk = await newTag('Standing', 2);
  const fpA1 = (await insertPublishedFloorplan(t.pool, a1, [{ id: 'D1' }, { id: 'D2' }])).floorplanId;
  // Desk tags live in the drawing (SPEC 3): put the tag on D1 of the published layout.
  await t.pool.query(`UPDATE layouts SET json = jsonb_set(json::jsonb, '{desks,0,tags}', jsonb_build_array(jsonb_build_object('Id', $2::int, 'Label', 'Standing', 'Tooltip', '')))::text WHERE floorplan_id = $1`, [fpA1, tag.desk]);
  const fpA3 = (await insertPublishedFloorplan(t.pool, locA3, [{ id: 'D1' }])).floorplanId;
  const fpB1 = (await insertPublishedFloorplan(t.pool, b1, [{ id: 'D1' }])).floorplanId;
  const r1 = await insertRoom(t.pool, a1, 'Board');
  const r2 = await insertRoom(t.pool, b1, 'Huddle');
  const r3 = await insertRoom(t.pool, a2, 'Board');
  const r4 = await insertRoom(t.pool, b1, 'Quiet');

  const A1 = { siteId: s1, locationId: a1, floorplanId: fpA1 };
  const B1 = { siteId: s2, locationId: b1, floorplanId: fpB1 };
  const hour = (start: string) => ({ start, finish: new Date(Date.parse(start) + 3_600_000).toISOString() });
  // July 2030: London UTC+1, New York UTC-4.
  b.d1 = await insertBooking(t.pool, { ...A1, deskId: 'D1', userId: alice.id, ...hour('2030-07-02T09:00:00Z') });
  b.d2 = await insertBooking(t.pool, { ...A1, deskId: 'D2', userId: alice.id, ...hour('2030-07-03T09:00:00Z') });
  b.d3 = await insertBooking(t.pool, { ...A1, deskId: 'D1', userId: bob.id, ...hour('2030-07-04T09:00:00Z'), status: 0 });
  b.d4 = await insertBooking(t.pool, { ...A1, deskId: 'D1', userId: bob.id, ...hour('2030-07-05T09:00:00Z'), status: 3 });
  b.d5 = await insertBooking(t.pool, { ...B1, deskId: 'D1', userId: bob.id, ...hour('2030-07-10T14:00:00Z') });
  b.d6 = await insertBooking(t.pool, { ...A1, deskId: 'D1', userId: bob.id, ...hour('2030-06-30T23:30:00Z') }); // 1 July 00:30 in London
  b.d7 = await insertBooking(t.pool, { ...A1, deskId: 'D2', userId: bob.id, ...hour('2030-07-31T23:30:00Z') }); // 1 August in London
  b.d8 = await insertBooking(t.pool, { ...B1, deskId: 'D1', userId: bob.id, ...hour('2030-08-01T03:00:00Z') }); // 31 July in New York
  b.d9 = await insertBooking(t.pool, { siteId: s1, locationId: locA3, floorplanId: fpA3, deskId: 'D1', userId: bob.id, ...hour('2030-07-12T09:00:00Z') });
  const room = (roomId: number, siteId: number, locationId: number) => ({ roomId, siteId, locationId });
  b.r1 = await insertBooking(t.pool, { ...room(r1, s1, a1), userId: alice.id, ...hour('2030-07-02T12:00:00Z') });
  b.r2 = await insertBooking(t.pool, { ...room(r1, s1, a1), userId: bob.id, ...hour('2030-07-03T12:00:00Z'), status: 2 });
  b.r3 = await insertBooking(t.pool, { ...room(r2, s2, b1), userId: bob.id, ...hour('2030-07-09T15:00:00Z') });
  b.r4 = await insertBooking(t.pool, { ...room(r2, s2, b1), userId: bob.id, ...hour('2030-07-09T17:00:00Z'), status: 4 });
  b.r5 = await insertBooking(t.pool, { ...room(r3, s1, a2), userId: bob.id, ...hour('2030-07-20T09:00:00Z') });

  tag.room = await newTag('Video', 3);
  await assign(tag.room, 3, r1); await assign(tag.room, 3, r3); await assign(tag.room, 3, r4);
  tag.location = await newTag('Open plan', 4);
  await assign(tag.location, 4, a1); await assign(tag.location, 4, b1);
  tag.site = await newTag('Overseas', 5);
  await assign(tag.site, 5, s2);
  tag.user = await newTag('Pilot group', 1);
  await assign(tag.user, 1, alice.id); await assign(tag.user, 1, carol.id);
});
afterAll(() => t.dropDatabase());

const JULY = 'from/2030-07-01/to/2030-07-31';
const statsOf = async (path: string, who: TestUser = reporter) => {
  const res = await call(t, who, 'GET', `/api/bookings/stats/filter/${path}`);
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json();
};

describe('GET /api/bookings/stats (counts of Pending and Approved bookings starting in the range, site-local days)', () => {
  it('all: desk and room bookings', async () => {
    expect(await statsOf(`all/0/${JULY}`)).toEqual({ 'Desk bookings': 7, 'Room bookings': 3 });
  });

  it('all: both labels even with nothing booked', async () => {
    expect(await statsOf('all/0/from/2031-01-01/to/2031-01-31')).toEqual({ 'Desk bookings': 0, 'Room bookings': 0 });
  });

  it('desk: per site / location; a repeated name gets its id', async () => {
    expect(await statsOf(`desk/0/${JULY}`)).toEqual({ 'Alpha / Ground': 4, [`Alpha / Ground (#${locA3})`]: 1, 'Beta / Main': 2 });
  });

  it('room: per site / location / room', async () => {
    expect(await statsOf(`room/0/${JULY}`)).toEqual({ 'Alpha / First / Board': 1, 'Alpha / Ground / Board': 1, 'Beta / Main / Huddle': 1 });
  });

  it('tag of rooms: per tagged room, including those with no bookings', async () => {
    expect(await statsOf(`tag/${tag.room}/${JULY}`)).toEqual({ 'Alpha / First / Board': 1, 'Alpha / Ground / Board': 1, 'Beta / Main / Quiet': 0 });
  });

  it('tag of locations: desk and room bookings per tagged location', async () => {
    expect(await statsOf(`tag/${tag.location}/${JULY}`)).toEqual({ 'Alpha / Ground': 5, 'Beta / Main': 3 });
  });

  it('tag of sites: per tagged site', async () => {
    expect(await statsOf(`tag/${tag.site}/${JULY}`)).toEqual({ Beta: 3 });
  });

  it('tag of people: bookings each tagged person made', async () => {
    expect(await statsOf(`tag/${tag.user}/${JULY}`)).toEqual({ 'Alice Report': 3, 'Carol Zero': 0 });
  });

  it('tag of desks: per tagged desk of the published layout', async () => {
    expect(await statsOf(`tag/${tag.desk}/${JULY}`)).toEqual({ 'Alpha / Ground / Desk D1': 3 });
  });

  it('date-time bounds are instants, the end included', async () => {
    expect(await statsOf('all/0/from/2030-07-02T00:00:00Z/to/2030-07-03T09:00:00Z')).toEqual({ 'Desk bookings': 2, 'Room bookings': 1 });
    expect(await statsOf('all/0/from/2030-07-02T10:00:00%2B01:00/to/2030-07-02T10:00:00%2B01:00')).toEqual({ 'Desk bookings': 1, 'Room bookings': 0 });
  });

  it('one day, with the end equal to the start', async () => {
    expect(await statsOf('desk/0/from/2030-07-01/to/2030-07-01')).toEqual({ 'Alpha / Ground': 1 });
  });

  it('admins may run reports too; the tag id is ignored for other filters', async () => {
    expect(await statsOf(`all/${tag.room}/${JULY}`, admin)).toEqual({ 'Desk bookings': 7, 'Room bookings': 3 });
  });
});

describe('GET /api/bookings/stats validation and refusals', () => {
  it.each([
    ['an unknown filter', `people/0/${JULY}`, 400, /filter/],
    ['a start that is not a date', 'all/0/from/yesterday/to/2030-07-31', 400, /The start must be a date/],
    ['an impossible date', 'all/0/from/2030-02-30/to/2030-03-31', 400, /The start must be a date/],
    ['an end that is not a date', 'all/0/from/2030-07-01/to/31-07-2030', 400, /The end must be a date/],
    ['a date-time without an offset', 'all/0/from/2030-07-01T00:00:00/to/2030-07-31', 400, /The start must be a date/],
    ['an end before the start', 'all/0/from/2030-07-10/to/2030-07-09', 400, /^The end date must be on or after the start date$/],
    ['the tag filter without a tag', `tag/0/${JULY}`, 400, /^Please choose a tag$/],
    ['a tag id that is not a number', `tag/abc/${JULY}`, 400, /tagId/],
    ['an unknown tag', `tag/999999/${JULY}`, 404, /^The tag was not found\.$/],
  ])('answers %s', async (_n, path, status, message) => {
    const res = await call(t, reporter, 'GET', `/api/bookings/stats/filter/${path}`);
    expect(res.statusCode).toBe(status);
    expect(res.json().Error).toMatch(message);
  });

  it.each([
    ['a Booking Manager', () => manager, 403],
    ['staff', () => staff, 403],
    ['a signed-out caller', () => undefined, 401],
  ])('refuses %s (%i), for stats and export', async (_n, who, status) => {
    expect((await call(t, who(), 'GET', `/api/bookings/stats/filter/all/0/${JULY}`)).statusCode).toBe(status);
    expect((await call(t, who(), 'GET', `/api/bookings/export/filter/all/0/${JULY}`)).statusCode).toBe(status);
  });
});

describe('GET /api/bookings/export (CSV of the bookings behind the counts)', () => {
  const parse = (body: string) => body.split('\r\n').filter((l) => l !== '');

  it('lists each counted booking once, in start order, with its label', async () => {
    const res = await call(t, reporter, 'GET', `/api/bookings/export/filter/desk/0/${JULY}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="bookings-desk-2030-07-01-2030-07-31.csv"');
    const lines = parse(res.body);
    expect(lines[0]).toBe(EXPORT_HEADER.join(','));
    expect(lines[0]).toBe('Label,BookingId,Kind,Site,Location,Desk or room,Start,Finish,Time Zone,Status,Booked by,Booked by e-mail,On behalf of');
    expect(lines.slice(1).map((l) => Number(l.split(',')[1]))).toEqual([b.d6, b.d1, b.d2, b.d3, b.d5, b.d9, b.d8]);
    expect(lines).toContain(`Alpha / Ground,${b.d1},Desk,Alpha,Ground,Desk D1,2030-07-02T10:00:00+01:00,2030-07-02T11:00:00+01:00,Europe/London,Approved,Alice Report,alice@example.org,`);
    // Names that a spreadsheet would run as formulas are neutralised.
    expect(lines).toContain(`Alpha / Ground,${b.d3},Desk,Alpha,Ground,Desk D1,2030-07-04T10:00:00+01:00,2030-07-04T11:00:00+01:00,Europe/London,Pending,'@Bob,bob@example.org,`);
    expect(lines).toContain(`Alpha / Ground (#${locA3}),${b.d9},Desk,Alpha,Ground,Desk D1,2030-07-12T10:00:00+01:00,2030-07-12T11:00:00+01:00,Europe/London,Approved,'@Bob,bob@example.org,`);
    // Times are ISO 8601 on each site's clock with its offset (summer time in both zones here), the same instants.
    const beta = lines.filter((l) => l.split(',')[3] === 'Beta');
    expect(beta.length).toBeGreaterThan(0);
    for (const l of beta) expect(l).toMatch(/,2030-07-\d\dT\d\d:\d\d:00-04:00,2030-0[78]-\d\dT\d\d:\d\d:00-04:00,America\/New_York,/);
  });

  it('agrees with the counts for every filter', async () => {
    for (const path of [`all/0/${JULY}`, `desk/0/${JULY}`, `room/0/${JULY}`, `tag/${tag.room}/${JULY}`, `tag/${tag.location}/${JULY}`, `tag/${tag.user}/${JULY}`, `tag/${tag.desk}/${JULY}`]) {
      const counts = await statsOf(path);
      const csv = await call(t, admin, 'GET', `/api/bookings/export/filter/${path}`);
      expect(csv.statusCode).toBe(200);
      const perLabel: Record<string, number> = {};
      for (const line of parse(csv.body).slice(1)) {
        const label = line.split(',')[0]!;
        perLabel[label] = (perLabel[label] ?? 0) + 1;
      }
      const nonZero = Object.fromEntries(Object.entries(counts).filter(([, n]) => n !== 0));
      expect(perLabel, path).toEqual(nonZero);
    }
  });

  it('answers only the header when nothing matches, and refuses bad input like the stats', async () => {
    const empty = await call(t, reporter, 'GET', '/api/bookings/export/filter/room/0/from/2031-01-01/to/2031-01-02');
    expect(empty.body).toBe(`${EXPORT_HEADER.join(',')}\r\n`);
    expect((await call(t, reporter, 'GET', '/api/bookings/export/filter/tag/0/from/2031-01-01/to/2031-01-02')).statusCode).toBe(400);
    expect((await call(t, reporter, 'GET', '/api/bookings/export/filter/all/0/from/2031-01-02/to/2031-01-01')).statusCode).toBe(400);
  });
});

describe('report windows (core counted without time zones, edges checked per site)', () => {
  it('a month: the core starts 14 h after the first midnight UTC and ends 14 h before the last', () => {
    expect(windows({ from: '2030-07-01', fromIsDay: true, to: '2030-07-31', toIsDay: true })).toEqual([
      '2030-06-30T00:00:00.000Z', '2030-07-01T14:00:00.000Z', '2030-07-31T10:00:00.000Z', '2030-08-02T00:00:00.000Z']);
  });
  it('one day: no core, all edge', () => {
    expect(windows({ from: '2030-07-01', fromIsDay: true, to: '2030-07-01', toIsDay: true })).toEqual([
      '2030-06-30T00:00:00.000Z', '2030-07-03T00:00:00.000Z', '2030-07-03T00:00:00.000Z', '2030-07-03T00:00:00.000Z']);
  });
  it('instants: the core is the range itself, the end included', () => {
    expect(windows({ from: '2030-07-02T00:00:00Z', fromIsDay: false, to: '2030-07-03T09:00:00Z', toIsDay: false })).toEqual([
      '2030-07-02T00:00:00.000Z', '2030-07-02T00:00:00.000Z', '2030-07-03T09:00:00.001Z', '2030-07-03T09:00:00.001Z']);
  });
});
