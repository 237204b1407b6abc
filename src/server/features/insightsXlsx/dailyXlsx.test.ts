import { readSheet } from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertLocation, insertPublishedFloorplan, insertSite } from '../../testing/fixtures.js';
import { buildTestApp, createUser, type TestUser } from '../../testing/testApp.js';
import { XLSX_TYPE } from './dailyXlsx.service.js';

/**
 * GET /api/insights/daily.xlsx (issue 25): the daily table as a workbook, opened again with the
 * reading half of the same library (read-excel-file, same author as write-excel-file); the same
 * figures and suppression as the JSON, and the CSV's access and limit.
 */
let t: Awaited<ReturnType<typeof buildTestApp>>;
let admin: TestUser, reporter: TestUser, staff: TestUser;
let siteId: number;
const NOW = new Date('2030-06-20T12:00:00Z');
const url = (q = '') => `/api/insights/daily.xlsx?siteId=${siteId}&from=2030-06-17&to=2030-06-19${q}`;
const get = (who: TestUser | undefined, u: string) => t.app.inject({ method: 'GET', url: u, headers: who ? { cookie: who.cookie } : {} });

beforeAll(async () => {
  t = await buildTestApp({ now: NOW });
  admin = await createUser(t, { roles: ['Admin'] });
  reporter = await createUser(t, { roles: ['Reporting'] });
  staff = await createUser(t);
  siteId = await insertSite(t.pool, { title: 'Workbook House', timeZone: 'Europe/London' });
  const locationId = await insertLocation(t.pool, siteId);
  const { floorplanId } = await insertPublishedFloorplan(t.pool, locationId, Array.from({ length: 6 }, (_, i) => ({ id: `D${i}` })));
  // Monday: 6 people booked a week ahead, 5 of them checked in; Tuesday: 4 people (suppressed); Wednesday: nobody.
  const book = (day: string, i: number, checkedIn: boolean) => t.pool.query(
    `INSERT INTO bookings (site_id, location_id, floorplan_id, desk_id, starts_at, finishes_at, booked_by_user_id, holder_key, status, created_at, checked_in_at)
     VALUES ($1, $2, $3, $4, ($5::date + time '09:00') AT TIME ZONE 'Europe/London', ($5::date + time '17:00') AT TIME ZONE 'Europe/London', $6, $7, 1,
       $5::date - 7, CASE WHEN $8 THEN ($5::date + time '09:05') AT TIME ZONE 'Europe/London' END)`,
    [siteId, locationId, floorplanId, `D${i}`, day, admin.id, `p${i}@example.org`, checkedIn]);
  for (let i = 0; i < 6; i++) await book('2030-06-17', i, i < 5);
  for (let i = 0; i < 4; i++) await book('2030-06-18', i, false);
}, 60_000);
afterAll(() => t.dropDatabase());

describe('GET /api/insights/daily.xlsx', () => {
  it('is a workbook of the daily table: dates as dates, counts as numbers, "fewer than N" for small groups', async () => {
    const res = await get(reporter, url());
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_TYPE);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="daily-site-${siteId}-2030-06-17-2030-06-19.xlsx"`);
    expect(res.headers['cache-control']).toBe('no-store');
    const rows = await readSheet(res.rawPayload);
    expect(rows).toEqual([
      ['Day', 'Booked ahead', 'Booked now', 'Checked in'],
      [new Date('2030-06-17T00:00:00Z'), 6, 6, 5],
      [new Date('2030-06-18T00:00:00Z'), 'fewer than 5', 'fewer than 5', 'fewer than 5'],
      [new Date('2030-06-19T00:00:00Z'), 'fewer than 5', 'fewer than 5', 'fewer than 5'],
    ]);
    // The same figures as the JSON answer.
    const json = (await get(reporter, url().replace('daily.xlsx', 'daily'))).json();
    expect(json.Days[0]).toEqual({ Day: '2030-06-17', BookedAhead: 6, Booked: 6, CheckedIn: 5 });
    expect((await get(admin, url())).statusCode).toBe(200);
  });

  it('is for Reporting and Admin only, and refuses bad queries and unknown sites', async () => {
    expect((await get(staff, url())).statusCode).toBe(403);
    expect((await get(undefined, url())).statusCode).toBe(401);
    const bad = await get(reporter, `/api/insights/daily.xlsx?siteId=${siteId}&from=2030-06-19&to=2030-06-17`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Message ?? bad.body).toMatch(/on or after the start date/);
    expect((await get(reporter, `/api/insights/daily.xlsx?siteId=${siteId}&from=2030-01-01&to=2031-06-01`)).statusCode).toBe(400);
    expect((await get(reporter, '/api/insights/daily.xlsx?siteId=999999&from=2030-06-17&to=2030-06-19')).statusCode).toBe(404);
    expect((await get(reporter, url('&extra=1'))).statusCode).toBe(400);
  });

  it('counts against the insights reads limit (shared with the CSV): 429 past it', async () => {
    await t.pool.query(
      "INSERT INTO read_limits (key, window_start, reads) VALUES ($1, date_trunc('minute', now()), $2) ON CONFLICT (key) DO UPDATE SET window_start = EXCLUDED.window_start, reads = EXCLUDED.reads",
      [`insights:${reporter.id}`, 100_000]); // past any per-minute limit the insights routes set
    expect((await get(reporter, url())).statusCode).toBe(429);
    await t.pool.query('DELETE FROM read_limits WHERE key = $1', [`insights:${reporter.id}`]);
  });
});
