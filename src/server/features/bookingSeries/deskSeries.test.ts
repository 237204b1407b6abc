import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DESK_NOT_BOOKABLE, DESK_RESERVED_FOR_TEAM } from '../../../domain/deskRules.js';
import { insertLocation, insertPublishedFloorplan, insertSite, insertTeam, grant } from '../../testing/fixtures.js';
import { waitForLockWait } from '../../testing/lockWait.js';
import { buildTestApp, createUser, type TestUser } from '../../testing/testApp.js';
import { awayFromMinuteEnd } from '../../testing/minuteWindow.js';
import { PARKING_FULL } from '../deskBooking/deskBooking.service.js';
import { expectClosureRaceRefusesSeries } from './closureRaceTestKit.js';
import { SERIES_CALLS_PER_MINUTE } from './roomSeries.routes.js';

// Monday 1 April 2030, 08:00 in London (BST): a weekly series on Mondays 09:00-17:00 starts an hour from now.
const NOW = new Date('2030-04-01T07:00:00Z');
const london = (day: string, hhmm: string) => new Date(`2030-${day}T${hhmm}:00+01:00`).toISOString();

let t: Awaited<ReturnType<typeof buildTestApp>>;
let staff: TestUser, other: TestUser, admin: TestUser, teamMember: TestUser, guest: TestUser;
let siteId: number, locationId: number, floorplanId: number, teamId: number;

beforeAll(async () => {
  t = await buildTestApp({ now: NOW });
  staff = await createUser(t, { email: 'staff@example.org', name: 'Sofia Staff' });
  other = await createUser(t, { email: 'other@example.org' });
  admin = await createUser(t, { roles: ['Admin'] });
  teamMember = await createUser(t);
  guest = await createUser(t, { email: 'guest@example.org' });
  teamId = await insertTeam(t.pool, 'Finance', [teamMember.id]);
  siteId = await insertSite(t.pool, { parkingSpaces: 1 });
  locationId = await insertLocation(t.pool, siteId);
  ({ floorplanId } = await insertPublishedFloorplan(t.pool, locationId, [
    { id: 'D1' }, { id: 'D2' }, { id: 'D3' }, { id: 'NB', bookable: false }, { id: 'TEAM', assignedTeams: [teamId] },
  ]));
});
afterAll(() => t.dropDatabase());
beforeEach(async () => {
  t.setNow(NOW);
  await t.pool.query('DELETE FROM bookings');
  await t.pool.query('DELETE FROM booking_series');
  await t.pool.query('DELETE FROM closures');
  await t.pool.query('DELETE FROM read_limits');
  await t.pool.query('DELETE FROM mail_outbox');
  await t.pool.query('DELETE FROM booking_constraints');
  await t.pool.query('DELETE FROM access_grants');
  await t.pool.query('UPDATE global_settings SET maintenance_mode = false, desk_booking_enabled = true, desk_constraint_number = 0');
  await t.pool.query('UPDATE sites SET desk_booking_enabled = true, restrict_desk_access = false');
  await t.pool.query('UPDATE locations SET restrict_desk_access = false');
});

type Who = TestUser | null;
const weekly = (Count: number) => ({ Frequency: 'Weekly', ByDay: ['MO'], Count });
const body = (extra: Record<string, unknown> = {}) => ({
  FloorplanId: floorplanId, DeskId: 'D1', Start: london('04-01', '09:00'), Finish: london('04-01', '17:00'), Recurrence: weekly(4), ...extra,
});
const post = (who: Who, url: string, payload: unknown) => t.app.inject({ method: 'POST', url, headers: who ? { cookie: who.cookie } : {}, payload: payload as object });
const preview = (who: Who = staff, extra: Record<string, unknown> = {}) => post(who, '/api/bookings/desk/series/preview', body(extra));
const bookSeries = (who: Who = staff, extra: Record<string, unknown> = {}) => post(who, '/api/bookings/desk/series', body(extra));
const bookOne = async (who: TestUser, day: string, extra: Record<string, unknown> = {}) => {
  const res = await post(who, '/api/bookings/desk', { FloorplanId: floorplanId, DeskId: 'D1', Start: london(day, '10:00'), Finish: london(day, '12:00'), ...extra });
  if (res.statusCode !== 201) throw new Error(`single booking: ${res.statusCode} ${res.body}`);
};
const count = async (sql: string) => Number((await t.pool.query<{ n: string }>(sql)).rows[0]!.n);
const states = (res: { json: () => { Occurrences: { Date: string; State: string; Reason: string }[] } }) =>
  res.json().Occurrences.map((o) => `${o.Date} ${o.State}${o.Reason ? `: ${o.Reason}` : ''}`);

/** A closure of the site's location (or, with desk, of one desk) over one day, as an admin creates it. */
async function close(day: string, reason: string, desk?: string) {
  const id = (await t.pool.query<{ id: string }>(
    `INSERT INTO closures (site_id, whole_site, starts_at, ends_at, reason, created_by) VALUES ($1, false, $2, $3, $4, $5) RETURNING id`,
    [siteId, london(day, '00:00'), london(day, '23:59'), reason, admin.id])).rows[0]!.id;
  if (desk) await t.pool.query('INSERT INTO closure_places (closure_id, floorplan_id, desk_id) VALUES ($1, $2, $3)', [id, floorplanId, desk]);
  else await t.pool.query('INSERT INTO closure_places (closure_id, location_id) VALUES ($1, $2)', [id, locationId]);
}

describe('repeating desk bookings: preview', () => {
  it('answers every occurrence with its state (Past, Free, Taken, Refused, Closed) and books nothing', async () => {
    await bookOne(other, '04-08');                         // D1 taken on the 8th
    await bookOne(staff, '04-15', { DeskId: 'D2' });       // staff already has a desk on the 15th
    await close('04-22', 'Deep clean');
    // 25 March is before the change to summer time: 09:00 on London clocks is 09:00 UTC.
    const res = await preview(staff, { Start: '2030-03-25T09:00:00Z', Finish: '2030-03-25T17:00:00Z', Recurrence: weekly(5) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ TimeZone: 'Europe/London', LastPossibleDate: null });
    expect(res.json().Occurrences[1]).toEqual({ Date: '2030-04-01', Start: london('04-01', '09:00'), Finish: london('04-01', '17:00'), State: 'Free', Reason: '' });
    expect(states(res)).toEqual([
      '2030-03-25 Past: Cannot book a date in the past',
      '2030-04-01 Free',
      '2030-04-08 Taken: The desk is already booked then.',
      '2030-04-15 Refused: You already have a desk booked then.',
      '2030-04-22 Closed: Deep clean',
    ]);
    expect(await count('SELECT count(*) AS n FROM bookings')).toBe(2);
    expect(await count('SELECT count(*) AS n FROM booking_series')).toBe(0);
  });

  it('names the on-behalf person when they already have a desk, and applies the car park per occurrence', async () => {
    await bookOne(guest, '04-08', { DeskId: 'D2' });
    await bookOne(other, '04-15', { DeskId: 'D3', IncludeParking: true }); // the one space
    const res = await preview(staff, { OnBehalfOfEmail: 'guest@example.org', IncludeParking: true });
    expect(states(res)).toEqual([
      '2030-04-01 Free',
      '2030-04-08 Refused: guest@example.org already has a desk booked then.',
      `2030-04-15 Refused: ${PARKING_FULL}`,
      '2030-04-22 Free',
    ]);
  });

  it('sees a yearly closure in later years and a whole-site closure, as the booking trigger does', async () => {
    await t.pool.query(
      `INSERT INTO closures (site_id, whole_site, starts_at, ends_at, reason, repeats_yearly, created_by)
       VALUES ($1, true, '2029-04-08T00:00:00+01:00', '2029-04-09T00:00:00+01:00', 'Founders day', true, $2),
              ($1, true, $3, $4, 'Move', false, $2)`, [siteId, admin.id, london('04-22', '16:00'), london('04-22', '18:00')]);
    expect(states(await preview())).toEqual(['2030-04-01 Free', '2030-04-08 Closed: Founders day', '2030-04-15 Free', '2030-04-22 Closed: Move']);
    // The trigger agrees: a single booking on the closed day is refused with the same reason.
    const single = await post(staff, '/api/bookings/desk', { FloorplanId: floorplanId, DeskId: 'D1', Start: london('04-08', '10:00'), Finish: london('04-08', '11:00') });
    expect(single.statusCode).toBe(409);
    expect(single.json().Error).toMatch(/Founders day/);
  });

  it("keeps a team's desk for its team more than 48 hours ahead, occurrence by occurrence", async () => {
    const daily = { DeskId: 'TEAM', Recurrence: { Frequency: 'Daily', Count: 4 } };
    expect(states(await preview(staff, daily))).toEqual([
      '2030-04-01 Free', '2030-04-02 Free', `2030-04-03 Refused: ${DESK_RESERVED_FOR_TEAM}`, `2030-04-04 Refused: ${DESK_RESERVED_FOR_TEAM}`,
    ]);
    expect(states(await preview(teamMember, daily))).toEqual(['2030-04-01 Free', '2030-04-02 Free', '2030-04-03 Free', '2030-04-04 Free']);
    expect(states(await preview(staff, { DeskId: 'NB', Recurrence: weekly(1) }))).toEqual([`2030-04-01 Refused: ${DESK_NOT_BOOKABLE}`]);
  });

  it('applies the advance limit of the location, else the site, else the global one, and names the last possible day', async () => {
    await t.pool.query('UPDATE global_settings SET desk_constraint_number = 1, desk_constraint_type = 1'); // 1 week
    let res = await preview();
    expect(res.json().LastPossibleDate).toBe('2030-04-08');
    expect(states(res)[2]).toBe('2030-04-15 BeyondLimit: Bookings to this desk are restricted. You may only book slots before: 09/04/2030');
    await t.pool.query('INSERT INTO booking_constraints (site_id, number, type, resource_type) VALUES ($1, 2, 1, 2)', [siteId]);
    res = await preview();
    expect(res.json().LastPossibleDate).toBe('2030-04-15');
    await t.pool.query('INSERT INTO booking_constraints (location_id, number, type, resource_type) VALUES ($1, 3, 1, 2)', [locationId]);
    res = await preview();
    expect(res.json().LastPossibleDate).toBe('2030-04-22');
    expect(res.json().Occurrences.map((o: { State: string }) => o.State)).toEqual(['Free', 'Free', 'Free', 'Free']);
  });

  it('refuses the whole request for rules that do not depend on the day: maintenance, booking off, restrictions (403)', async () => {
    await t.pool.query('UPDATE global_settings SET maintenance_mode = true');
    expect((await preview()).json().Error).toMatch(/maintenance mode/);
    expect((await bookSeries(staff, { Dates: ['2030-04-01'] })).statusCode).toBe(403);
    await t.pool.query('UPDATE global_settings SET maintenance_mode = false');
    await t.pool.query('UPDATE sites SET desk_booking_enabled = false');
    expect((await preview()).statusCode).toBe(403);
    await t.pool.query('UPDATE sites SET desk_booking_enabled = true');
    await t.pool.query('UPDATE locations SET restrict_desk_access = true WHERE id = $1', [locationId]);
    expect((await preview()).json().Error).toMatch(/restricted to named people/);
    expect((await preview(admin)).statusCode).toBe(200);
    await grant(t.pool, { scope: 'location', scopeId: locationId, accessType: 2, userId: staff.id });
    expect((await preview()).statusCode).toBe(200);
    expect(await count('SELECT count(*) AS n FROM bookings')).toBe(0);
  });
});

describe('repeating desk bookings: booking', () => {
  it('books the chosen occurrences as one series, tells the booker once, and lists the rest as skipped', async () => {
    await bookOne(other, '04-08');
    const res = await bookSeries(staff, { Dates: ['2030-04-01', '2030-04-15', '2030-04-22'], Description: 'Focus days' });
    expect(res.statusCode).toBe(201);
    const answer = res.json();
    expect(answer.Booked.map((b: { Start: string }) => b.Start)).toEqual([london('04-01', '09:00'), london('04-15', '09:00'), london('04-22', '09:00')]);
    expect(answer.Booked.every((b: { SeriesId: string; DeskId: string; Status: number; BookedByUserId: number }) =>
      b.SeriesId === answer.SeriesId && b.DeskId === 'D1' && b.Status === 1 && b.BookedByUserId === staff.id)).toBe(true);
    expect(answer.Skipped).toEqual([expect.objectContaining({ Date: '2030-04-08', State: 'Taken' })]);
    const days = (await t.pool.query('SELECT occurrence_date::text AS day FROM bookings WHERE series_id = $1 ORDER BY 1', [answer.SeriesId])).rows;
    expect(days.map((r) => r.day)).toEqual(['2030-04-01', '2030-04-15', '2030-04-22']);
    const mails = (await t.pool.query('SELECT lower(to_address) AS to, subject, body_text FROM mail_outbox')).rows;
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: 'staff@example.org', subject: 'Desk booked, repeating: Desk D1, Every week on Monday, 4 times' });
    expect(mails[0].body_text).toContain('Repeats: Every week on Monday, 4 times, 09:00–17:00 (Europe/London)');
    expect(mails[0].body_text).toContain('3 occurrences:\n  Mon, 1 Apr 2030\n  Mon, 15 Apr 2030\n  Mon, 22 Apr 2030\n');
  });

  it('refuses a chosen day that cannot be booked (400 naming the day) or is taken (409), and books none', async () => {
    await bookOne(other, '04-08');
    await bookOne(staff, '04-15', { DeskId: 'D2' });
    await close('04-22', 'Deep clean', 'D1');
    const cases: [string[], number, Record<string, string>][] = [
      [['2030-04-01', '2030-04-22'], 400, { Dates: '2030-04-22: Deep clean' }],
      [['2030-04-01', '2030-04-15'], 400, { Dates: '2030-04-15: You already have a desk booked then.' }],
      [['2030-04-01', '2030-04-08'], 409, { Dates: '2030-04-08' }],
      [['2030-04-02'], 400, { Dates: '2030-04-02 is not an occurrence of this repeating booking.' }],
    ];
    for (const [Dates, status, errors] of cases) {
      const res = await bookSeries(staff, { Dates });
      expect(res.statusCode, Dates.join()).toBe(status);
      expect(res.json().Errors).toEqual(errors);
    }
    t.setNow(new Date('2030-04-09T07:00:00Z'));
    const past = await bookSeries(staff, { Dates: ['2030-04-01'] });
    expect(past.json().Errors).toEqual({ Dates: '2030-04-01: Cannot book a date in the past' });
    expect(await count('SELECT count(*) AS n FROM bookings WHERE series_id IS NOT NULL')).toBe(0);
    expect(await count('SELECT count(*) AS n FROM booking_series')).toBe(0);
  });

  it('refuses a day closed after the preview (400 with the reason), and a closure committed during the insert (409), booking nothing', async () => {
    expect(states(await preview())).toEqual(['2030-04-01 Free', '2030-04-08 Free', '2030-04-15 Free', '2030-04-22 Free']);
    await close('04-15', 'Fire drill');
    const after = await bookSeries(staff, { Dates: ['2030-04-01', '2030-04-15'] });
    expect(after.statusCode).toBe(400);
    expect(after.json().Errors).toEqual({ Dates: '2030-04-15: Fire drill' });
    await t.pool.query('DELETE FROM closures');

    // A closure committed while the series' insert waits for the site row: the trigger refuses it.
    await expectClosureRaceRefusesSeries(t, { siteId, startsAt: london('04-08', '00:00'), endsAt: london('04-08', '23:00'), adminId: admin.id },
      () => bookSeries(staff, { Dates: ['2030-04-01', '2030-04-08'] }));
  });

  it('a booking that wins a day between the checks and the insert refuses the whole series (409 naming the day)', async () => {
    // Another person's booking of D1 on the 8th, written but not yet committed: the series' checks do
    // not see it, and its insert waits for it on desk_not_double_booked.
    const rival = await t.pool.connect();
    try {
      await rival.query('BEGIN');
      await rival.query(
        `INSERT INTO bookings (site_id, location_id, floorplan_id, layout_id, desk_id, desk_name, starts_at, finishes_at, booked_by_user_id, holder_key, status)
         SELECT $1, $2, $3, l.id, 'D1', 'Desk D1', $4, $5, $6, 'other@example.org', 1 FROM layouts l WHERE l.floorplan_id = $3`,
        [siteId, locationId, floorplanId, london('04-08', '12:00'), london('04-08', '13:00'), other.id]);
      const racing = bookSeries(staff, { Dates: ['2030-04-01', '2030-04-08', '2030-04-15'] });
      await waitForLockWait(t.pool, 'the series');
      await rival.query('COMMIT');
      const res = await racing;
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ Code: 'CONFLICT', Errors: { Dates: '2030-04-08' } });
      expect(res.json().Error).toBe('The desk is already booked on 2030-04-08. Nothing was booked: choose the other occurrences and try again.');
    } finally {
      rival.release();
    }
    expect(await count('SELECT count(*) AS n FROM bookings WHERE series_id IS NOT NULL')).toBe(0);
    expect(await count('SELECT count(*) AS n FROM booking_series')).toBe(0);
  });

  it('two series and a single booking racing for the same desk days never double-book; the losers book nothing', async () => {
    const racers = await Promise.all([
      bookSeries(staff, { Dates: ['2030-04-08', '2030-04-15'] }),
      bookSeries(other, { Dates: ['2030-04-15', '2030-04-22'] }),
      bookSeries(guest, { Dates: ['2030-04-08', '2030-04-22'] }),
      post(admin, '/api/bookings/desk', { FloorplanId: floorplanId, DeskId: 'D1', Start: london('04-22', '10:00'), Finish: london('04-22', '11:00') }),
    ]);
    const statuses = racers.map((r) => r.statusCode);
    expect(statuses.every((s) => s === 201 || s === 409), statuses.join()).toBe(true);
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(1);
    for (const r of racers.filter((x) => x.statusCode === 409)) expect(r.json().Error).toMatch(/already been booked|already booked on 2030-04-/);
    expect(await count(`SELECT count(*) AS n FROM bookings a JOIN bookings b ON a.id < b.id AND a.floorplan_id = b.floorplan_id AND a.desk_id = b.desk_id
      AND a.status IN (0, 1) AND b.status IN (0, 1) AND a.during && b.during`)).toBe(0);
    expect(await count('SELECT count(*) AS n FROM booking_series s WHERE (SELECT count(*) FROM bookings b WHERE b.series_id = s.id) <> 2')).toBe(0);
  });

  it('refuses bad input with the field named, and writes nothing', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ Recurrence: { Frequency: 'Weekly', Interval: 0, Count: 3 } }, /Interval/],
      [{ Recurrence: { Frequency: 'Weekly', Count: 10_000 } }, /Count/],
      [{ Recurrence: { Frequency: 'Weekly', ByDay: ['XX'], Count: 2 } }, /ByDay/],
      [{ Recurrence: { Frequency: 'Daily', Count: 261 } }, /Recurrence\.Count.*at most 260 occurrences/],
      [{ Recurrence: { Frequency: 'Daily', Until: '2030-03-01' } }, /Recurrence\.Until/],
      [{ Finish: london('04-02', '10:00') }, /Finish.*at most a day/],
      [{ Finish: london('04-01', '08:00') }, /Finish/],
      [{ DeskId: '' }, /DeskId/],
      [{ FloorplanId: 0 }, /FloorplanId/],
      [{ Start: 'tomorrow' }, /Start/],
      [{ OnBehalfOfEmail: 'not-an-address' }, /OnBehalfOfEmail/],
      [{ IncludeParking: 'yes' }, /IncludeParking/],
      [{ Dates: ['2030-13-01'] }, /Dates/],
      [{ Dates: [] }, /at least one/],
    ];
    for (const [extra, message] of cases) {
      const res = await bookSeries(staff, { Dates: ['2030-04-01'], ...extra });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.body, JSON.stringify(extra)).toMatch(message);
    }
    expect((await bookSeries(staff)).json().Errors).toEqual({ Dates: 'Choose the occurrences to book.' });
    // Instants at the ends of the calendar: refused as input, never a 500 nor days other than those asked for.
    for (const [Start, Finish] of [['9999-12-31T09:00:00Z', '9999-12-31T17:00:00Z'], ['0001-01-01T09:00:00Z', '0001-01-01T17:00:00Z']]) {
      const res = await preview(staff, { Start, Finish });
      expect(res.statusCode, `${Start} ${res.body}`).toBe(400);
      expect(res.json().Errors, Start).toEqual({ Start: 'A repeating booking must start between 1970-01-01 and 9000-12-31.' });
      expect((await bookSeries(staff, { Start, Finish, Dates: ['2030-04-01'] })).statusCode, Start).toBe(400);
    }
    expect(await count('SELECT count(*) AS n FROM bookings')).toBe(0);
  });

  it('refuses anonymous callers (401), unknown floorplans (404), desks not on the layout (409), strangers on behalf (400), too many calls (429)', async () => {
    // Wait first: the 404, 409 and 400 below count toward this minute's limit, so they must fall in the same minute.
    await awayFromMinuteEnd(t.pool);
    expect((await preview(null)).statusCode).toBe(401);
    expect((await bookSeries(null, { Dates: ['2030-04-01'] })).statusCode).toBe(401);
    expect((await preview(staff, { FloorplanId: 999_999 })).statusCode).toBe(404);
    expect((await preview(staff, { DeskId: 'NOPE' })).statusCode).toBe(409);
    const stranger = await bookSeries(staff, { Dates: ['2030-04-01'], OnBehalfOfEmail: 'someone@elsewhere.example' });
    expect(stranger.statusCode).toBe(400);
    expect(Object.keys(stranger.json().Errors)).toEqual(['OnBehalfOfEmail']);
    // The 404, 409 and 400 above count toward the limit (the 401s have no person to count).
    for (let i = 0; i < SERIES_CALLS_PER_MINUTE - 3; i++) expect((await preview()).statusCode).toBe(200);
    const limited = await bookSeries(staff, { Dates: ['2030-04-01'] });
    expect(limited.statusCode).toBe(429);
    expect(await count('SELECT count(*) AS n FROM bookings')).toBe(0);
    expect((await preview(other)).statusCode).toBe(200);
  });
});
