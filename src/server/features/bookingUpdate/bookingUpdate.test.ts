import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestUser } from '../../testing/testApp.js';
import { grant, insertPublishedFloorplan } from '../../testing/fixtures.js';
import { bookVia, call, createOrg, london, mailRows, NOW, resetBookings, type Org } from '../roomBooking/roomBookingTestKit.js';

let t: Awaited<ReturnType<typeof buildTestApp>>;
let o: Org;

beforeAll(async () => {
  t = await buildTestApp({ now: NOW });
  o = await createOrg(t);
  await grant(t.pool, { scope: 'room', scopeId: o.thames, accessType: 1, userId: o.approver.id });
});
afterAll(() => t.dropDatabase());
beforeEach(async () => {
  t.setNow(NOW);
  await resetBookings(t);
});

const update = (who: TestUser | undefined, id: number, body: Record<string, unknown>) => call(t, who, 'POST', `/api/bookings/${id}`, body);
const clearMail = () => t.pool.query('DELETE FROM mail_outbox');
const slot = (day: number, from: string, to: string) => ({ Start: london(day, from), Finish: london(day, to) });

describe('POST /api/bookings/{id} (room bookings)', () => {
  it('lets the owner move the booking; the booker and on-behalf person get the changed .ics', async () => {
    const b = await bookVia(t, o.staff, { RoomId: o.thames, OnBehalfOfEmail: 'guest@example.org' });
    await clearMail();
    const res = await update(o.staff, b.Id, { ...slot(2, '11:00', '12:30'), Description: 'Moved sync', RoomId: o.thames, BookedByUserId: o.other.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ Id: b.Id, Status: 1, Description: 'Moved sync', BookedByUserId: o.staff.id, ...slot(2, '11:00', '12:30') });
    const mails = await mailRows(t);
    expect(mails.map((m) => m.to).sort()).toEqual(['guest@example.org', 'staff@hq.example']);
    expect(mails[0]!.subject).toBe('Room booking changed: Thames, Tue, 2 Apr 2030, 11:00–12:30');
    expect(mails[0]!.ics).toContain('DTSTART;TZID=Europe/London:20300402T110000'); // the site's clock (issue 23)
  });

  it('lets the on-behalf person (any case), the room admin and an Admin change it; refuses others', async () => {
    const b = await bookVia(t, o.staff, { RoomId: o.thames, OnBehalfOfEmail: 'OTHER@hq.example' });
    expect((await update(o.other, b.Id, { Description: 'By the on-behalf person' })).statusCode).toBe(200);
    expect((await update(o.approver, b.Id, { Description: 'By the room admin' })).statusCode).toBe(200);
    expect((await update(o.admin, b.Id, { Description: 'By an admin' })).statusCode).toBe(200);
    const refused = await update(o.teamApprover, b.Id, { Description: 'By a stranger' });
    expect(refused.statusCode).toBe(403);
    expect((await update(undefined, b.Id, { Description: 'x' })).statusCode).toBe(401);
    expect((await update(o.staff, 987654, { Description: 'x' })).statusCode).toBe(404);
  });

  it('keeps every rule: description, e-mail, clash, past, advance limit, end after start', async () => {
    const b = await bookVia(t, o.staff, { RoomId: o.thames });
    await bookVia(t, o.other, { RoomId: o.thames, ...slot(2, '10:00', '11:00') });
    expect((await update(o.staff, b.Id, { Description: ' ' })).json().Error).toBe('Please provide a meeting name or reason for booking.');
    expect((await update(o.staff, b.Id, { OnBehalfOfEmail: 'nope' })).json().Error).toBe('Please enter a valid email');
    const clash = await update(o.staff, b.Id, slot(2, '09:30', '10:30'));
    expect(clash.statusCode).toBe(409);
    expect(clash.json().Error).toBe('This slot clashes with another booking');
    // overlapping its own old time is fine
    expect((await update(o.staff, b.Id, slot(2, '09:15', '10:00'))).statusCode).toBe(200);
    expect((await update(o.staff, b.Id, slot(1, '06:00', '07:00'))).json().Error).toBe('Cannot book a date in the past');
    await t.pool.query('UPDATE global_settings SET room_constraint_number = 1, room_constraint_type = 1');
    expect((await update(o.staff, b.Id, slot(10, '09:00', '10:00'))).json().Error)
      .toBe('Bookings to this room are restricted. You may only book slots before: 09/04/2030');
    expect((await update(o.staff, b.Id, slot(2, '12:00', '11:00'))).statusCode).toBe(400);
  });

  it('a meeting under way may be renamed or extended, not moved into the past', async () => {
    const b = await bookVia(t, o.staff, { RoomId: o.thames });
    t.setNow(new Date(london(2, '09:30')));
    expect((await update(o.staff, b.Id, { Description: 'Running late' })).statusCode).toBe(200);
    expect((await update(o.staff, b.Id, { Finish: london(2, '10:30') })).statusCode).toBe(200);
    expect((await update(o.staff, b.Id, { Start: london(2, '08:00') })).statusCode).toBe(400);
    t.setNow(new Date(london(2, '11:00')));
    expect((await update(o.staff, b.Id, { Description: 'After the fact' })).json().Error).toBe('Cannot book a date in the past');
  });

  it('moving an Approved booking into the restricted Boardroom makes it a request again; its room admin moves it directly', async () => {
    const b = await bookVia(t, o.staff, { RoomId: o.thames });
    await clearMail();
    const res = await update(o.staff, b.Id, { RoomId: o.boardroom });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ RoomId: o.boardroom, RoomName: 'Boardroom', LocationId: o.floor2, Status: 0 });
    const mails = await mailRows(t);
    expect(mails.filter((m) => m.subject.startsWith('Room request:')).map((m) => m.to).sort())
      .toEqual(['approver@hq.example', 'facilities@hq.example', 'rooms@hq.example']);
    const changed = mails.find((m) => m.to === 'staff@hq.example')!;
    expect(changed).toMatchObject({ subject: 'Room booking changed: Boardroom, Tue, 2 Apr 2030, 09:00–10:00' });
    expect(changed.ics).toContain('\r\nSTATUS:TENTATIVE\r\n'); // waiting for approval again (issue 23)
    // renaming keeps it Pending
    expect((await update(o.staff, b.Id, { Description: 'Renamed' })).json().Status).toBe(0);
    const mine = await bookVia(t, o.approver, { RoomId: o.boardroom, ...slot(3, '09:00', '10:00') });
    expect((await update(o.approver, mine.Id, slot(3, '10:00', '11:00'))).json().Status).toBe(1);
  });

  it('refuses to change the on-behalf person to someone unknown to Hotdesk (400), changing and mailing nothing (issue 18)', async () => {
    const b = await bookVia(t, o.staff, { RoomId: o.thames, OnBehalfOfEmail: 'guest@example.org' });
    await clearMail();
    const res = await update(o.staff, b.Id, { OnBehalfOfEmail: 'victim@elsewhere.example', Description: 'Reset your password at http://evil.example' });
    expect(res.statusCode).toBe(400);
    expect(res.json().Errors).toEqual({ OnBehalfOfEmail: 'You can only book on behalf of people known to Hotdesk (people who have signed in or been registered).' });
    const row = (await t.pool.query('SELECT on_behalf_of_email, description FROM bookings WHERE id = $1', [b.Id])).rows[0];
    expect(row).toEqual({ on_behalf_of_email: 'guest@example.org', description: 'Team sync' });
    expect(await mailRows(t)).toEqual([]);
    // to a known person it may change
    expect((await update(o.staff, b.Id, { OnBehalfOfEmail: 'Other@hq.example' })).statusCode).toBe(200);
  });

  it('keeps an on-behalf address saved before the rule existed when the edit does not change it', async () => {
    const b = await bookVia(t, o.staff, { RoomId: o.thames });
    await t.pool.query("UPDATE bookings SET on_behalf_of_email = 'old.guest@elsewhere.example' WHERE id = $1", [b.Id]);
    expect((await update(o.staff, b.Id, { ...slot(2, '11:00', '12:00') })).statusCode).toBe(200);
    expect((await update(o.staff, b.Id, { OnBehalfOfEmail: 'OLD.guest@elsewhere.example' })).statusCode).toBe(200);
  });

  it('refuses to change a cancelled or rejected booking (409)', async () => {
    const b = await bookVia(t, o.staff, { RoomId: o.thames });
    await t.pool.query('UPDATE bookings SET status = 3 WHERE id = $1', [b.Id]);
    const res = await update(o.staff, b.Id, { Description: 'x' });
    expect(res.statusCode).toBe(409);
    expect(res.json().Error).toBe('Only a pending or approved booking can be changed.');
  });

  it('changing nothing sends no mail', async () => {
    const b = await bookVia(t, o.staff, { RoomId: o.thames });
    await clearMail();
    expect((await update(o.staff, b.Id, { Description: 'Team sync' })).statusCode).toBe(200);
    expect(await mailRows(t)).toEqual([]);
  });
});

describe('POST /api/bookings/{id} (desk bookings)', () => {
  it('passes desk bookings to the desk booking rules', async () => {
    const { floorplanId } = await insertPublishedFloorplan(t.pool, o.floor1, [{ id: 'D1' }, { id: 'D2' }]);
    const res = await call(t, o.staff, 'POST', '/api/bookings/desk', { FloorplanId: floorplanId, DeskId: 'D1', ...slot(2, '09:00', '12:00') });
    expect(res.statusCode).toBe(201);
    const moved = await update(o.staff, res.json().Id, { DeskId: 'D2', ...slot(2, '10:00', '13:00') });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ DeskId: 'D2', ...slot(2, '10:00', '13:00') });
    expect((await update(o.other, res.json().Id, { Description: 'not mine' })).statusCode).toBe(403);
  });

  it('refuses an unknown on-behalf person on a desk booking too (400), changing nothing', async () => {
    const { floorplanId } = await insertPublishedFloorplan(t.pool, o.floor1, [{ id: 'D1' }]);
    const res = await call(t, o.staff, 'POST', '/api/bookings/desk', { FloorplanId: floorplanId, DeskId: 'D1', ...slot(2, '09:00', '12:00') });
    expect(res.statusCode).toBe(201);
    const refused = await update(o.staff, res.json().Id, { OnBehalfOfEmail: 'victim@elsewhere.example', Description: 'changed' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().Error).toBe('You can only book on behalf of people known to Hotdesk (people who have signed in or been registered).');
    expect((await t.pool.query('SELECT on_behalf_of_email, description FROM bookings WHERE id = $1', [res.json().Id])).rows[0])
      .toEqual({ on_behalf_of_email: '', description: '' });
  });
});
