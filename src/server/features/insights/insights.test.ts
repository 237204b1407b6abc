import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, type TestUser } from '../../testing/testApp.js';
import { insertLocation, insertPublishedFloorplan, insertSite } from '../../testing/fixtures.js';
import { call } from '../orgAccess/orgTestKit.js';
import { expectedDaily, expectedDesks, expectedInsights, type World } from './insightsExpected.js';
import { generate, insertGenerated, seeded, type GenBooking } from './insightsTestData.js';
import { WORKS_COUNCIL_REFUSAL } from './worksCouncil.js';

/**
 * Every insight figure against the straightforward count (insightsExpected.ts) of generated bookings
 * at a New York site over two weeks that hold its daylight-saving day (Sunday 10 March 2030, clocks
 * forward), with a whole-day closure, bookings across midnight (one across the daylight-saving night),
 * times outside the site's day, every status, check-ins and cancellations at several lead times.
 */
let t: Awaited<ReturnType<typeof buildTestApp>>;
let admin: TestUser, reporter: TestUser, staff: TestUser;
let ny: { id: number; locationId: number; tz: string; floorplanId: number };
let deskTag: number; let peopleTag: number;
const FROM = '2030-03-04'; const TO = '2030-03-17';
const NOW = new Date('2030-03-14T12:00:00Z');
const CLOSED = '2030-03-13';
const DESKS = Array.from({ length: 10 }, (_, i) => `D${i}`);
let rows: GenBooking[] = [];

const setMin = async (min: number, worksCouncil = false) => {
  const res = await call(t, admin, 'POST', '/api/insights/settings', { MinGroupSize: min, WorksCouncilMode: worksCouncil });
  expect(res.statusCode).toBe(200);
};
const world = (min: number, o: Partial<World> = {}): World => ({ rows, from: FROM, to: TO, ds: 420, de: 1200, resources: 10, closedDays: [CLOSED], now: NOW, min, ...o });
const get = async (url: string, who: TestUser = reporter) => {
  const res = await call(t, who, 'GET', url);
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json();
};

beforeAll(async () => {
  t = await buildTestApp({ now: NOW });
  admin = await createUser(t, { roles: ['Admin'] });
  reporter = await createUser(t, { roles: ['Reporting'] });
  staff = await createUser(t);
  const siteId = await insertSite(t.pool, { title: 'New York', timeZone: 'America/New_York' });
  const locationId = await insertLocation(t.pool, siteId);
  const { floorplanId } = await insertPublishedFloorplan(t.pool, locationId, DESKS.map((id) => ({ id })));
  ny = { id: siteId, locationId, tz: 'America/New_York', floorplanId };
  deskTag = (await t.pool.query<{ id: number }>("INSERT INTO tags (label, type) VALUES ('Standing', 2) RETURNING id")).rows[0]!.id;
  peopleTag = (await t.pool.query<{ id: number }>("INSERT INTO tags (label, type) VALUES ('Pilot', 1) RETURNING id")).rows[0]!.id;
  // Desks D1..D5 carry the desk tag in the published drawing.
  await t.pool.query(
    `UPDATE layouts SET json = (SELECT jsonb_set(json::jsonb, '{desks}', jsonb_agg(CASE WHEN d ->> 'id' IN ('D1','D2','D3','D4','D5')
       THEN jsonb_set(d, '{tags}', jsonb_build_array(jsonb_build_object('Id', $2::int, 'Label', 'Standing', 'Tooltip', ''))) ELSE d END))::text
       FROM jsonb_array_elements(json::jsonb -> 'desks') d) WHERE floorplan_id = $1`, [floorplanId, deskTag]);
  // The whole site is closed on Wednesday 13 March (its wall-clock day).
  await t.pool.query(`INSERT INTO closures (site_id, whole_site, starts_at, ends_at, reason, created_by)
    VALUES ($1, true, '2030-03-13 00:00'::timestamp AT TIME ZONE 'America/New_York', '2030-03-14 00:00'::timestamp AT TIME ZONE 'America/New_York', 'Holiday', $2)`, [siteId, admin.id]);
  const people = Array.from({ length: 12 }, (_, i) => `person${i}@example.org`);
  rows = generate({ rand: seeded(25), people, desks: DESKS.map((deskId) => ({ floorplanId, deskId })), from: '2030-03-01', to: '2030-03-20', skip: [CLOSED] });
  // Person 0 on desk D0 only: across midnight, one across the daylight-saving night (Sat 22:00 to Sun 10:00).
  const across = (startDay: string, endDay: string): GenBooking => ({
    person: people[0]!, floorplanId, deskId: 'D0', startDay, startMin: 22 * 60, endDay, endMin: 10 * 60, status: 1,
    createdDay: '2030-03-01', createdMin: 600, checkedIn: false,
  });
  rows.push(across('2030-03-09', '2030-03-10'), across('2030-03-10', '2030-03-11'), across('2030-03-03', '2030-03-04'), across('2030-03-17', '2030-03-18'));
  await insertGenerated(t.pool, { id: siteId, locationId, tz: ny.tz }, admin.id, rows);
  // Another site's bookings never count here.
  const london = await insertSite(t.pool, { title: 'London', timeZone: 'Europe/London' });
  const lLoc = await insertLocation(t.pool, london);
  const lFp = (await insertPublishedFloorplan(t.pool, lLoc, [{ id: 'D0' }])).floorplanId;
  await insertGenerated(t.pool, { id: london, locationId: lLoc, tz: 'Europe/London' }, admin.id, [{
    person: 'londoner@example.org', floorplanId: lFp, deskId: 'D0', startDay: '2030-03-05', startMin: 540, endDay: '2030-03-05', endMin: 1000,
    status: 1, createdDay: '2030-03-01', createdMin: 600, checkedIn: true,
  }]);
}, 60_000);
afterAll(() => t.dropDatabase());

const Q = `siteId=__SITE__&from=${FROM}&to=${TO}`;
const q = (extra = '') => `/api/insights?${Q.replace('__SITE__', String(ny.id))}${extra}`;

describe('GET /api/insights: every figure equals the straightforward count', () => {
  it('the data has what the test is about (bookings on the daylight-saving day, a closure, every status)', () => {
    expect(rows.some((b) => b.startDay === '2030-03-10' || b.endDay === '2030-03-10')).toBe(true);
    for (const s of [0, 1, 3, 4]) expect(rows.some((b) => b.status === s)).toBe(true);
    expect(rows.filter((b) => b.startDay === CLOSED && (b.status === 0 || b.status === 1))).toEqual([]);
  });

  it.each([2, 5, 9])('desks of the site, minimum group size %i', async (min) => {
    await setMin(min);
    const got = await get(q());
    expect(got).toMatchObject({ SiteId: ny.id, TimeZone: 'America/New_York', Kind: 'desk', MinGroupSize: min, DayStartMinutes: 420, DayEndMinutes: 1200, AttendeesKnown: false });
    expect({ ...got, SiteId: undefined, TimeZone: undefined, From: undefined, To: undefined, Kind: undefined, MinGroupSize: undefined, DayStartMinutes: undefined, DayEndMinutes: undefined, AttendeesKnown: undefined })
      .toEqual({ ...expectedInsights(world(min)), SiteId: undefined, TimeZone: undefined, From: undefined, To: undefined, Kind: undefined, MinGroupSize: undefined, DayStartMinutes: undefined, DayEndMinutes: undefined, AttendeesKnown: undefined });
  });

  it('with minimum 2 most figures are numbers (the comparison above is not of nulls)', async () => {
    await setMin(2);
    const got = await get(q());
    expect(got.Total.BookedHours).toBeGreaterThan(50);
    expect(got.ByHour.filter((b: { Rate: number | null }) => b.Rate !== null).length).toBeGreaterThan(8);
    expect(got.PeakByDay.find((d: { Day: string }) => d.Day === '2030-03-10').Peak).toBeGreaterThan(0);
    expect(got.ByWeekday.find((b: { Key: number }) => b.Key === 3).BookableHours).toBe(10 * 13); // one Wednesday closed
  });

  it('scoped by a desk tag: only the tagged desks, as bookable and as booked', async () => {
    await setMin(2);
    const tagged = ['D1', 'D2', 'D3', 'D4', 'D5'];
    const got = await get(q(`&tagId=${deskTag}`));
    const want = expectedInsights(world(2, { rows: rows.filter((b) => tagged.includes(b.deskId)), resources: 5 }));
    expect(got.Total).toEqual(want.Total);
    expect(got.ByHour).toEqual(want.ByHour);
    expect(got.PeakByDay).toEqual(want.PeakByDay);
    expect(got.CheckIns).toEqual(want.CheckIns);
  });

  it('rooms of the site: none here, so nothing is bookable and nothing shown', async () => {
    await setMin(2);
    const got = await get(q('&kind=room'));
    expect(got.Resources).toBe(0);
    expect(got.Total).toEqual({ Key: 0, BookedHours: null, BookableHours: 0, Rate: null });
  });
});

describe('GET /api/insights/daily and daily.csv: forecast and actuals per day', () => {
  it.each([2, 5])('equal the straightforward count (minimum %i)', async (min) => {
    await setMin(min);
    const got = await get(`/api/insights/daily?siteId=${ny.id}&from=${FROM}&to=${TO}`);
    expect(got).toEqual({ SiteId: ny.id, SiteName: 'New York', TimeZone: 'America/New_York', MinGroupSize: min, Days: expectedDaily(world(min)) });
  });

  it('the CSV has the same numbers, suppressed ones in words', async () => {
    await setMin(5);
    const res = await call(t, reporter, 'GET', `/api/insights/daily.csv?siteId=${ny.id}&from=${FROM}&to=${TO}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="daily-site-${ny.id}-${FROM}-${TO}.csv"`);
    const lines = res.body.split('\r\n').filter((l) => l !== '');
    expect(lines[0]).toBe('Day,Booked ahead,Booked now,Checked in');
    const cell = (n: number | null) => (n === null ? 'fewer than 5' : String(n));
    expect(lines.slice(1)).toEqual(expectedDaily(world(5)).map((d) => [d.Day, cell(d.BookedAhead), cell(d.Booked), cell(d.CheckedIn)].join(',')));
  });
});

describe('GET /api/insights/desks: the floorplan heatmap', () => {
  it.each([2, 5])('each desk\'s utilisation equals the straightforward count (minimum %i)', async (min) => {
    await setMin(min);
    const got = await get(`/api/insights/desks?floorplanId=${ny.floorplanId}&from=${FROM}&to=${TO}`);
    expect(got.BookableHours).toBe(9 * 13);
    expect(got.Desks.map((d: { DeskId: string; Rate: number | null }) => ({ DeskId: d.DeskId, Rate: d.Rate }))).toEqual(expectedDesks(world(min), DESKS));
  });
});

describe('suppression at the boundary: 4 people hidden, 5 shown', () => {
  it('a floor used by 4 people shows nothing; by 5, the figures', async () => {
    await setMin(5);
    const site = await insertSite(t.pool, { title: 'Small', timeZone: 'Europe/London' });
    const four = await insertLocation(t.pool, site, { title: 'Four' });
    const five = await insertLocation(t.pool, site, { title: 'Five' });
    const fp4 = (await insertPublishedFloorplan(t.pool, four, DESKS.map((id) => ({ id })))).floorplanId;
    const fp5 = (await insertPublishedFloorplan(t.pool, five, DESKS.map((id) => ({ id })))).floorplanId;
    const one = (loc: number, fp: number, i: number): GenBooking => ({
      person: `p${loc}-${i}@example.org`, floorplanId: fp, deskId: `D${i}`, startDay: '2030-03-05', startMin: 540, endDay: '2030-03-05', endMin: 600,
      status: 1, createdDay: '2030-03-01', createdMin: 600, checkedIn: true,
    });
    await insertGenerated(t.pool, { id: site, locationId: four, tz: 'Europe/London' }, admin.id, [0, 1, 2, 3].map((i) => one(four, fp4, i)));
    await insertGenerated(t.pool, { id: site, locationId: five, tz: 'Europe/London' }, admin.id, [0, 1, 2, 3, 4].map((i) => one(five, fp5, i)));
    const url = (loc: number) => `/api/insights?siteId=${site}&from=2030-03-04&to=2030-03-08&locationId=${loc}`;
    const hidden = await get(url(four));
    const shownFive = await get(url(five));
    expect(hidden.Total).toEqual({ Key: 0, BookedHours: null, BookableHours: 5 * 13 * 10, Rate: null });
    expect(hidden.PeakByDay.find((d: { Day: string }) => d.Day === '2030-03-05').Peak).toBeNull();
    expect(hidden.CheckIns).toEqual({ Bookings: null, CheckInRate: null, NoShowRate: null });
    expect(shownFive.Total).toEqual({ Key: 0, BookedHours: 5, BookableHours: 5 * 13 * 10, Rate: 0.0077 });
    expect(shownFive.PeakByDay.find((d: { Day: string }) => d.Day === '2030-03-05').Peak).toBe(5);
    expect(shownFive.CheckIns).toEqual({ Bookings: 5, CheckInRate: 1, NoShowRate: 0 });
    // The whole site: 9 people. The day's people are counted, never shown under 5.
    const daily = await get(`/api/insights/daily?siteId=${site}&from=2030-03-05&to=2030-03-05`);
    expect(daily.Days).toEqual([{ Day: '2030-03-05', BookedAhead: 9, Booked: 9, CheckedIn: 9 }]);
    await setMin(10);
    expect((await get(`/api/insights/daily?siteId=${site}&from=2030-03-05&to=2030-03-05`)).Days).toEqual([{ Day: '2030-03-05', BookedAhead: null, Booked: null, CheckedIn: null }]);
    await setMin(5);
  });
});

describe('who may call (Reporting and Admin; staff 403; signed out 401)', () => {
  const urls = () => [q(), `/api/insights/daily?siteId=${ny.id}&from=${FROM}&to=${TO}`, `/api/insights/daily.csv?siteId=${ny.id}&from=${FROM}&to=${TO}`,
    `/api/insights/desks?floorplanId=${ny.floorplanId}&from=${FROM}&to=${TO}`, '/api/insights/settings'];
  const callers: [string, () => TestUser | undefined, number][] = [['Reporting', () => reporter, 200], ['Admin', () => admin, 200], ['staff', () => staff, 403], ['a signed-out caller', () => undefined, 401]];
  it.each(callers)(
    '%s: %s on every read', async (_n, who, status) => {
      for (const url of urls()) expect((await call(t, who(), 'GET', url)).statusCode, url).toBe(status);
    });
  it('only an Admin saves the settings', async () => {
    const body = { MinGroupSize: 5, WorksCouncilMode: false };
    expect((await call(t, reporter, 'POST', '/api/insights/settings', body)).statusCode).toBe(403);
    expect((await call(t, staff, 'POST', '/api/insights/settings', body)).statusCode).toBe(403);
    expect((await call(t, undefined, 'POST', '/api/insights/settings', body)).statusCode).toBe(401);
    expect((await call(t, admin, 'POST', '/api/insights/settings', body)).json()).toEqual(body);
  });
});

describe('bad input is 4xx with a clear message', () => {
  it.each([
    ['an end before the start', () => `/api/insights?siteId=${ny.id}&from=2030-03-10&to=2030-03-09`, 400, /on or after the start/],
    ['more than a year', () => `/api/insights?siteId=${ny.id}&from=2030-01-01&to=2031-01-02`, 400, /at most 366 days/],
    ['a date that is not one', () => `/api/insights?siteId=${ny.id}&from=2030-02-30&to=2030-03-09`, 400, /real calendar date/],
    ['no site', () => `/api/insights?from=2030-03-01&to=2030-03-09`, 400, /siteId/],
    ['a site id that is not a number', () => `/api/insights?siteId=abc&from=2030-03-01&to=2030-03-09`, 400, /siteId/],
    ['an unknown kind', () => `/api/insights?siteId=${ny.id}&from=2030-03-01&to=2030-03-09&kind=car`, 400, /'desk' or 'room'/],
    ['an unknown query parameter', () => `/api/insights?siteId=${ny.id}&from=2030-03-01&to=2030-03-09&person=1`, 400, /./],
    ['an unknown site', () => `/api/insights?siteId=999999&from=2030-03-01&to=2030-03-09`, 404, /site was not found/],
    ['a floor of another site', () => `/api/insights?siteId=${ny.id}&from=2030-03-01&to=2030-03-09&locationId=999999`, 404, /floor was not found/],
    ['a tag of people', () => `/api/insights?siteId=${ny.id}&from=2030-03-01&to=2030-03-09&tagId=${peopleTag}`, 400, /tag of desks, rooms or floors/],
    ['an unknown tag', () => `/api/insights?siteId=${ny.id}&from=2030-03-01&to=2030-03-09&tagId=999999`, 404, /tag was not found/],
    ['an unknown floorplan', () => `/api/insights/desks?floorplanId=999999&from=2030-03-01&to=2030-03-09`, 404, /floorplan was not found/],
    ['a daily period over a year', () => `/api/insights/daily.csv?siteId=${ny.id}&from=2030-01-01&to=2031-06-01`, 400, /at most 366 days/],
  ])('%s', async (_n, url, status, message) => {
    const res = await call(t, reporter, 'GET', url());
    expect(res.statusCode).toBe(status);
    expect(res.json().Error).toMatch(message);
  });
  it.each([[1], [101], [2.5]])('a minimum group size of %s', async (min) => {
    const res = await call(t, admin, 'POST', '/api/insights/settings', { MinGroupSize: min, WorksCouncilMode: false });
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatch(/MinGroupSize/);
  });
});

describe('works council mode: no per-person data for Reporting users', () => {
  it('refuses the people-tag report and the booking export to Reporting users, not to Admins; aggregates stay', async () => {
    const month = 'from/2030-03-01/to/2030-03-31';
    const people = `/api/bookings/stats/filter/tag/${peopleTag}/${month}`;
    const exportUrl = `/api/bookings/export/filter/all/0/${month}`;
    const counts = `/api/bookings/stats/filter/desk/0/${month}`;
    expect((await call(t, reporter, 'GET', people)).statusCode).toBe(200);
    expect((await call(t, reporter, 'GET', exportUrl)).statusCode).toBe(200);
    await setMin(5, true);
    try {
      for (const url of [people, exportUrl]) {
        const res = await call(t, reporter, 'GET', url);
        expect(res.statusCode, url).toBe(403);
        expect(res.json().Error).toBe(WORKS_COUNCIL_REFUSAL);
        expect((await call(t, admin, 'GET', url)).statusCode, url).toBe(200);
      }
      expect((await call(t, reporter, 'GET', counts)).statusCode).toBe(200);
      expect((await call(t, reporter, 'GET', q())).statusCode).toBe(200);
      expect((await get('/api/insights/settings')).WorksCouncilMode).toBe(true);
    } finally {
      await setMin(5, false);
    }
  });
});
