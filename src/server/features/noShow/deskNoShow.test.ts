import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, type TestUser } from '../../testing/testApp.js';
import { insertLocation, insertPublishedFloorplan, insertSite } from '../../testing/fixtures.js';
import { insertBooking, minutes } from '../myBookings/bookingTestKit.js';
import { readQueueDepths } from '../../jobs/queueDepths.js';
import { releaseNoShows } from './noShow.service.js';

const START = new Date('2030-01-07T09:00:00Z');

let t: Awaited<ReturnType<typeof buildTestApp>>;
let owner: TestUser;
let siteId: number, locationId: number, floorplanId: number;

beforeAll(async () => {
  t = await buildTestApp({ now: START });
  owner = await createUser(t, { email: 'owner@example.org' });
  siteId = await insertSite(t.pool, { title: 'London HQ' });
  await t.pool.query('UPDATE sites SET desk_check_ins = true WHERE id = $1', [siteId]);
  locationId = await insertLocation(t.pool, siteId, { title: 'Floor 2' });
  ({ floorplanId } = await insertPublishedFloorplan(t.pool, locationId, [{ id: 'd1', alias: 'Desk 1' }]));
});
afterAll(() => t.dropDatabase());
beforeEach(async () => {
  t.setNow(START);
  await t.pool.query('DELETE FROM bookings');
  await t.pool.query('DELETE FROM mail_outbox');
  await t.pool.query('DELETE FROM push_outbox');
});

const desk = (o: { location?: number; desk?: string; checkedIn?: boolean; onBehalfOf?: string } = {}) => insertBooking(t.pool, {
  siteId, locationId: o.location ?? locationId, floorplanId, deskId: o.desk ?? 'd1', userId: owner.id, start: START, finish: minutes(START, 480),
  checkedInAt: o.checkedIn ? START : undefined, onBehalfOf: o.onBehalfOf, description: '', holderKey: `holder-${o.desk ?? 'd1'}@example.org`,
});
const status = async (id: number) => (await t.pool.query('SELECT status, cancellation_reason FROM bookings WHERE id = $1', [id])).rows[0];
const justAfter = (d: Date) => new Date(d.getTime() + 1);

describe('desk no-show release', () => {
  it('releases strictly after the window closes (start + 30 min), mails the owner with the calendar CANCEL, pushes, and the live channel reports it', async () => {
    const id = await desk({ onBehalfOf: 'visitor@example.org' });
    const listener = new pg.Client(t.pool.options);
    await listener.connect();
    const notices: Array<{ b: number; k: string; st: number; d: string }> = [];
    listener.on('notification', (n) => notices.push(JSON.parse(n.payload ?? '{}')));
    await listener.query('LISTEN hotdesk_live');
    try {
      t.setNow(minutes(START, 30));
      expect(await releaseNoShows(t.deps)).toEqual([]);
      t.setNow(justAfter(minutes(START, 30)));
      expect(await releaseNoShows(t.deps)).toEqual([id]);
      expect(await status(id)).toEqual({ status: 4, cancellation_reason: 'Nobody checked in within 30 minutes of the start.' });
      const mail = (await t.pool.query('SELECT to_address, subject, body_text, ics FROM mail_outbox ORDER BY id')).rows;
      expect(mail.map((m) => m.to_address)).toEqual(['owner@example.org', 'visitor@example.org']);
      expect(mail[0].subject).toBe('Desk booking released: nobody checked in');
      expect(mail[0].body_text).toContain('Desk d1 (Plan, London HQ) within 30 minutes');
      expect(mail[0].ics).toContain('METHOD:CANCEL');
      expect(mail[0].ics).toContain(`UID:hotdesk-booking-${id}`);
      expect((await t.pool.query('SELECT user_id FROM push_outbox')).rows).toEqual([{ user_id: owner.id }]);
      // Every instance's live channel hears the desk turn free (migration 0025's trigger), at commit.
      await expect.poll(() => notices.find((n) => n.b === id && n.st === 4)).toMatchObject({ k: 'desk', d: 'd1' });
      // The desk is free again: someone else may book that time.
      await expect(desk()).resolves.toBeGreaterThan(0);
    } finally {
      await listener.end();
    }
  });

  it('follows the location: its window, its "off", and leaves checked-in bookings and sites without check-in alone', async () => {
    const checkedIn = await desk({ checkedIn: true });
    const offLocation = await insertLocation(t.pool, siteId);
    await t.pool.query('UPDATE locations SET desk_check_ins = false WHERE id = $1', [offLocation]);
    const off = await desk({ location: offLocation, desk: 'd2' });
    const shortLocation = await insertLocation(t.pool, siteId);
    await t.pool.query('UPDATE locations SET desk_check_in_before_minutes = 0, desk_check_in_after_minutes = 15 WHERE id = $1', [shortLocation]);
    const short = await desk({ location: shortLocation, desk: 'd3' });
    const noCheckInSite = await insertSite(t.pool, { title: 'Off site' });
    const offSiteLocation = await insertLocation(t.pool, noCheckInSite);
    const offSite = await insertBooking(t.pool, { siteId: noCheckInSite, locationId: offSiteLocation, floorplanId, deskId: 'd4', userId: owner.id, start: START, finish: minutes(START, 480), holderKey: 'holder-d4@example.org' });
    t.setNow(justAfter(minutes(START, 15)));
    expect(await releaseNoShows(t.deps)).toEqual([short]);
    t.setNow(minutes(START, 200));
    expect(await releaseNoShows(t.deps)).toEqual([]);
    expect(await Promise.all([checkedIn, off, offSite].map(async (id) => (await status(id)).status))).toEqual([1, 1, 1]);
  });

  it('/metrics reports the desks waiting for release as the desk_no_show queue, aged from the window\'s close, and empties when released', async () => {
    const deskQueue = async () => (await readQueueDepths(t.pool, t.deps.now())).find((d) => d.queue === 'desk_no_show');
    await desk();
    await desk({ desk: 'd2', checkedIn: true }); // checked in: never waiting
    t.setNow(minutes(START, 30)); // the window (30 minutes after the start) has not closed yet
    expect(await deskQueue()).toEqual({ queue: 'desk_no_show', pending: 0, due: 0, oldestSeconds: 0 });
    t.setNow(minutes(START, 40));
    expect(await deskQueue()).toEqual({ queue: 'desk_no_show', pending: 1, due: 1, oldestSeconds: 10 * 60 });
    expect((await readQueueDepths(t.pool, t.deps.now())).find((d) => d.queue === 'no_show')?.pending).toBe(0); // rooms apart
    await releaseNoShows(t.deps);
    expect(await deskQueue()).toEqual({ queue: 'desk_no_show', pending: 0, due: 0, oldestSeconds: 0 });
  });

  it('releases and announces each booking exactly once when three instances run the job at once, twice each', async () => {
    const N = 450; // more than two batches of 200, so the runs interleave batch by batch
    await t.pool.query(
      `INSERT INTO bookings (site_id, location_id, floorplan_id, desk_id, desk_name, starts_at, finishes_at, booked_by_user_id, holder_key, status)
       SELECT $1, $2, $3, 'desk-' || g, 'Desk ' || g, $4, $4::timestamptz + interval '8 hours', $5, 'holder-' || g || '@example.org', 1
       FROM generate_series(1, $6) g`, [siteId, locationId, floorplanId, START, owner.id, N]);
    // Three "instances": each its own connection pool to the same database, as separate processes would have.
    const pools = [0, 1, 2].map(() => new pg.Pool({ ...t.pool.options, max: 3 }));
    try {
      const now = minutes(START, 45);
      const runs = pools.flatMap((pool) => [0, 1].map(() => releaseNoShows({ pool, now: () => now, config: t.deps.config })));
      const released = (await Promise.all(runs)).flat();
      expect(released).toHaveLength(N);
      expect(new Set(released).size).toBe(N);
      const counts = (await t.pool.query(
        `SELECT (SELECT count(*)::int FROM bookings WHERE status = 4) AS cancelled,
                (SELECT count(*)::int FROM mail_outbox) AS mails, (SELECT count(*)::int FROM push_outbox) AS pushes`)).rows[0];
      expect(counts).toEqual({ cancelled: N, mails: N, pushes: N });
      // More than one instance did some of the work (otherwise this proved nothing about concurrency).
      expect((await Promise.all(pools.map((p) => p.totalCount))).filter((n) => n > 0).length).toBeGreaterThan(1);
    } finally {
      await Promise.all(pools.map((p) => p.end()));
    }
  });
});
