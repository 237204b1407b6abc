import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../testing/testApp.js';
import { bookVia, call, createOrg, london, mailRows, NOW, resetBookings, type Org } from '../roomBooking/roomBookingTestKit.js';
import { releaseNoShows } from '../noShow/noShow.service.js';

// Issue 22: "the no-show job and the reminder mails respect closures". A closure cancels the active
// bookings it covers when it is created, so the jobs that read bookings afterwards never meet them as
// active. There is no reminder job (featureJobs in src/server/jobs/registry.ts: push, mail outbox,
// no-show); the mail a person gets for such a booking is the closure's one notice, and nothing else
// is queued for it later. Real PostgreSQL, the real job.

let t: Awaited<ReturnType<typeof buildTestApp>>;
let org: Org;

beforeAll(async () => {
  t = await buildTestApp({ now: NOW });
  org = await createOrg(t);
  await t.pool.query('UPDATE sites SET room_check_ins = true WHERE id = $1', [org.siteId]);
});
afterAll(() => t.dropDatabase());
beforeEach(async () => {
  t.setNow(NOW);
  await resetBookings(t);
  await t.pool.query('DELETE FROM closures');
});

async function closeNow(body: Record<string, unknown>) {
  const preview = (await call(t, org.admin, 'POST', '/api/closures/preview', body)).json();
  const created = await call(t, org.admin, 'POST', '/api/closures', { ...body, Token: preview.Token });
  expect(created.statusCode).toBe(201);
  return created.json();
}
const row = async (id: number) => (await t.pool.query('SELECT status, cancellation_reason FROM bookings WHERE id = $1', [id])).rows[0];

describe('jobs after a closure', () => {
  it('the no-show job does not release (nor announce) a booking in progress that a closure cancelled', async () => {
    // Booked 09:00-11:00; at 09:05 a closure of the room from 09:05 cancels it; at 09:30 the job runs.
    const booking = await bookVia(t, org.staff, { RoomId: org.thames, Start: london(1, '09:00'), Finish: london(1, '11:00') });
    const noShowCheck = await bookVia(t, org.staff, { RoomId: org.severn, Start: london(1, '09:00'), Finish: london(1, '11:00') });
    t.setNow(new Date(london(1, '09:05')));
    const created = await closeNow({ SiteId: org.siteId, Scope: { WholeSite: false, RoomIds: [org.thames] },
      Start: london(1, '09:05'), End: london(1, '12:00'), Reason: 'Flooded' });
    expect(created.CancelledCount).toBe(1);
    await t.pool.query('DELETE FROM mail_outbox; DELETE FROM push_outbox');

    t.setNow(new Date(london(1, '09:30')));
    const released = await releaseNoShows(t.deps);
    // The same run releases the open room's no-show: the job ran and did its work, but not on the closed one.
    expect(released).toEqual([noShowCheck.Id]);
    expect(await row(booking.Id)).toEqual({ status: 3, cancellation_reason: 'Flooded' });
    expect((await mailRows(t)).map((m) => m.subject)).toEqual(['Room booking released: nobody checked in']);
    expect((await mailRows(t))[0]!.body_text).toContain('Severn');
  });

  it('a booking a closure cancelled gets the closure notice once, and no later mail (no reminder, no release)', async () => {
    const booking = await bookVia(t, org.staff, { RoomId: org.thames, Start: london(2, '09:00'), Finish: london(2, '10:00') });
    await t.pool.query('DELETE FROM mail_outbox; DELETE FROM push_outbox');
    await closeNow({ SiteId: org.siteId, Scope: { WholeSite: true }, Start: london(2, '00:00'), End: london(3, '00:00'), Reason: 'Strike day' });
    const notice = await mailRows(t);
    expect(notice.map((m) => [m.to, m.subject])).toEqual([['staff@hq.example', 'Your booking has been cancelled']]);
    expect(notice[0]!.body_text).toContain('Strike day');

    // Through the booking's time and past it, the booking-reading job finds nothing to do.
    for (const hhmm of ['08:45', '09:20', '10:30']) {
      t.setNow(new Date(london(2, hhmm)));
      expect(await releaseNoShows(t.deps)).toEqual([]);
    }
    expect((await mailRows(t)).length).toBe(1);
    expect((await row(booking.Id)).status).toBe(3);
  });
});
