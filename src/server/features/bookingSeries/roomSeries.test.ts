import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../testing/testApp.js';
import { awayFromMinuteEnd } from '../../testing/minuteWindow.js';
import { bookVia, call, createOrg, london, mailRows, NOW, resetBookings, type Org } from '../roomBooking/roomBookingTestKit.js';
import { expectClosureRaceRefusesSeries } from './closureRaceTestKit.js';
import { SERIES_CALLS_PER_MINUTE } from './roomSeries.routes.js';

let t: Awaited<ReturnType<typeof buildTestApp>>;
let o: Org;

beforeAll(async () => {
  t = await buildTestApp({ now: NOW }); // Monday 1 April 2030, 08:00 in London
  o = await createOrg(t);
});
afterAll(() => t.dropDatabase());
beforeEach(async () => {
  t.setNow(NOW);
  await resetBookings(t);
  await t.pool.query('DELETE FROM booking_series');
  await t.pool.query('DELETE FROM closures');
  await t.pool.query('DELETE FROM read_limits');
});

type Who = Org['staff'];
const weekly = { Frequency: 'Weekly', ByDay: ['MO'], Count: 4 };
const body = (extra: Record<string, unknown> = {}) =>
  ({ RoomId: o.thames, Start: london(1, '09:00'), Finish: london(1, '10:00'), Description: 'Weekly sync', Recurrence: weekly, ...extra });
const preview = (who: Who | null = o.staff, extra: Record<string, unknown> = {}) => call(t, who ?? undefined, 'POST', '/api/bookings/room/series/preview', body(extra));
const bookSeries = (who: Who | null = o.staff, extra: Record<string, unknown> = {}) => call(t, who ?? undefined, 'POST', '/api/bookings/room/series', body(extra));
const count = async (sql: string) => Number((await t.pool.query<{ n: string }>(sql)).rows[0]!.n);

describe('repeating room bookings', () => {
  it('previews every occurrence with its state and books nothing', async () => {
    await bookVia(t, o.other, { RoomId: o.thames, Start: london(15, '09:30'), Finish: london(15, '10:30') });
    const res = await preview();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      TimeZone: 'Europe/London', LastPossibleDate: null,
      Occurrences: [
        { Date: '2030-04-01', Start: london(1, '09:00'), Finish: london(1, '10:00'), State: 'Free', Reason: '' },
        { Date: '2030-04-08', Start: london(8, '09:00'), Finish: london(8, '10:00'), State: 'Free', Reason: '' },
        { Date: '2030-04-15', Start: london(15, '09:00'), Finish: london(15, '10:00'), State: 'Taken', Reason: 'The room is already booked then.' },
        { Date: '2030-04-22', Start: london(22, '09:00'), Finish: london(22, '10:00'), State: 'Free', Reason: '' },
      ],
    });
    expect(await count('SELECT count(*) AS n FROM bookings')).toBe(1);
    expect(await count('SELECT count(*) AS n FROM booking_series')).toBe(0);
  });

  it('books the chosen occurrences as one series, tells the booker once, and skips the rest', async () => {
    const single = await bookVia(t, o.other, { RoomId: o.thames, Start: london(15, '09:30'), Finish: london(15, '10:30') });
    expect('SeriesId' in single).toBe(false); // a single booking carries none
    await t.pool.query('DELETE FROM mail_outbox');
    const res = await bookSeries(o.staff, { Dates: ['2030-04-01', '2030-04-08', '2030-04-22'] });
    expect(res.statusCode).toBe(201);
    const answer = res.json();
    expect(answer.Booked.map((b: { Start: string }) => b.Start)).toEqual([london(1, '09:00'), london(8, '09:00'), london(22, '09:00')]);
    expect(new Set(answer.Booked.map((b: { SeriesId: string }) => b.SeriesId))).toEqual(new Set([answer.SeriesId]));
    expect(answer.Booked.every((b: { Status: number; BookedByUserId: number }) => b.Status === 1 && b.BookedByUserId === o.staff.id)).toBe(true);
    expect(answer.Skipped).toEqual([expect.objectContaining({ Date: '2030-04-15', State: 'Taken' })]);
    const rows = (await t.pool.query('SELECT occurrence_date::text AS day FROM bookings WHERE series_id = $1 ORDER BY 1', [answer.SeriesId])).rows;
    expect(rows.map((r) => r.day)).toEqual(['2030-04-01', '2030-04-08', '2030-04-22']);
    const mails = await mailRows(t);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: 'staff@hq.example', subject: 'Room booked, repeating: Thames, Every week on Monday, 4 times' });
    expect(mails[0]!.body_text).toContain('3 occurrences:');
  });

  it('books none when a chosen day is taken, and names the day (409)', async () => {
    await bookVia(t, o.other, { RoomId: o.thames, Start: london(15, '09:30'), Finish: london(15, '10:30') });
    const res = await bookSeries(o.staff, { Dates: ['2030-04-01', '2030-04-15'] });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ Code: 'CONFLICT', Errors: { Dates: '2030-04-15' } });
    expect(res.json().Error).toContain('2030-04-15');
    expect(await count('SELECT count(*) AS n FROM bookings WHERE series_id IS NOT NULL')).toBe(0);
    expect(await count('SELECT count(*) AS n FROM booking_series')).toBe(0);
  });

  it('two series and a single booking racing for the same hours never double-book: one wins each day, the losers book nothing', async () => {
    const racers = await Promise.all([
      bookSeries(o.staff, { Dates: ['2030-04-08', '2030-04-15'] }),
      bookSeries(o.other, { Dates: ['2030-04-15', '2030-04-22'] }),
      call(t, o.guest, 'POST', '/api/bookings/room', { RoomId: o.thames, Start: london(22, '09:00'), Finish: london(22, '10:00'), Description: 'One-off' }),
    ]);
    const statuses = racers.map((r) => r.statusCode);
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(1);
    const overlaps = await count(`SELECT count(*) AS n FROM bookings a JOIN bookings b ON a.id < b.id AND a.room_id = b.room_id
      AND a.status IN (0, 1) AND b.status IN (0, 1) AND a.during && b.during`);
    expect(overlaps).toBe(0);
    // A refused series leaves nothing behind: every series row has all the occurrences it was asked for.
    const halves = await count(`SELECT count(*) AS n FROM booking_series s WHERE (SELECT count(*) FROM bookings b WHERE b.series_id = s.id) <> 2`);
    expect(halves).toBe(0);
  });

  it('marks closed occurrences with the closure\'s reason and refuses to book them (400 naming the day)', async () => {
    // The room's floor is closed on the 15th: the location's closure covers its rooms.
    const id = (await t.pool.query<{ id: string }>(
      `INSERT INTO closures (site_id, whole_site, starts_at, ends_at, reason, created_by) VALUES ($1, false, $2, $3, 'Floor repaint', $4) RETURNING id`,
      [o.siteId, london(15, '00:00'), london(16, '00:00'), o.admin.id])).rows[0]!.id;
    await t.pool.query('INSERT INTO closure_places (closure_id, location_id) VALUES ($1, $2)', [id, o.floor1]);
    const res = await preview();
    expect(res.json().Occurrences.map((x: { State: string; Reason: string }) => `${x.State}${x.Reason}`))
      .toEqual(['Free', 'Free', 'ClosedFloor repaint', 'Free']);
    const refused = await bookSeries(o.staff, { Dates: ['2030-04-01', '2030-04-15'] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().Errors).toEqual({ Dates: '2030-04-15: Floor repaint' });
    expect(await count('SELECT count(*) AS n FROM bookings')).toBe(0);
    // Another floor's room is open that day.
    expect((await preview(o.staff, { RoomId: o.boardroom })).json().Occurrences[2].State).toBe('NeedsApproval');
  });

  it('a closure committed while the series is being inserted refuses the whole series (409 with the reason)', async () => {
    await expectClosureRaceRefusesSeries(t, { siteId: o.siteId, startsAt: london(8, '00:00'), endsAt: london(8, '23:00'), adminId: o.admin.id },
      () => bookSeries(o.staff, { Dates: ['2030-04-01', '2030-04-08'] }));
  });

  it('keeps 09:00 on London clocks across the October change', async () => {
    t.setNow(new Date('2030-10-14T07:00:00Z'));
    const res = await preview(o.staff, { Start: '2030-10-21T09:00:00+01:00', Finish: '2030-10-21T10:00:00+01:00', Recurrence: { Frequency: 'Weekly', Count: 2 } });
    expect(res.json().Occurrences.map((x: { Start: string }) => x.Start)).toEqual(['2030-10-21T08:00:00.000Z', '2030-10-28T09:00:00.000Z']);
  });

  it('marks occurrences past the advance limit, names the last possible day, and refuses to book them', async () => {
    // Global room constraint: 1 week from Monday 1 April: the last bookable day is Monday 8 April.
    await t.pool.query('UPDATE global_settings SET room_constraint_number = 1, room_constraint_type = 1');
    const res = await preview();
    expect(res.json().LastPossibleDate).toBe('2030-04-08');
    expect(res.json().Occurrences.map((x: { State: string }) => x.State)).toEqual(['Free', 'Free', 'BeyondLimit', 'BeyondLimit']);
    expect(res.json().Occurrences[2].Reason).toBe('Bookings to this room are restricted. You may only book slots before: 09/04/2030');
    const refused = await bookSeries(o.staff, { Dates: ['2030-04-01', '2030-04-15'] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().Errors).toEqual({ Dates: '2030-04-15: Bookings to this room are restricted. You may only book slots before: 09/04/2030' });
    expect(await count('SELECT count(*) AS n FROM bookings')).toBe(0);
    expect((await bookSeries(o.staff, { Dates: ['2030-04-01', '2030-04-08'] })).statusCode).toBe(201);
  });

  it('in a restricted room the series is one request: every occurrence Pending, one notice to each approver', async () => {
    const p = await preview(o.staff, { RoomId: o.boardroom });
    expect(p.json().Occurrences.map((x: { State: string }) => x.State)).toEqual(['NeedsApproval', 'NeedsApproval', 'NeedsApproval', 'NeedsApproval']);
    const res = await bookSeries(o.staff, { RoomId: o.boardroom, Dates: ['2030-04-01', '2030-04-08', '2030-04-15', '2030-04-22'] });
    expect(res.statusCode).toBe(201);
    expect(res.json().Booked.map((b: { Status: number }) => b.Status)).toEqual([0, 0, 0, 0]);
    const mails = await mailRows(t);
    expect(mails.map((m) => m.to).sort()).toEqual(['approver@hq.example', 'facilities@hq.example', 'rooms@hq.example']);
    expect(mails.every((m) => m.subject === 'Room request, repeating: Boardroom, Every week on Monday, 4 times')).toBe(true);
  });

  it('refuses bad input with the field named and writes nothing', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ Recurrence: { Frequency: 'Weekly', Interval: 0, Count: 3 } }, /Interval/],
      [{ Recurrence: { Frequency: 'Weekly', Count: 10_000 } }, /Count/],
      [{ Recurrence: { Frequency: 'Weekly', ByDay: ['XX'], Count: 2 } }, /ByDay/],
      [{ Recurrence: { Frequency: 'Daily', Count: 261 } }, /at most 260 occurrences/],
      [{ Recurrence: { Frequency: 'Daily', Until: '2030-03-01' } }, /before the first occurrence/],
      [{ Recurrence: { Frequency: 'Daily', Until: '2031-12-31' } }, /at most 260 occurrences/],
      [{ Recurrence: { Frequency: 'Daily' } }, /Until or Count/],
      [{ Finish: london(2, '10:00') }, /at most a day/],
      [{ Description: '' }, /meeting name/],
      [{ Dates: ['2030-04-02'] }, /not an occurrence/],
      [{ Dates: [] }, /at least one/],
    ];
    for (const [extra, message] of cases) {
      const res = await bookSeries(o.staff, extra);
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.body, JSON.stringify(extra)).toMatch(message);
    }
    expect((await bookSeries(o.staff)).json().Errors).toEqual({ Dates: 'Choose the occurrences to book.' });
    expect(await count('SELECT count(*) AS n FROM bookings')).toBe(0);
  });

  it('refuses anonymous callers (401), rooms the person may not book (403, 404), and too many calls (429)', async () => {
    // Before the first counted call: the refusals below count in this minute too, so all must fall in one.
    await awayFromMinuteEnd(t.pool);
    expect((await preview(null)).statusCode).toBe(401);
    expect((await bookSeries(null, { Dates: ['2030-04-01'] })).statusCode).toBe(401);
    expect((await preview(o.staff, { RoomId: o.hidden })).statusCode).toBe(403);
    expect((await preview(o.staff, { RoomId: o.vault })).statusCode).toBe(403);
    expect((await preview(o.staff, { RoomId: 999_999 })).statusCode).toBe(404);
    // The three refusals above counted too (the limit is checked before the room is looked at).
    for (let i = 0; i < SERIES_CALLS_PER_MINUTE - 3; i++) expect((await preview()).statusCode).toBe(200);
    const limited = await bookSeries(o.staff, { Dates: ['2030-04-01'] });
    expect(limited.statusCode).toBe(429);
    expect(await count('SELECT count(*) AS n FROM bookings')).toBe(0);
    // Someone else is not limited by the staff member's calls.
    expect((await preview(o.other)).statusCode).toBe(200);
  });
});
