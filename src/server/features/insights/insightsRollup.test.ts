import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, type TestUser } from '../../testing/testApp.js';
import { insertLocation, insertPublishedFloorplan, insertSite } from '../../testing/fixtures.js';
import { call } from '../orgAccess/orgTestKit.js';
import { expectedDaily, expectedDesks, expectedInsights, type World } from './insightsExpected.js';
import { generate, insertGenerated, seeded, type GenBooking } from './insightsTestData.js';

/**
 * The roll-ups (migration 0032, insightsRollup.ts) against the same straightforward counts as
 * insights.test.ts, on days in the past (only days that ended over three days ago are rolled up): a
 * New York fortnight holding the daylight-saving day (Sunday 9 March 2025), a closed Wednesday, desks on
 * two floorplans of one floor (so people move between units and the per-unit lower bounds are tested),
 * bookings across midnight. Then bookings change (cancel, check in, a holder anonymised, a new old
 * booking, a deletion) and every figure must follow, through the trigger that forgets rolled days.
 */
let t: Awaited<ReturnType<typeof buildTestApp>>;
let admin: TestUser, reporter: TestUser;
let site: { id: number; locationId: number; tz: string; fpA: number; fpB: number };
const FROM = '2025-03-03'; const TO = '2025-03-16';
const CLOSED = '2025-03-12';
const DESKS = Array.from({ length: 10 }, (_, i) => `D${i}`);
let rows: GenBooking[] = [];

const setMin = async (min: number) => {
  expect((await call(t, admin, 'POST', '/api/insights/settings', { MinGroupSize: min, WorksCouncilMode: false })).statusCode).toBe(200);
};
const world = (min: number): World => ({ rows, from: FROM, to: TO, ds: 420, de: 1200, resources: 10, closedDays: [CLOSED], now: new Date(), min });
const get = async (url: string) => {
  const res = await call(t, reporter, 'GET', url);
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json();
};
const rolledDays = async () => (await t.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM insight_days WHERE site_id = $1', [site.id])).rows[0]!.n;
const strip = (x: Record<string, unknown>) => ({ ...x, SiteId: undefined, TimeZone: undefined, From: undefined, To: undefined, Kind: undefined, MinGroupSize: undefined, DayStartMinutes: undefined, DayEndMinutes: undefined, AttendeesKnown: undefined });

/** Every figure of every insight equals the straightforward count, for a small and a large minimum. */
async function expectAllExact(): Promise<void> {
  for (const min of [2, 5, 9]) {
    await setMin(min);
    expect(strip(await get(`/api/insights?siteId=${site.id}&from=${FROM}&to=${TO}`))).toEqual(strip(expectedInsights(world(min))));
    expect((await get(`/api/insights/daily?siteId=${site.id}&from=${FROM}&to=${TO}`)).Days).toEqual(expectedDaily(world(min)));
    const heat = await get(`/api/insights/desks?floorplanId=${site.fpA}&from=${FROM}&to=${TO}`);
    expect(heat.Desks.map((d: { DeskId: string; Rate: number | null }) => ({ DeskId: d.DeskId, Rate: d.Rate }))).toEqual(expectedDesks(world(min), DESKS.slice(0, 5)));
  }
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t, { roles: ['Admin'] });
  reporter = await createUser(t, { roles: ['Reporting'] });
  const siteId = await insertSite(t.pool, { title: 'New York', timeZone: 'America/New_York' });
  const locationId = await insertLocation(t.pool, siteId);
  const fpA = (await insertPublishedFloorplan(t.pool, locationId, DESKS.slice(0, 5).map((id) => ({ id })))).floorplanId;
  const fpB = (await insertPublishedFloorplan(t.pool, locationId, DESKS.slice(5).map((id) => ({ id })))).floorplanId;
  site = { id: siteId, locationId, tz: 'America/New_York', fpA, fpB };
  await t.pool.query(`INSERT INTO closures (site_id, whole_site, starts_at, ends_at, reason, created_by)
    VALUES ($1, true, '2025-03-12 00:00'::timestamp AT TIME ZONE 'America/New_York', '2025-03-13 00:00'::timestamp AT TIME ZONE 'America/New_York', 'Holiday', $2)`, [siteId, admin.id]);
  const people = Array.from({ length: 12 }, (_, i) => `person${i}@example.org`);
  const desks = DESKS.map((deskId, i) => ({ floorplanId: i < 5 ? fpA : fpB, deskId }));
  rows = generate({ rand: seeded(2025), people, desks, from: '2025-02-28', to: '2025-03-19', skip: [CLOSED] });
  const across = (startDay: string, endDay: string): GenBooking => ({
    person: people[0]!, floorplanId: fpA, deskId: 'D0', startDay, startMin: 22 * 60, endDay, endMin: 10 * 60, status: 1,
    createdDay: '2025-02-20', createdMin: 600, checkedIn: false,
  });
  rows.push(across('2025-03-08', '2025-03-09'), across('2025-03-09', '2025-03-10'), across('2025-03-02', '2025-03-03'), across('2025-03-16', '2025-03-17'));
  await insertGenerated(t.pool, { id: siteId, locationId, tz: site.tz }, admin.id, rows);
}, 60_000);
afterAll(() => t.dropDatabase());

describe('roll-ups of closed days equal the straightforward count', () => {
  it('the first read rolls the fortnight up; then every figure is exact from the stored rows', async () => {
    expect(await rolledDays()).toBe(0);
    await setMin(2);
    await get(`/api/insights?siteId=${site.id}&from=${FROM}&to=${TO}`);
    expect(await rolledDays()).toBe(14);
    await expectAllExact();
  });

  it('follows every change to an old booking (the trigger forgets its days; the next read rolls them again)', async () => {
    const active = rows.filter((b) => b.status === 1 && !b.checkedIn && b.startDay >= FROM && b.startDay <= TO && b.startDay === b.endDay);
    // Cancel one (three days ahead of its start), check one in, anonymise one holder as retention does.
    const [c, k, a] = [active[0]!, active[1]!, active[2]!];
    await t.pool.query(`UPDATE bookings SET status = 3, cancelled_at = starts_at - interval '3 days' WHERE id = $1`, [c.id]);
    Object.assign(c, { status: 3, cancelledDay: new Date(Date.parse(`${c.startDay}T00:00:00Z`) - 3 * 86_400_000).toISOString().slice(0, 10), cancelledMin: c.startMin });
    await t.pool.query('UPDATE bookings SET checked_in_at = starts_at WHERE id = $1', [k.id]);
    k.checkedIn = true;
    await t.pool.query(`UPDATE bookings SET holder_key = 'retained-' || id || '@erased.invalid' WHERE id = $1`, [a.id]);
    a.person = `retained-${a.id}@erased.invalid`;
    expect(await rolledDays()).toBeLessThan(14);
    await expectAllExact();
    expect(await rolledDays()).toBe(14);
    // A booking written late for an old day, and one deleted.
    const late: GenBooking = { person: 'late@example.org', floorplanId: site.fpA, deskId: 'D0', startDay: '2025-03-05', startMin: 1140, endDay: '2025-03-05', endMin: 1190,
      status: 1, createdDay: '2025-03-04', createdMin: 600, checkedIn: false };
    await insertGenerated(t.pool, { id: site.id, locationId: site.locationId, tz: site.tz }, admin.id, [late]);
    rows.push(late);
    const gone = active[3]!;
    await t.pool.query('DELETE FROM bookings WHERE id = $1', [gone.id]);
    rows = rows.filter((b) => b !== gone);
    expect(await rolledDays()).toBeLessThan(14);
    await expectAllExact();
  });

  it('new day hours: the days rolled with the old ones are built again', async () => {
    await t.pool.query('UPDATE sites SET day_start_minutes = 480, day_end_minutes = 1050 WHERE id = $1', [site.id]);
    try {
      await setMin(2);
      const got = await get(`/api/insights?siteId=${site.id}&from=${FROM}&to=${TO}`);
      expect(strip(got)).toEqual(strip(expectedInsights({ ...world(2), ds: 480, de: 1050 })));
      expect((await t.pool.query('SELECT DISTINCT ds, de FROM insight_days WHERE site_id = $1', [site.id])).rows).toEqual([{ ds: 480, de: 1050 }]);
    } finally {
      await t.pool.query('UPDATE sites SET day_start_minutes = 420, day_end_minutes = 1200 WHERE id = $1', [site.id]);
    }
  });

  it('a desk tag splits a floorplan: the answer comes from the bookings, still exact', async () => {
    await setMin(2);
    const tag = (await t.pool.query<{ id: number }>("INSERT INTO tags (label, type) VALUES ('Quiet', 2) RETURNING id")).rows[0]!.id;
    await t.pool.query(
      `UPDATE layouts SET json = (SELECT jsonb_set(json::jsonb, '{desks}', jsonb_agg(CASE WHEN d ->> 'id' IN ('D1','D2')
         THEN jsonb_set(d, '{tags}', jsonb_build_array(jsonb_build_object('Id', $2::int, 'Label', 'Quiet', 'Tooltip', ''))) ELSE d END))::text
         FROM jsonb_array_elements(json::jsonb -> 'desks') d) WHERE floorplan_id = $1`, [site.fpA, tag]);
    const got = await get(`/api/insights?siteId=${site.id}&from=${FROM}&to=${TO}&tagId=${tag}`);
    const want = expectedInsights({ ...world(2), rows: rows.filter((b) => ['D1', 'D2'].includes(b.deskId)), resources: 2 });
    expect(got.Total).toEqual(want.Total);
    expect(got.ByHour).toEqual(want.ByHour);
    expect(got.PeakByDay).toEqual(want.PeakByDay);
    expect(got.CheckIns).toEqual(want.CheckIns);
  });
});
