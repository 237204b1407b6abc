import type pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPool } from '../../db/pool.js';
import { inTransaction } from '../../db/transaction.js';
import { insertLocation, insertPublishedFloorplan, insertSite } from '../../testing/fixtures.js';
import { createTestDatabase } from '../../testing/testApp.js';
import { anonymiseBatch, ensureFormerMember } from './retention.repo.js';
import { cutoffFor, runAuditPrune, runBookingRetention } from './retention.service.js';

/**
 * Retention (issue 25) against one real database, with several pools standing for several app
 * instances: old bookings are anonymised exactly once, however many instances run the job at once.
 */
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let instances: pg.Pool[];
let place: { siteId: number; locationId: number; roomId: number; floorplanId: number };
let ann: number, formerMember: number;

const NOW = new Date('2030-06-15T10:00:00Z');
const deps = (pool: pg.Pool, now = NOW) => ({ pool, now: () => now });

beforeAll(async () => {
  db = await createTestDatabase();
  instances = [createPool(db.url, 4), createPool(db.url, 4), createPool(db.url, 4)];
  const siteId = await insertSite(db.pool);
  const locationId = await insertLocation(db.pool, siteId);
  const roomId = (await db.pool.query<{ id: number }>("INSERT INTO rooms (location_id, name, room_type, capacity, equipment) VALUES ($1, 'Thames', 0, 8, '') RETURNING id", [locationId])).rows[0]!.id;
  const { floorplanId } = await insertPublishedFloorplan(db.pool, locationId, [{ id: 'D1' }, { id: 'D2' }]);
  place = { siteId, locationId, roomId, floorplanId };
  ann = (await db.pool.query<{ id: number }>("INSERT INTO users (email, full_name) VALUES ('ann.keep@example.org', 'Ann Keep') RETURNING id")).rows[0]!.id;
  formerMember = await ensureFormerMember(db.pool);
});
afterAll(async () => {
  await Promise.all(instances.map((p) => p.end()));
  await db.drop();
});
beforeEach(async () => {
  await db.pool.query('DELETE FROM bookings');
  await db.pool.query('DELETE FROM booking_series');
  await db.pool.query('DELETE FROM audit_log');
  await db.pool.query('DELETE FROM daily_job_runs');
  await db.pool.query('UPDATE global_settings SET booking_retention_months = NULL, audit_retention_months = 24');
});

/** A half-hour booking of the room (or of a desk) with every personal field filled. */
async function book(begin: Date, o: { desk?: string; status?: number; seriesId?: string; holder?: string } = {}): Promise<number> {
  const { rows } = await db.pool.query<{ id: string }>(
    `INSERT INTO bookings (site_id, location_id, room_id, floorplan_id, desk_id, starts_at, finishes_at, booked_by_user_id, holder_key, status,
       description, on_behalf_of_email, checked_in_by_user_id, checked_in_by_name, checked_in_at, cancellation_reason, cancelled_by_user_id,
       series_id, occurrence_date)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $14, $9, 'Ann and Bob: pay review', 'bob.other@example.org', $8, 'Ann Keep', $6,
       $10, $11, $12, $13) RETURNING id`,
    [place.siteId, place.locationId, o.desk ? null : place.roomId, o.desk ? place.floorplanId : null, o.desk ?? null, begin,
      new Date(begin.getTime() + 1_800_000), ann, o.status ?? 1, o.status === 3 ? 'Ann is off sick' : '', o.status === 3 ? ann : null,
      o.seriesId ?? null, o.seriesId ? begin.toISOString().slice(0, 10) : null, o.holder ?? 'bob.other@example.org'],
  );
  return Number(rows[0]!.id);
}
/** Room bookings an hour apart from `start`. */
const bookMany = async (n: number, start: Date) => {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) ids.push(await book(new Date(start.getTime() + i * 3_600_000)));
  return ids;
};
const setMonths = (months: number | null) => db.pool.query('UPDATE global_settings SET booking_retention_months = $1', [months]);

interface Kept { id: string; booked_by_user_id: number; holder_key: string; description: string; on_behalf_of_email: string; checked_in_by_user_id: number | null;
  checked_in_by_name: string | null; checked_in_at: Date | null; cancellation_reason: string; cancelled_by_user_id: number | null; status: number; anonymised_at: Date | null; ics_sequence: number }
const rowsOf = async () => new Map((await db.pool.query<Kept>('SELECT * FROM bookings ORDER BY id')).rows.map((r) => [Number(r.id), r]));
const runs = async () => (await db.pool.query('SELECT actor_id, actor_name, action, changes FROM audit_log WHERE action = $1', ['retention.run'])).rows;

describe('booking retention', () => {
  it('is off by default: nothing is touched and nothing is logged', async () => {
    await book(new Date('2020-01-01T09:00:00Z'));
    expect(await runBookingRetention(deps(db.pool))).toEqual({ ran: false, anonymised: 0 });
    expect([...(await rowsOf()).values()][0]!.anonymised_at).toBeNull();
    expect(await runs()).toEqual([]);
  });

  it('anonymises exactly the bookings that started before the period, keeping what counts need', async () => {
    await setMonths(24);
    const cutoff = cutoffFor(NOW, 24);
    expect(cutoff.toISOString()).toBe('2028-06-15T10:00:00.000Z');
    const series = (await db.pool.query<{ id: string }>(
      `INSERT INTO booking_series (rule, first_date, start_minutes, duration_minutes, time_zone, booked_by_user_id)
       VALUES ('{}', '2028-01-03', 540, 30, 'Europe/London', $1) RETURNING id`, [ann])).rows[0]!.id;
    const old = await book(new Date(cutoff.getTime() - 60_000), { desk: 'D1' }); // a minute before the cutoff
    const cancelledOld = await book(new Date('2027-03-01T09:00:00Z'), { status: 3 });
    const deskA = await book(new Date('2027-05-05T09:00:00Z'), { desk: 'D1' });
    // Two people's desks at the same time: after anonymising, each booking holds a key of its own (one desk at a time still holds).
    const deskB = await book(new Date('2027-05-05T09:00:00Z'), { desk: 'D2', holder: 'cy.third@example.org' });
    const inSeries = await book(new Date('2028-01-03T09:00:00Z'), { seriesId: series });
    const atCutoff = await book(cutoff);
    const recent = await book(new Date('2030-06-01T09:00:00Z'));

    const result = await runBookingRetention(deps(db.pool), 2);
    expect(result).toEqual({ ran: true, anonymised: 5 });
    const rows = await rowsOf();
    expect(rows.size).toBe(7); // counts kept
    for (const id of [old, cancelledOld, deskA, deskB, inSeries]) {
      expect(rows.get(id), String(id)).toMatchObject({
        booked_by_user_id: formerMember, holder_key: `retained-${id}@erased.invalid`, description: '', on_behalf_of_email: '',
        checked_in_by_user_id: null, checked_in_by_name: null, cancellation_reason: '', cancelled_by_user_id: null, anonymised_at: NOW,
      });
      expect(rows.get(id)!.checked_in_at, 'checked-in rates survive').not.toBeNull();
    }
    expect(rows.get(cancelledOld)!.status).toBe(3);
    for (const id of [atCutoff, recent]) {
      expect(rows.get(id)).toMatchObject({ booked_by_user_id: ann, description: 'Ann and Bob: pay review', checked_in_by_name: 'Ann Keep', anonymised_at: null });
    }
    expect((await db.pool.query('SELECT booked_by_user_id FROM booking_series WHERE id = $1', [series])).rows[0].booked_by_user_id).toBe(formerMember);
    expect(await runs()).toEqual([{
      actor_id: null, actor_name: 'Hotdesk (automatic)', action: 'retention.run',
      changes: { BookingsAnonymised: { Before: null, After: 5 }, RetentionMonths: { Before: null, After: 24 }, StartedBefore: { Before: null, After: cutoff.toISOString() } },
    }]);
  });

  it('runs once a day across three instances started at the same moment, each booking anonymised once', async () => {
    await setMonths(12);
    const ids = await bookMany(30, new Date('2026-01-01T08:00:00Z'));
    const results = await Promise.all(instances.map((pool) => runBookingRetention(deps(pool), 4)));
    expect(results.filter((r) => r.ran)).toEqual([{ ran: true, anonymised: 30 }]);
    const rows = await rowsOf();
    // The calendar SEQUENCE trigger counts updates: exactly one per booking.
    expect(ids.map((id) => rows.get(id)!.ics_sequence)).toEqual(ids.map(() => 1));
    expect(await runs()).toHaveLength(1);
    // The same day again does nothing; the next day's run finds nothing new.
    expect(await runBookingRetention(deps(instances[0]!), 4)).toEqual({ ran: false, anonymised: 0 });
    expect(await runBookingRetention(deps(instances[1]!, new Date(NOW.getTime() + 86_400_000)), 4)).toEqual({ ran: true, anonymised: 0 });
    expect([...(await rowsOf()).values()].map((r) => r.ics_sequence)).toEqual(ids.map(() => 1));
  });

  it('never anonymises a booking twice even when runs overlap without the day claim (the statement alone is safe)', async () => {
    const ids = await bookMany(60, new Date('2026-01-01T08:00:00Z'));
    const cutoff = new Date('2027-01-01T00:00:00Z');
    const drain = async (pool: pg.Pool) => {
      let total = 0;
      for (;;) {
        const n = (await inTransaction(pool, (c) => anonymiseBatch(c, formerMember, cutoff, NOW, 3))).count;
        total += n;
        if (n === 0) return total;
      }
    };
    const totals = await Promise.all(instances.map(drain));
    expect(totals.reduce((a, b) => a + b, 0)).toBe(60);
    const rows = await rowsOf();
    expect(ids.map((id) => rows.get(id)!.ics_sequence)).toEqual(ids.map(() => 1));
  });
});

describe('audit log pruning', () => {
  it('deletes entries older than the kept period, once a day', async () => {
    await db.pool.query('UPDATE global_settings SET audit_retention_months = 12');
    const at = (iso: string) => db.pool.query(
      "INSERT INTO audit_log (at, actor_name, action, target_type) VALUES ($1, 'A', 'team.update', 'team')", [iso]);
    await at('2029-06-15T09:59:00Z'); // just over 12 months before NOW
    await at('2029-06-15T10:01:00Z'); // just within
    await at('2030-06-01T00:00:00Z');
    const pruned = await Promise.all(instances.map((pool) => runAuditPrune(deps(pool))));
    expect(pruned.sort()).toEqual([0, 0, 1]);
    expect((await db.pool.query('SELECT at FROM audit_log ORDER BY at')).rows.map((r) => r.at.toISOString()))
      .toEqual(['2029-06-15T10:01:00.000Z', '2030-06-01T00:00:00.000Z']);
  });
});
