import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, type TestUser } from '../../testing/testApp.js';
import { insertPublishedFloorplan } from '../../testing/fixtures.js';
import { awayFromMinuteEnd } from '../../testing/minuteWindow.js';
import { bookVia, call, createOrg, london, mailRows, NOW, resetBookings, type Org } from '../roomBooking/roomBookingTestKit.js';
import { IMPORTS_PER_MINUTE, STALE_PREVIEW } from './closures.service.js';
import { insertClosures, lockSiteAgainstBookings } from './closures.repo.js';

let t: Awaited<ReturnType<typeof buildTestApp>>;
let org: Org;
let floorplanId: number;

beforeAll(async () => {
  t = await buildTestApp({ now: NOW });
  org = await createOrg(t);
  ({ floorplanId } = await insertPublishedFloorplan(t.pool, org.floor1, [{ id: 'D1' }, { id: 'D2' }]));
});
afterAll(() => t.dropDatabase());
beforeEach(async () => {
  t.setNow(NOW);
  await resetBookings(t);
  await t.pool.query('DELETE FROM closures');
  await t.pool.query('DELETE FROM read_limits');
});

const closure = (o: Record<string, unknown> = {}) => ({
  SiteId: org.siteId, Scope: { WholeSite: true }, Start: london(2, '00:00'), End: london(3, '00:00'), Reason: 'Boiler repair', ...o,
});
const bookDesk = (who: TestUser, deskId: string, start: string, finish: string) => call(t, who, 'POST', '/api/bookings/desk',
  { FloorplanId: floorplanId, DeskId: deskId, Start: start, Finish: finish });
const del = (who: TestUser | undefined, url: string) => t.app.inject({ method: 'DELETE', url, headers: who ? { cookie: who.cookie } : {} });
const statusOf = async (id: number) => (await t.pool.query('SELECT status, cancellation_reason, cancelled_by_admin FROM bookings WHERE id = $1', [id])).rows[0];
/** Preview then confirm with its token, as the screen does. */
async function closeWith(body: Record<string, unknown>) {
  const preview = await call(t, org.admin, 'POST', '/api/closures/preview', body);
  expect(preview.statusCode).toBe(200);
  return { preview: preview.json(), created: await call(t, org.admin, 'POST', '/api/closures', { ...body, Token: preview.json().Token }) };
}

describe('creating a closure over bookings', () => {
  it('previews the bookings, then cancels them as an admin with the reason, one mail and one push per person', async () => {
    const a = await bookVia(t, org.staff, { RoomId: org.thames });
    const b = await bookVia(t, org.staff, { RoomId: org.severn });
    const c = (await bookDesk(org.other, 'D1', london(2, '09:00'), london(2, '17:00'))).json();
    const later = await bookVia(t, org.staff, { RoomId: org.thames, Start: london(4, '09:00'), Finish: london(4, '10:00') });
    await t.pool.query('DELETE FROM mail_outbox; DELETE FROM push_outbox');

    const { preview, created } = await closeWith(closure());
    expect(preview.Count).toBe(3);
    expect(preview.Bookings.map((x: { Id: number }) => x.Id).sort()).toEqual([a.Id, b.Id, c.Id].sort());
    expect(preview.Bookings[0]).toMatchObject({ PersonName: expect.any(String), Place: expect.stringMatching(/^(Room|Desk) /) });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ CancelledCount: 3, Closures: [{ Reason: 'Boiler repair', Scope: { WholeSite: true }, CreatedByName: 'Ada Admin' }] });
    for (const id of [a.Id, b.Id, c.Id]) expect(await statusOf(id)).toEqual({ status: 3, cancellation_reason: 'Boiler repair', cancelled_by_admin: true });
    expect((await statusOf(later.Id)).status).toBe(1);
    const pushes = (await t.pool.query('SELECT user_id FROM push_outbox ORDER BY user_id')).rows.map((r) => r.user_id);
    expect(pushes).toEqual([org.staff.id, org.other.id].sort((x, y) => x - y));
    const mail = await mailRows(t);
    expect(mail.map((m) => m.to).sort()).toEqual(['other@hq.example', 'staff@hq.example']);
    expect(mail.find((m) => m.to === 'staff@hq.example')!.subject).toBe('2 of your bookings have been cancelled');
    expect(mail.find((m) => m.to === 'staff@hq.example')!.body_text).toContain('Boiler repair');
  });

  it('refuses a stale preview with 409 and writes nothing when the set changed', async () => {
    const preview = (await call(t, org.admin, 'POST', '/api/closures/preview', closure())).json();
    expect(preview.Count).toBe(0);
    const booked = await bookVia(t, org.staff, { RoomId: org.thames });
    const res = await call(t, org.admin, 'POST', '/api/closures', { ...closure(), Token: preview.Token });
    expect(res.statusCode).toBe(409);
    expect(res.json().Error).toBe(STALE_PREVIEW);
    expect((await t.pool.query('SELECT count(*)::int AS n FROM closures')).rows[0].n).toBe(0);
    expect((await statusOf(booked.Id)).status).toBe(1);
  });

  it('closes only the places named: a room, a floor, a desk', async () => {
    const thames = await bookVia(t, org.staff, { RoomId: org.thames });
    const boardroomFloor = await bookVia(t, org.approver, { RoomId: org.boardroom });
    const d1 = (await bookDesk(org.other, 'D1', london(2, '09:00'), london(2, '17:00'))).json();
    const d2 = (await bookDesk(org.staff, 'D2', london(2, '09:00'), london(2, '17:00'))).json();
    const { preview, created } = await closeWith(closure({
      Scope: { WholeSite: false, RoomIds: [org.thames], LocationIds: [org.floor2], Desks: [{ FloorplanId: floorplanId, DeskId: 'D1' }] },
    }));
    expect(preview.Count).toBe(3);
    expect(created.json().CancelledCount).toBe(3);
    for (const id of [thames.Id, boardroomFloor.Id, d1.Id]) expect((await statusOf(id)).status).toBe(3);
    expect((await statusOf(d2.Id)).status).toBe(1);
  });
});

describe('booking during a closure', () => {
  it('refuses desk and room bookings with 409 naming the reason and the end; other places and times stay bookable', async () => {
    await closeWith(closure({ Scope: { WholeSite: false, RoomIds: [org.thames], Desks: [{ FloorplanId: floorplanId, DeskId: 'D1' }] } }));
    const room = await call(t, org.staff, 'POST', '/api/bookings/room', { RoomId: org.thames, Description: 'x', Start: london(2, '09:00'), Finish: london(2, '10:00') });
    expect(room.statusCode).toBe(409);
    expect(room.json().Error).toBe('Closed until Wednesday, 3 April 2030 at 00:00: Boiler repair');
    const desk = await bookDesk(org.staff, 'D1', london(2, '09:00'), london(2, '17:00'));
    expect(desk.statusCode).toBe(409);
    expect(desk.json().Error).toContain('Boiler repair');
    expect((await bookDesk(org.staff, 'D2', london(2, '09:00'), london(2, '17:00'))).statusCode).toBe(201);
    expect((await bookDesk(org.other, 'D1', london(3, '09:00'), london(3, '17:00'))).statusCode).toBe(201);
    await bookVia(t, org.staff, { RoomId: org.severn });
  });

  it('refuses moving a booking into a closure (edit)', async () => {
    const d = (await bookDesk(org.staff, 'D1', london(3, '09:00'), london(3, '17:00'))).json();
    await closeWith(closure());
    const res = await call(t, org.staff, 'POST', `/api/bookings/${d.Id}`, { Start: london(2, '09:00'), Finish: london(2, '17:00') });
    expect(res.statusCode).toBe(409);
    expect(res.json().Error).toContain('Boiler repair');
  });

  it('a yearly closure applies every year on the site clock, and cancels bookings in later years when created', async () => {
    t.setNow(new Date('2030-12-01T09:00:00Z'));
    const nextYear = (await bookDesk(org.staff, 'D1', '2031-12-25T09:00:00Z', '2031-12-25T17:00:00Z')).json();
    await t.pool.query('UPDATE bookings SET starts_at = $1, finishes_at = $2 WHERE id = $3', ['2032-12-25T09:00:00Z', '2032-12-25T17:00:00Z', nextYear.Id]);
    const { created } = await closeWith(closure({ Start: '2030-12-25T00:00:00Z', End: '2030-12-26T00:00:00Z', Reason: 'Christmas', RepeatsYearly: true }));
    expect(created.json().CancelledCount).toBe(1);
    expect((await statusOf(nextYear.Id)).status).toBe(3);
    await t.pool.query('UPDATE global_settings SET desk_constraint_number = 0');
    const refused = await bookDesk(org.staff, 'D2', '2031-12-25T10:00:00Z', '2031-12-25T12:00:00Z');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().Error).toBe('Closed until Friday, 26 December 2031 at 00:00: Christmas');
    expect((await bookDesk(org.staff, 'D2', '2031-12-26T10:00:00Z', '2031-12-26T12:00:00Z')).statusCode).toBe(201);
  });

  it('under concurrency no booking slips into a closure created while bookings arrive', async () => {
    const people = await Promise.all(Array.from({ length: 12 }, (_, i) => createUser(t, { email: `rush${i}@hq.example` })));
    const desks = Array.from({ length: 12 }, (_, i) => `R${i}`);
    const fp = (await insertPublishedFloorplan(t.pool, org.floor1, desks.map((id) => ({ id })))).floorplanId;
    const rush = people.map((p, i) => call(t, p, 'POST', '/api/bookings/desk', { FloorplanId: fp, DeskId: desks[i], Start: london(2, '09:00'), Finish: london(2, '17:00') }));
    const closing = (async () => {
      for (let attempt = 0; attempt < 20; attempt++) {
        const { created } = await closeWith(closure());
        if (created.statusCode === 201) return created;
        expect(created.statusCode).toBe(409); // the set changed meanwhile: look again
      }
      throw new Error('never closed');
    })();
    const answers = await Promise.all(rush);
    await closing;
    for (const a of answers) expect([201, 409]).toContain(a.statusCode);
    const active = (await t.pool.query(
      `SELECT count(*)::int AS n FROM bookings WHERE status IN (0, 1) AND during && tstzrange($1, $2)`, [london(2, '00:00'), london(3, '00:00')])).rows[0].n;
    expect(active).toBe(0);
  });
});

describe('the lock protocol (migration 0021)', () => {
  it('a booking written while a closure is being created waits for it, then is refused', async () => {
    const client = await t.pool.connect();
    try {
      await client.query('BEGIN');
      await lockSiteAgainstBookings(client, org.siteId);
      await insertClosures(client, [{ siteId: org.siteId, wholeSite: true, locationIds: [], roomIds: [], desks: [],
        start: new Date(london(2, '00:00')), end: new Date(london(3, '00:00')), reason: 'Lift works', repeatsYearly: false, createdBy: org.admin.id }]);
      let settled = false;
      const booking = bookDesk(org.staff, 'D1', london(2, '09:00'), london(2, '17:00')).finally(() => { settled = true; });
      await new Promise((r) => setTimeout(r, 300));
      expect(settled).toBe(false); // waiting on the site row
      await client.query('COMMIT');
      const res = await booking;
      expect(res.statusCode).toBe(409);
      expect(res.json().Error).toContain('Lift works');
    } finally {
      client.release();
    }
  });

  it('an edit moving a booking into a closure being created waits for it, then is refused', async () => {
    const d = (await bookDesk(org.staff, 'D1', london(3, '09:00'), london(3, '17:00'))).json();
    const client = await t.pool.connect();
    try {
      await client.query('BEGIN');
      await lockSiteAgainstBookings(client, org.siteId);
      await insertClosures(client, [{ siteId: org.siteId, wholeSite: true, locationIds: [], roomIds: [], desks: [],
        start: new Date(london(2, '00:00')), end: new Date(london(3, '00:00')), reason: 'Lift works', repeatsYearly: false, createdBy: org.admin.id }]);
      let settled = false;
      const edit = call(t, org.staff, 'POST', `/api/bookings/${d.Id}`, { Start: london(2, '09:00'), Finish: london(2, '17:00') })
        .finally(() => { settled = true; });
      await new Promise((r) => setTimeout(r, 300));
      expect(settled).toBe(false);
      await client.query('COMMIT');
      const res = await edit;
      expect(res.statusCode).toBe(409);
      expect(res.json().Error).toContain('Lift works');
    } finally {
      client.release();
    }
  });

  it('a closure created while a booking is uncommitted waits for it, and then finds it', async () => {
    const client = await t.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(`INSERT INTO bookings (site_id, location_id, room_id, starts_at, finishes_at, booked_by_user_id, holder_key, status)
        VALUES ($1, $2, $3, $4, $5, $6, 'staff@hq.example', 1)`, [org.siteId, org.floor1, org.thames, london(2, '09:00'), london(2, '10:00'), org.staff.id]);
      const preview = (await call(t, org.admin, 'POST', '/api/closures/preview', closure())).json();
      expect(preview.Count).toBe(0); // not committed yet
      const creating = call(t, org.admin, 'POST', '/api/closures', { ...closure(), Token: preview.Token });
      await new Promise((r) => setTimeout(r, 300));
      await client.query('COMMIT');
      expect((await creating).statusCode).toBe(409); // the set changed: the booking is seen, nothing is left half done
    } finally {
      client.release();
    }
  });
});

describe('reading closures', () => {
  it('any signed-in person reads them without the creator; admins see the creator', async () => {
    await closeWith(closure());
    const q = `siteId=${org.siteId}&from=${encodeURIComponent(london(1, '00:00'))}&to=${encodeURIComponent(london(8, '00:00'))}`;
    const open = await call(t, org.staff, 'GET', `/api/closures?${q}`);
    expect(open.statusCode).toBe(200);
    expect(open.json()).toEqual([{ Id: expect.any(Number), SiteId: org.siteId, Scope: { WholeSite: true, LocationIds: [], RoomIds: [], Desks: [] },
      Start: new Date(london(2, '00:00')).toISOString(), End: new Date(london(3, '00:00')).toISOString(), Reason: 'Boiler repair', RepeatsYearly: false }]);
    expect((await call(t, org.admin, 'GET', `/api/closures/manage?${q}`)).json()[0].CreatedByName).toBe('Ada Admin');
    expect((await call(t, org.staff, 'GET', `/api/closures?siteId=${org.siteId}&from=${encodeURIComponent(london(8, '00:00'))}&to=${encodeURIComponent(london(9, '00:00'))}`)).json()).toEqual([]);
  });

  const range = (siteId: number, from: string, to: string) => `siteId=${siteId}&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;

  it('lists a yearly closure once per year it touches, at that year\'s dates on the site clock', async () => {
    t.setNow(new Date('2030-12-01T09:00:00Z'));
    await closeWith(closure({ Start: '2030-12-25T00:00:00Z', End: '2030-12-26T00:00:00Z', Reason: 'Christmas', RepeatsYearly: true }));
    const res = await call(t, org.staff, 'GET', `/api/closures?${range(org.siteId, '2031-12-01T00:00:00Z', '2033-01-10T00:00:00Z')}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((c: { Start: string; End: string }) => [c.Start, c.End])).toEqual([
      ['2031-12-25T00:00:00.000Z', '2031-12-26T00:00:00.000Z'], ['2032-12-25T00:00:00.000Z', '2032-12-26T00:00:00.000Z']]);
    // Never before its first year.
    expect((await call(t, org.staff, 'GET', `/api/closures?${range(org.siteId, '2029-12-01T00:00:00Z', '2030-01-10T00:00:00Z')}`)).json()).toEqual([]);
  });

  it('a summer yearly closure keeps its wall-clock hours in each year (BST)', async () => {
    await closeWith(closure({ Start: london(2, '00:00'), End: london(3, '00:00'), RepeatsYearly: true }));
    const res = await call(t, org.staff, 'GET', `/api/closures?${range(org.siteId, '2031-03-20T00:00:00Z', '2031-04-10T00:00:00Z')}`);
    expect(res.json().map((c: { Start: string }) => c.Start)).toEqual(['2031-04-01T23:00:00.000Z']);
  });

  it('shows staff only the places they may choose; a site where they may choose nothing is 404 (refusal)', async () => {
    await t.pool.query('UPDATE locations SET restrict_room_access = true, restrict_desk_access = true WHERE id = $1', [org.floor2]);
    await t.pool.query('UPDATE sites SET restrict_desk_access = true WHERE id = $1', [org.secretSite]);
    try {
      await closeWith(closure({ Scope: { WholeSite: false, RoomIds: [org.thames, org.boardroom], LocationIds: [org.floor2] }, Reason: 'Mixed' }));
      await closeWith(closure({ Scope: { WholeSite: false, RoomIds: [org.boardroom] }, Reason: 'Boardroom only' }));
      await closeWith(closure({ SiteId: org.secretSite, Reason: 'Secret works' }));
      const q = range(org.siteId, london(1, '00:00'), london(8, '00:00'));
      const staffView = (await call(t, org.staff, 'GET', `/api/closures?${q}`)).json();
      expect(staffView).toEqual([expect.objectContaining({ Reason: 'Mixed', Scope: { WholeSite: false, LocationIds: [], RoomIds: [org.thames], Desks: [] } })]);
      const adminView = (await call(t, org.admin, 'GET', `/api/closures?${q}`)).json();
      expect(adminView.map((c: { Reason: string }) => c.Reason).sort()).toEqual(['Boardroom only', 'Mixed']);
      expect(adminView.find((c: { Reason: string }) => c.Reason === 'Mixed').Scope.RoomIds).toEqual([org.thames, org.boardroom].sort((a, b) => a - b));
      // The restricted site: refused to staff, shown to the person listed there and to admins.
      const secret = range(org.secretSite, london(1, '00:00'), london(8, '00:00'));
      const refused = await call(t, org.staff, 'GET', `/api/closures?${secret}`);
      expect(refused.statusCode).toBe(404);
      expect(refused.body).not.toContain('Secret works');
      expect((await call(t, org.siteListed, 'GET', `/api/closures?${secret}`)).json()).toEqual([expect.objectContaining({ Reason: 'Secret works' })]);
      expect((await call(t, org.admin, 'GET', `/api/closures?${secret}`)).json()).toHaveLength(1);
    } finally {
      await t.pool.query('UPDATE locations SET restrict_room_access = false, restrict_desk_access = false WHERE id = $1', [org.floor2]);
      await t.pool.query('UPDATE sites SET restrict_desk_access = false WHERE id = $1', [org.secretSite]);
    }
  });

  it('the answer to staff carries no personal data (no creator, no bookings)', async () => {
    await bookVia(t, org.other, { RoomId: org.thames });
    await closeWith(closure());
    const res = await call(t, org.staff, 'GET', `/api/closures?${range(org.siteId, london(1, '00:00'), london(8, '00:00'))}`);
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()[0]).sort()).toEqual(['End', 'Id', 'Reason', 'RepeatsYearly', 'Scope', 'SiteId', 'Start']);
    for (const personal of ['Ada Admin', 'admin@hq.example', 'Oscar', 'other@hq.example', 'Team sync', 'CreatedBy']) expect(res.body).not.toContain(personal);
  });

  it('deletes a closure (204), then the place is bookable again; an unknown one is 404', async () => {
    const id = (await closeWith(closure())).created.json().Closures[0].Id;
    expect((await del(org.admin, `/api/closures/${id}`)).statusCode).toBe(204);
    await bookVia(t, org.staff, { RoomId: org.thames });
    expect((await del(org.admin, `/api/closures/${id}`)).statusCode).toBe(404);
  });
});

describe('refusals', () => {
  const q = () => `siteId=${org.siteId}&from=${encodeURIComponent(london(1, '00:00'))}&to=${encodeURIComponent(london(8, '00:00'))}`;

  it('401 signed out, 403 for staff on every admin route', async () => {
    expect((await call(t, undefined, 'GET', `/api/closures?${q()}`)).statusCode).toBe(401);
    expect((await call(t, undefined, 'POST', '/api/closures/preview', closure())).statusCode).toBe(401);
    expect((await call(t, org.staff, 'GET', `/api/closures/manage?${q()}`)).statusCode).toBe(403);
    expect((await call(t, org.staff, 'POST', '/api/closures/preview', closure())).statusCode).toBe(403);
    expect((await call(t, org.staff, 'POST', '/api/closures', { ...closure(), Token: 'x' })).statusCode).toBe(403);
    expect((await call(t, org.staff, 'POST', '/api/closures/import', { SiteId: org.siteId, Ics: 'x' })).statusCode).toBe(403);
    expect((await del(org.staff, '/api/closures/1')).statusCode).toBe(403);
  });

  it.each([
    ['End', { End: london(1, '00:00') }, 'The end must be after the start.'],
    ['End', { End: '2033-01-01T00:00:00Z' }, 'A closure can last at most two years.'],
    ['End', { RepeatsYearly: true, End: '2031-06-01T00:00:00Z' }, 'A closure that repeats every year can last at most a year.'],
    ['Reason', { Reason: 'x'.repeat(201) }, 'must be at most 200 characters'],
    ['Reason', { Reason: '   ' }, 'must not be empty'],
    ['Scope', { Scope: { WholeSite: false } }, 'Choose the whole site, or at least one floor, room or desk.'],
    ['Scope', { Scope: { WholeSite: true, RoomIds: [1] } }, 'Close either the whole site or the places listed, not both.'],
    ['Scope.RoomIds', { Scope: { WholeSite: false, RoomIds: [999999] } }, 'No room 999999 at this site.'],
    ['Scope.Desks', { Scope: { WholeSite: false, Desks: [{ FloorplanId: 999999, DeskId: 'D1' }] } }, 'No desk 999999/D1'],
  ])('400 naming %s', async (field, overrides, message) => {
    const res = await call(t, org.admin, 'POST', '/api/closures/preview', closure(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json().Errors?.[field]).toContain(message);
  });

  it('a room of another site is unknown here; an unknown site is 404', async () => {
    const res = await call(t, org.admin, 'POST', '/api/closures/preview', closure({ Scope: { WholeSite: false, RoomIds: [org.vault] } }));
    expect(res.json().Errors?.['Scope.RoomIds']).toContain(`No room ${org.vault}`);
    expect((await call(t, org.admin, 'POST', '/api/closures/preview', closure({ SiteId: 999999 }))).statusCode).toBe(404);
  });

  it('400 naming "to" for a range that is reversed or over two years', async () => {
    const reversed = await call(t, org.staff, 'GET', `/api/closures?siteId=${org.siteId}&from=2030-02-01T00:00:00Z&to=2030-01-01T00:00:00Z`);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().Errors?.to).toBe('The end must be after the start.');
    const long = await call(t, org.admin, 'GET', `/api/closures/manage?siteId=${org.siteId}&from=2030-01-01T00:00:00Z&to=2032-06-01T00:00:00Z`);
    expect(long.statusCode).toBe(400);
    expect(long.json().Errors?.to).toBe('Ask for at most two years at a time.');
  });
});

// Two public holidays as a real calendar publishes them (all-day, DTEND exclusive), trimmed.
const HOLIDAYS_ICS = [
  'BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Example//UK Holidays//EN', 'CALSCALE:GREGORIAN',
  'BEGIN:VEVENT', 'UID:2030-12-25-christmas@example.org', 'DTSTAMP:20300101T000000Z',
  'DTSTART;VALUE=DATE:20301225', 'DTEND;VALUE=DATE:20301226', 'SUMMARY:Christmas Day', 'END:VEVENT',
  'BEGIN:VEVENT', 'UID:2031-05-26-spring@example.org', 'DTSTAMP:20300101T000000Z',
  'DTSTART;VALUE=DATE:20310526', 'DTEND;VALUE=DATE:20310527', 'SUMMARY:Spring bank holiday', 'END:VEVENT',
  'END:VCALENDAR', '',
].join('\r\n');

describe('holiday import (.ics)', () => {
  it('previews the holidays as whole days on the site clock, then creates them', async () => {
    const preview = await call(t, org.admin, 'POST', '/api/closures/import', { SiteId: org.siteId, Ics: HOLIDAYS_ICS });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({
      Count: 0,
      Holidays: [
        { Start: '2030-12-25T00:00:00.000Z', End: '2030-12-26T00:00:00.000Z', Reason: 'Christmas Day' },
        { Start: '2031-05-25T23:00:00.000Z', End: '2031-05-26T23:00:00.000Z', Reason: 'Spring bank holiday' }, // BST
      ],
    });
    const created = await call(t, org.admin, 'POST', '/api/closures/import', { SiteId: org.siteId, Ics: HOLIDAYS_ICS, Token: preview.json().Token });
    expect(created.statusCode).toBe(201);
    expect(created.json().Closures.map((c: { Reason: string }) => c.Reason)).toEqual(['Christmas Day', 'Spring bank holiday']);
  });

  it.each([
    ['not a calendar', 'hello', 'This is not an iCalendar (.ics) file that can be read.'],
    ['a timed event', HOLIDAYS_ICS.replace('DTSTART;VALUE=DATE:20301225', 'DTSTART:20301225T090000Z').replace('DTEND;VALUE=DATE:20301226', 'DTEND:20301225T100000Z'),
      '"Christmas Day" has a time of day'],
    ['a repeating event', HOLIDAYS_ICS.replace('SUMMARY:Christmas Day', 'SUMMARY:Christmas Day\r\nRRULE:FREQ=YEARLY'), '"Christmas Day" repeats'],
    ['too many events', ['BEGIN:VCALENDAR', 'VERSION:2.0', ...Array.from({ length: 201 }, (_, i) =>
      `BEGIN:VEVENT\r\nUID:${i}@x\r\nDTSTART;VALUE=DATE:20310101\r\nSUMMARY:H${i}\r\nEND:VEVENT`), 'END:VCALENDAR'].join('\r\n'), 'at most 200'],
  ])('refuses %s with 400 naming Ics', async (_what, ics, message) => {
    const res = await call(t, org.admin, 'POST', '/api/closures/import', { SiteId: org.siteId, Ics: ics });
    expect(res.statusCode).toBe(400);
    expect(res.json().Errors?.Ics).toContain(message);
  });

  it('413 over the size limit; 429 past the imports per minute', async () => {
    const big = await call(t, org.admin, 'POST', '/api/closures/import', { SiteId: org.siteId, Ics: 'x'.repeat(1200 * 1024) });
    expect(big.statusCode).toBe(413);
    await awayFromMinuteEnd(t.pool);
    for (let i = 0; i < IMPORTS_PER_MINUTE; i++) {
      expect((await call(t, org.admin, 'POST', '/api/closures/import', { SiteId: org.siteId, Ics: HOLIDAYS_ICS })).statusCode).toBe(200);
    }
    expect((await call(t, org.admin, 'POST', '/api/closures/import', { SiteId: org.siteId, Ics: HOLIDAYS_ICS })).statusCode).toBe(429);
  });
});
