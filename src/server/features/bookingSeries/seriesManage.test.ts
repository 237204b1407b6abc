import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, type TestUser } from '../../testing/testApp.js';
import { grant, insertPublishedFloorplan } from '../../testing/fixtures.js';
import { awayFromMinuteEnd } from '../../testing/minuteWindow.js';
import { CANCEL_REASON_NEEDED } from '../cancellation/cancellation.service.js';
import { releaseNoShows } from '../noShow/noShow.service.js';
import { bookVia, call, createOrg, london, mailRows, NOW, resetBookings, type Org } from '../roomBooking/roomBookingTestKit.js';
import { SERIES_CHANGES_PER_MINUTE, SERIES_READS_PER_MINUTE } from './seriesManage.routes.js';

let t: Awaited<ReturnType<typeof buildTestApp>>;
let o: Org;
let manager: TestUser, thamesAdmin: TestUser;
let floorplanId: number;

beforeAll(async () => {
  t = await buildTestApp({ now: NOW }); // Monday 1 April 2030, 08:00 in London
  o = await createOrg(t);
  manager = await createUser(t, { email: 'manager@hq.example', name: 'Mia Manager', roles: ['Booking Manager'] });
  thamesAdmin = await createUser(t, { email: 'thames@hq.example', name: 'Theo Thames' });
  await grant(t.pool, { scope: 'room', scopeId: o.thames, accessType: 1, userId: thamesAdmin.id });
  floorplanId = (await insertPublishedFloorplan(t.pool, o.floor1, [{ id: 'D1' }])).floorplanId;
});
afterAll(() => t.dropDatabase());
beforeEach(async () => {
  t.setNow(NOW);
  await resetBookings(t);
  await t.pool.query('DELETE FROM booking_series');
  await t.pool.query('DELETE FROM read_limits');
  await t.pool.query('UPDATE rooms SET room_check_ins = NULL');
  await t.pool.query('DELETE FROM closures');
});

type Who = TestUser | null;
const MONDAYS = ['2030-04-01', '2030-04-08', '2030-04-15', '2030-04-22'];

/** Books a weekly Monday 09:00-10:00 series of four through the API and answers its SeriesId. */
async function bookSeries(who: TestUser = o.staff, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await call(t, who, 'POST', '/api/bookings/room/series', {
    RoomId: o.thames, Start: london(1, '09:00'), Finish: london(1, '10:00'), Description: 'Weekly sync',
    Recurrence: { Frequency: 'Weekly', ByDay: ['MO'], Count: 4 }, Dates: MONDAYS, ...extra,
  });
  if (res.statusCode !== 201) throw new Error(`series: ${res.statusCode} ${res.body}`);
  await t.pool.query('DELETE FROM mail_outbox');
  await t.pool.query('DELETE FROM push_outbox');
  return res.json().SeriesId;
}

/** A desk series of two Tuesdays, written straight to the tables (desk series booking is another route's job). */
async function insertDeskSeries(owner: TestUser): Promise<string> {
  const { rows } = await t.pool.query<{ id: string }>(
    `INSERT INTO booking_series (rule, first_date, start_minutes, duration_minutes, time_zone, booked_by_user_id)
     VALUES ('{"Frequency":"Weekly","Interval":1,"Count":2}', '2030-04-02', 540, 480, 'Europe/London', $1) RETURNING id`, [owner.id]);
  const id = rows[0]!.id;
  await t.pool.query(
    `INSERT INTO bookings (site_id, location_id, floorplan_id, desk_id, desk_name, starts_at, finishes_at, booked_by_user_id, holder_key, status, series_id, occurrence_date)
     SELECT $1, $2, $3, 'D1', 'Desk One', d::timestamptz, d::timestamptz + interval '8 hours', $4, $5, 1, $6, d::date
     FROM unnest(ARRAY['2030-04-02T09:00:00+01:00', '2030-04-09T09:00:00+01:00']) AS d`,
    [o.siteId, o.floor1, floorplanId, owner.id, owner.email, id]);
  return id;
}

const detail = (who: Who, id: string) => call(t, who ?? undefined, 'GET', `/api/bookings/series/${id}`);
const cancel = (who: Who, id: string, body: Record<string, unknown> = {}) => call(t, who ?? undefined, 'POST', `/api/bookings/series/${id}/cancel`, body);
const decide = (who: Who, id: string, body: Record<string, unknown>) => call(t, who ?? undefined, 'POST', `/api/approvals/series/${id}`, body);
const statuses = async (id: string) => (await t.pool.query<{ status: number }>(
  'SELECT status FROM bookings WHERE series_id = $1 ORDER BY occurrence_date', [id])).rows.map((r) => r.status);
const pushCount = async () => Number((await t.pool.query('SELECT count(*) AS n FROM push_outbox')).rows[0].n);
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe('GET /api/bookings/series/{SeriesId}', () => {
  it('answers the series with every occurrence to its booker', async () => {
    const id = await bookSeries();
    const res = await detail(o.staff, id);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      SeriesId: id, Kind: 'Room', PlaceName: 'Thames', SiteName: 'London HQ', TimeZone: 'Europe/London',
      Rule: { Frequency: 'Weekly', Interval: 1, ByDay: ['MO'], Count: 4 }, Summary: 'Every week on Monday, 4 times',
      Description: 'Weekly sync', BookedByUserName: 'Sofia Staff', OnBehalfOfEmail: '', CancelNeedsReason: false,
    });
    expect(body.Occurrences).toEqual(MONDAYS.map((day, i) => ({
      BookingId: expect.any(Number), Date: day, Start: london(1 + 7 * i, '09:00'), Finish: london(1 + 7 * i, '10:00'), Status: 1,
    })));
  });

  it('answers the on-behalf person, Admins and room admins of the room (as managers), and 404 to everyone else', async () => {
    const id = await bookSeries(o.staff, { OnBehalfOfEmail: 'guest@example.org' });
    expect((await detail(o.guest, id)).json().CancelNeedsReason).toBe(false);
    expect((await detail(o.admin, id)).json().CancelNeedsReason).toBe(true);
    expect((await detail(thamesAdmin, id)).json().CancelNeedsReason).toBe(true);
    for (const who of [o.other, o.approver, manager]) {
      const res = await detail(who, id);
      expect(res.statusCode, who.email).toBe(404);
      expect(res.body).not.toContain('Weekly sync');
    }
  });

  it('answers a desk series to Booking Managers, and a room series not', async () => {
    const desk = await insertDeskSeries(o.other);
    const res = await detail(manager, desk);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ Kind: 'Desk', PlaceName: 'Desk One', CancelNeedsReason: true, Summary: 'Every week on Tuesday, 2 times' });
    expect(res.json().Occurrences.map((x: { Date: string }) => x.Date)).toEqual(['2030-04-02', '2030-04-09']);
    expect((await detail(thamesAdmin, desk)).statusCode).toBe(404);
  });

  it('answers 404 for unknown and malformed ids, 400 for absurd ones, 401 to anonymous callers', async () => {
    const id = await bookSeries();
    expect((await detail(o.staff, UNKNOWN)).statusCode).toBe(404);
    expect((await detail(o.staff, 'not-a-uuid')).statusCode).toBe(404);
    expect((await detail(o.staff, 'x'.repeat(101))).statusCode).toBe(400);
    expect((await detail(null, id)).statusCode).toBe(401);
  });

  it('limits reads per person and minute (429)', async () => {
    const id = await bookSeries();
    await awayFromMinuteEnd(t.pool);
    for (let i = 0; i < SERIES_READS_PER_MINUTE; i++) expect((await detail(o.staff, id)).statusCode).toBe(200);
    expect((await detail(o.staff, id)).statusCode).toBe(429);
    expect((await detail(o.admin, id)).statusCode).toBe(200);
  });
});

describe('POST /api/bookings/series/{SeriesId}/cancel', () => {
  it('cancels this and the following occurrences for the owner, tells no one, and keeps the rest', async () => {
    const id = await bookSeries();
    const res = await cancel(o.staff, id, { From: '2030-04-15' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ Cancelled: 2, Dates: ['2030-04-15', '2030-04-22'] });
    expect(await statuses(id)).toEqual([1, 1, 3, 3]);
    const row = (await t.pool.query('SELECT cancelled_by_admin, cancelled_by_user_id FROM bookings WHERE series_id = $1 AND status = 3 LIMIT 1', [id])).rows[0];
    expect(row).toEqual({ cancelled_by_admin: false, cancelled_by_user_id: o.staff.id });
    expect(await mailRows(t)).toEqual([]);
    // Cancelled occurrences stay as history in the detail.
    expect((await detail(o.staff, id)).json().Occurrences.map((x: { Status: number }) => x.Status)).toEqual([1, 1, 3, 3]);
    // Again: nothing left from that day on.
    expect((await cancel(o.staff, id, { From: '2030-04-15' })).json()).toEqual({ Cancelled: 0, Dates: [] });
  });

  it('without From cancels every occurrence not yet started, never one that has started', async () => {
    const id = await bookSeries();
    t.setNow(new Date(london(1, '09:30'))); // the first occurrence is under way
    const res = await cancel(o.staff, id);
    expect(res.json()).toEqual({ Cancelled: 3, Dates: ['2030-04-08', '2030-04-15', '2030-04-22'] });
    expect(await statuses(id)).toEqual([1, 3, 3, 3]);
  });

  it('the on-behalf person cancels as the owner', async () => {
    const id = await bookSeries(o.staff, { OnBehalfOfEmail: 'guest@example.org' });
    expect((await cancel(o.guest, id, { From: '2030-04-22' })).json()).toEqual({ Cancelled: 1, Dates: ['2030-04-22'] });
    expect(await mailRows(t)).toEqual([]);
  });

  it('an Admin or room admin cancelling someone else\'s series needs a Reason, and the owner hears once', async () => {
    const id = await bookSeries(o.staff, { OnBehalfOfEmail: 'guest@example.org' });
    for (const body of [{}, { Reason: '   ' }]) {
      const refused = await cancel(o.admin, id, body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().Errors).toEqual({ Reason: CANCEL_REASON_NEEDED });
    }
    expect(await statuses(id)).toEqual([1, 1, 1, 1]);
    const res = await cancel(thamesAdmin, id, { Reason: 'Room refurbishment' });
    expect(res.json()).toEqual({ Cancelled: 4, Dates: MONDAYS });
    const rows = (await t.pool.query('SELECT DISTINCT cancelled_by_admin, cancellation_reason FROM bookings WHERE series_id = $1', [id])).rows;
    expect(rows).toEqual([{ cancelled_by_admin: true, cancellation_reason: 'Room refurbishment' }]);
    const mails = await mailRows(t);
    expect(mails.map((m) => m.to).sort()).toEqual(['guest@example.org', 'staff@hq.example']); // one each: owner and on-behalf person
    expect(mails[0]!.subject).toBe('Your booking has been cancelled: Thames, Every week on Monday, 4 times');
    expect(mails[0]!.body_text).toContain('has been cancelled by Theo Thames.\nReason: Room refurbishment');
    expect(mails[0]!.body_text).toContain('4 occurrences:');
    expect(await pushCount()).toBe(1);
  });

  it('refuses strangers (404, nothing changes), anonymous callers (401) and bad input (400)', async () => {
    const id = await bookSeries();
    for (const who of [o.other, o.approver, manager]) expect((await cancel(who, id, { Reason: 'x' })).statusCode, who.email).toBe(404);
    expect((await cancel(o.staff, UNKNOWN)).statusCode).toBe(404);
    expect((await cancel(o.staff, 'nope')).statusCode).toBe(404);
    expect((await cancel(null, id)).statusCode).toBe(401);
    for (const body of [{ From: '2030-02-30' }, { From: '15/04/2030' }, { Reason: 'x'.repeat(1001) }, { Until: '2030-04-15' }]) {
      expect((await cancel(o.staff, id, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await statuses(id)).toEqual([1, 1, 1, 1]);
  });

  it('a Booking Manager cancels a desk series with a reason', async () => {
    const id = await insertDeskSeries(o.other);
    expect((await cancel(manager, id)).statusCode).toBe(400);
    expect((await cancel(manager, id, { Reason: 'Desk moved' })).json()).toEqual({ Cancelled: 2, Dates: ['2030-04-02', '2030-04-09'] });
    const mails = await mailRows(t);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: 'other@hq.example', subject: 'Your booking has been cancelled: Desk One, Every week on Tuesday, 2 times' });
  });

  it('two cancellations of one series at once: each occurrence is cancelled once', async () => {
    const id = await bookSeries();
    const [a, b] = await Promise.all([cancel(o.staff, id), cancel(o.admin, id, { Reason: 'Closed' })]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().Cancelled + b.json().Cancelled).toBe(4);
    expect(await statuses(id)).toEqual([3, 3, 3, 3]);
  });

  it('limits changes per person and minute (429)', async () => {
    const id = await bookSeries();
    await awayFromMinuteEnd(t.pool);
    for (let i = 0; i < SERIES_CHANGES_PER_MINUTE; i++) expect((await cancel(o.staff, id, { From: '2030-04-22' })).statusCode).toBe(200);
    expect((await cancel(o.staff, id)).statusCode).toBe(429);
    expect(await statuses(id)).toEqual([1, 1, 1, 3]);
  });

  it('one occurrence is cancelled by the single cancel route and the rest of the series stays', async () => {
    const id = await bookSeries();
    const second = (await detail(o.staff, id)).json().Occurrences[1].BookingId;
    const res = await t.app.inject({ method: 'DELETE', url: '/api/bookings', headers: { cookie: o.staff.cookie }, payload: { Id: second } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ Id: second, Status: 3, SeriesId: id });
    expect(await statuses(id)).toEqual([1, 3, 1, 1]);
  });
});

describe('no-show release of an occurrence', () => {
  it('releases only the occurrence nobody checked in to; the rest of the series stays booked', async () => {
    await t.pool.query('UPDATE rooms SET room_check_ins = true WHERE id = $1', [o.thames]);
    const id = await bookSeries();
    t.setNow(new Date(london(1, '09:20')));
    const released = await releaseNoShows(t.deps);
    expect(released).toHaveLength(1);
    expect(await statuses(id)).toEqual([4, 1, 1, 1]);
  });
});

describe('POST /api/approvals/series/{SeriesId}', () => {
  const restricted = (who: TestUser = o.staff) => bookSeries(who, { RoomId: o.boardroom });

  it('lists a series request\'s occurrences with SeriesId and SeriesSummary; single requests carry neither', async () => {
    const id = await restricted();
    const single = await bookVia(t, o.other, { RoomId: o.boardroom, Start: london(2, '14:00'), Finish: london(2, '15:00') });
    const list = (await call(t, o.approver, 'GET', '/api/bookings/pendingApprovals')).json();
    expect(list).toHaveLength(5);
    const mine = list.filter((b: { SeriesId?: string }) => b.SeriesId === id);
    expect(mine).toHaveLength(4);
    expect(mine.every((b: { SeriesSummary?: string }) => b.SeriesSummary === 'Every week on Monday, 4 times')).toBe(true);
    const one = list.find((b: { Id: number }) => b.Id === single.Id);
    expect(one).not.toHaveProperty('SeriesId');
    expect(one).not.toHaveProperty('SeriesSummary');
  });

  it('approves every pending occurrence at once (single ones can still be decided alone), telling the booker once', async () => {
    const id = await restricted();
    const first = (await detail(o.staff, id)).json().Occurrences[0].BookingId;
    expect((await call(t, o.approver, 'POST', `/api/bookings/approve/${first}`)).statusCode).toBe(200);
    await t.pool.query('DELETE FROM mail_outbox; DELETE FROM push_outbox');
    const res = await decide(o.teamApprover, id, { Decision: 'Approve' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ Decided: 3 });
    expect(await statuses(id)).toEqual([1, 1, 1, 1]);
    const mails = await mailRows(t);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: 'staff@hq.example', subject: 'Room request approved, repeating: Boardroom, Every week on Monday, 4 times' });
    expect(mails[0]!.body_text).toContain('3 occurrences:');
    expect(await pushCount()).toBe(1);
    // Nothing pending any more.
    expect((await decide(o.approver, id, { Decision: 'Approve' })).statusCode).toBe(409);
  });

  it('rejects with a reason only, and tells the booker once', async () => {
    const id = await restricted();
    expect((await decide(o.approver, id, { Decision: 'Reject' })).json().Errors).toHaveProperty('Reason');
    expect((await decide(o.approver, id, { Decision: 'Reject', Reason: ' ' })).statusCode).toBe(400);
    const res = await decide(o.admin, id, { Decision: 'Reject', Reason: 'Board meeting season' });
    expect(res.json()).toEqual({ Decided: 4 });
    expect(await statuses(id)).toEqual([2, 2, 2, 2]);
    const mails = await mailRows(t);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Room request rejected, repeating: Boardroom, Every week on Monday, 4 times');
    expect(mails[0]!.body_text).toContain('Reason: Board meeting season');
  });

  it('refuses non-approvers (403 by level or as owner, 404 when the series is not theirs to see), anonymous (401), bad input (400)', async () => {
    const id = await restricted(thamesAdmin); // booked by a room admin of another room: an approver-level person
    expect((await decide(o.staff, id, { Decision: 'Approve' })).statusCode).toBe(403); // not a room approver anywhere
    expect((await decide(thamesAdmin, id, { Decision: 'Approve' })).statusCode).toBe(403); // its owner, not its approver
    const stranger = await bookSeries(o.staff, { RoomId: o.boardroom, Start: london(1, '11:00'), Finish: london(1, '12:00') });
    expect((await decide(thamesAdmin, stranger, { Decision: 'Approve' })).statusCode).toBe(404);
    expect((await decide(o.approver, UNKNOWN, { Decision: 'Approve' })).statusCode).toBe(404);
    expect((await decide(o.approver, 'nope', { Decision: 'Approve' })).statusCode).toBe(404);
    expect((await decide(null, id, { Decision: 'Approve' })).statusCode).toBe(401);
    for (const body of [{}, { Decision: 'Maybe' }, { Decision: 'Reject', Reason: 'x'.repeat(1001) }]) {
      expect((await decide(o.approver, id, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await statuses(id)).toEqual([0, 0, 0, 0]);
  });

  it('a desk series has nothing to decide (409)', async () => {
    const id = await insertDeskSeries(o.other);
    expect((await decide(o.admin, id, { Decision: 'Approve' })).statusCode).toBe(409);
  });
});

describe('POST /api/bookings/series/{SeriesId}/change', () => {
  const change = (who: Who, id: string, body: Record<string, unknown>) => call(t, who ?? undefined, 'POST', `/api/bookings/series/${id}/change`, body);
  const starts = async (id: string) => (await t.pool.query<{ s: Date }>(
    'SELECT starts_at AS s FROM bookings WHERE series_id = $1 ORDER BY occurrence_date', [id])).rows.map((r) => r.s.toISOString());

  it('moves this and the following occurrences on the site clock and tells the booker once', async () => {
    const id = await bookSeries();
    const res = await change(o.staff, id, { From: '2030-04-15', StartTime: '14:00', FinishTime: '15:30' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ Changed: 2, Dates: ['2030-04-15', '2030-04-22'] });
    expect(await starts(id)).toEqual([london(1, '09:00'), london(8, '09:00'), london(15, '14:00'), london(22, '14:00')]);
    expect(await statuses(id)).toEqual([1, 1, 1, 1]);
    const mails = await mailRows(t);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: 'staff@hq.example', subject: 'Room booking changed, repeating: Thames, Every week on Monday, 4 times' });
    expect(mails[0]!.body_text).toContain('Mon, 15 Apr 2030, 14:00–15:30');
  });

  it('changes nothing when one new time clashes, and names the day (409)', async () => {
    const id = await bookSeries();
    await bookVia(t, o.other, { RoomId: o.thames, Start: london(22, '14:30'), Finish: london(22, '15:00') });
    await t.pool.query('DELETE FROM mail_outbox');
    const res = await change(o.staff, id, { From: '2030-04-08', StartTime: '14:00', FinishTime: '15:00' });
    expect(res.statusCode).toBe(409);
    expect(res.json(), res.body).toMatchObject({ Code: 'CONFLICT', Errors: { Dates: '2030-04-22' } });
    expect(await starts(id)).toEqual(MONDAYS.map((_, i) => london(1 + 7 * i, '09:00')));
    expect(await mailRows(t)).toEqual([]);
  });

  it('a change of a restricted room\'s approved series by its booker is a request again', async () => {
    const id = await bookSeries(o.staff, { RoomId: o.boardroom });
    await decide(o.approver, id, { Decision: 'Approve' });
    await t.pool.query('DELETE FROM mail_outbox');
    expect((await change(o.staff, id, { From: '2030-04-22', StartTime: '10:00', FinishTime: '11:00' })).json()).toEqual({ Changed: 1, Dates: ['2030-04-22'] });
    expect(await statuses(id)).toEqual([1, 1, 1, 0]);
    const subjects = (await mailRows(t)).map((m) => `${m.to} ${m.subject}`).sort();
    expect(subjects).toEqual([
      'approver@hq.example Room request, repeating: Boardroom, Every week on Monday, 4 times',
      'facilities@hq.example Room request, repeating: Boardroom, Every week on Monday, 4 times',
      'rooms@hq.example Room request, repeating: Boardroom, Every week on Monday, 4 times',
      'staff@hq.example Room booking changed, repeating: Boardroom, Every week on Monday, 4 times',
    ]);
  });

  it('changes nothing when a new time falls in a closure (409 with its reason)', async () => {
    const id = await bookSeries();
    const closure = (await t.pool.query<{ id: string }>(
      `INSERT INTO closures (site_id, whole_site, starts_at, ends_at, reason, created_by) VALUES ($1, false, $2, $3, 'Window cleaning', $4) RETURNING id`,
      [o.siteId, london(22, '12:00'), london(22, '18:00'), o.admin.id])).rows[0]!.id;
    await t.pool.query('INSERT INTO closure_places (closure_id, room_id) VALUES ($1, $2)', [closure, o.thames]);
    const res = await change(o.staff, id, { From: '2030-04-15', StartTime: '14:00', FinishTime: '15:00' });
    expect(res.statusCode).toBe(409);
    expect(res.json().Error).toContain('Window cleaning');
    expect(await starts(id)).toEqual(MONDAYS.map((_, i) => london(1 + 7 * i, '09:00')));
  });

  it('keeps the new time on London clocks across the October change', async () => {
    t.setNow(new Date('2030-10-14T07:00:00Z'));
    const id = await bookSeries(o.staff, { Start: '2030-10-21T09:00:00+01:00', Finish: '2030-10-21T10:00:00+01:00', Dates: ['2030-10-21', '2030-10-28'], Recurrence: { Frequency: 'Weekly', Count: 2 } });
    expect((await change(o.staff, id, { From: '2030-10-21', StartTime: '11:00', FinishTime: '12:00' })).json().Changed).toBe(2);
    expect(await starts(id)).toEqual(['2030-10-21T10:00:00.000Z', '2030-10-28T11:00:00.000Z']);
  });

  it('refuses strangers (404), anonymous callers (401), bad times (400) and new starts already past (400)', async () => {
    const id = await bookSeries();
    expect((await change(o.other, id, { From: '2030-04-01', StartTime: '10:00', FinishTime: '11:00' })).statusCode).toBe(404);
    expect((await change(null, id, { From: '2030-04-01', StartTime: '10:00', FinishTime: '11:00' })).statusCode).toBe(401);
    for (const body of [
      { From: '2030-04-01', StartTime: '11:00', FinishTime: '10:00' }, { From: '2030-04-01', StartTime: '25:00', FinishTime: '26:00' },
      { StartTime: '10:00', FinishTime: '11:00' }, { From: '2030-04-01', StartTime: '9:00', FinishTime: '10:00' },
    ]) expect((await change(o.staff, id, body)).statusCode, JSON.stringify(body)).toBe(400);
    // 08:00 today has passed (it is 08:00 now): refused, nothing moved.
    const past = await change(o.staff, id, { From: '2030-04-01', StartTime: '07:00', FinishTime: '08:30' });
    expect(past.statusCode).toBe(400);
    expect(past.json().Error).toContain('2030-04-01');
    expect(await starts(id)).toEqual(MONDAYS.map((_, i) => london(1 + 7 * i, '09:00')));
  });
});
