import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, createUser } from '../../testing/testApp.js';
import { insertLocation, insertPublishedFloorplan, insertSite } from '../../testing/fixtures.js';
import { DeskInsertBatcher, type NewDeskBooking } from './deskInsertBatcher.js';

/**
 * The group-commit batcher against a real PostgreSQL: bookings that arrive together are written in
 * one statement, each caller gets its own booking back, and clashes or failures get exactly the
 * error a booking written alone would get.
 */
let t: Awaited<ReturnType<typeof buildTestApp>>;
let site: number, location: number, floorplan: number, layout: number, userId: number;
const DESKS = Array.from({ length: 60 }, (_, i) => ({ id: `D${i}` }));
const base = Date.UTC(2031, 0, 6, 9);

beforeAll(async () => {
  t = await buildTestApp();
  userId = (await createUser(t)).id;
  site = await insertSite(t.pool);
  location = await insertLocation(t.pool, site);
  ({ floorplanId: floorplan, layoutId: layout } = await insertPublishedFloorplan(t.pool, location, DESKS));
});
afterAll(() => t.dropDatabase());
beforeEach(() => t.pool.query('DELETE FROM bookings'));

const row = (desk: string, holder: string, hour = 0, o: Partial<NewDeskBooking> = {}): NewDeskBooking => ({
  siteId: site, locationId: location, floorplanId: floorplan, layoutId: layout, deskId: desk, deskName: `Desk ${desk}`,
  start: new Date(base + hour * 3_600_000), finish: new Date(base + (hour + 2) * 3_600_000), description: `for ${holder}`,
  onBehalfOfEmail: '', bookedByUserId: userId, holderKey: holder, includeParking: false, ...o,
});
const settle = (b: DeskInsertBatcher, rows: NewDeskBooking[]) => Promise.allSettled(rows.map((r) => b.insert(r)));
const errorOf = (r: PromiseSettledResult<unknown>) => (r.status === 'rejected' ? (r.reason as { code?: string; constraint?: string }) : undefined);

describe('DeskInsertBatcher', () => {
  it('writes bookings that arrive together in batches and answers each caller with its own booking', async () => {
    const b = new DeskInsertBatcher(t.pool);
    const rows = DESKS.map((d, i) => row(d.id, `p${i}@example.org`, i));
    const results = await settle(b, rows);
    expect(b.stats.rowsBatched).toBeGreaterThan(0);
    results.forEach((r, i) => {
      expect(r.status).toBe('fulfilled');
      const booking = (r as PromiseFulfilledResult<Awaited<ReturnType<DeskInsertBatcher['insert']>>>).value;
      expect(booking).toMatchObject({ DeskId: rows[i]!.deskId, Start: rows[i]!.start.toISOString(), Description: rows[i]!.description, Status: 1 });
    });
    const stored = (await t.pool.query('SELECT count(*)::int AS n FROM bookings')).rows[0].n;
    expect(stored).toBe(rows.length);
  });

  it('lets exactly one of two clashing bookings in one batch win; the other gets the constraint error', async () => {
    const b = new DeskInsertBatcher(t.pool);
    // Fillers first (the first is written alone, the rest wait), then 20 pairs for the same desk and time: one batch.
    const fillers = [0, 1, 2, 3].map((i) => row(`D${50 + i}`, `f${i}@example.org`, 100 + i));
    const pairs = Array.from({ length: 20 }, (_, i) => [row(`D${i}`, `a${i}@example.org`, i), row(`D${i}`, `b${i}@example.org`, i + 1)]).flat();
    const results = await settle(b, [...fillers, ...pairs]);
    expect(b.stats.batches).toBeGreaterThan(0);
    for (let i = 0; i < 20; i++) {
      const pair = results.slice(4 + 2 * i, 6 + 2 * i);
      expect(pair.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      expect(pair.map(errorOf).find(Boolean)).toMatchObject({ code: '23P01', constraint: 'desk_not_double_booked' });
    }
    const active = (await t.pool.query('SELECT count(*)::int AS n FROM bookings WHERE status = 1')).rows[0].n;
    expect(active).toBe(4 + 20);
  });

  it("refuses one person's second overlapping desk with the person rule, in a batch too", async () => {
    const b = new DeskInsertBatcher(t.pool);
    const fillers = [0, 1, 2, 3].map((i) => row(`D${50 + i}`, `f${i}@example.org`, 100 + i));
    const results = await settle(b, [...fillers, row('D1', 'same@example.org'), row('D2', 'same@example.org', 1)]);
    expect(results.slice(4).filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.slice(4).map(errorOf).find(Boolean)).toMatchObject({ code: '23P01', constraint: 'person_one_desk_at_a_time' });
  });

  it('when the batch statement fails, every booking still gets its own answer', async () => {
    const b = new DeskInsertBatcher(t.pool);
    const gone = await insertLocation(t.pool, site, { title: 'Closed floor' });
    await t.pool.query('UPDATE locations SET deleted_at = now() WHERE id = $1', [gone]);
    const fillers = [0, 1, 2, 3].map((i) => row(`D${50 + i}`, `f${i}@example.org`, 100 + i));
    const good = [0, 1, 2].map((i) => row(`D${i}`, `g${i}@example.org`, i));
    const bad = row('D9', 'bad@example.org', 0, { locationId: gone });
    const results = await settle(b, [...fillers, good[0]!, bad, good[1]!, good[2]!]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect(errorOf(results[5]!)).toMatchObject({ constraint: 'booking_place_live' });
  });
});
