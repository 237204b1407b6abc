import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, type TestUser } from '../../testing/testApp.js';
import { grant } from '../../testing/fixtures.js';
import { bookVia, call, createOrg, london, mailRows, NOW, resetBookings, type Org } from '../roomBooking/roomBookingTestKit.js';

let t: Awaited<ReturnType<typeof buildTestApp>>;
let o: Org;
let otherApprover: TestUser;

beforeAll(async () => {
  t = await buildTestApp({ now: NOW });
  o = await createOrg(t);
  // Approves Thames only (an unrestricted room): a room approver, but not of the Boardroom.
  otherApprover = await createUser(t, { email: 'thames.approver@hq.example' });
  await grant(t.pool, { scope: 'room', scopeId: o.thames, accessType: 1, userId: otherApprover.id });
});
afterAll(() => t.dropDatabase());
beforeEach(async () => {
  t.setNow(NOW);
  await resetBookings(t);
});

const request = async (day = 2, body: Record<string, unknown> = {}) => {
  const b = await bookVia(t, o.staff, { RoomId: o.boardroom, Start: london(day, '09:00'), Finish: london(day, '10:00'), OnBehalfOfEmail: 'guest@example.org', ...body });
  expect(b.Status).toBe(0);
  await t.pool.query('DELETE FROM mail_outbox');
  await t.pool.query('DELETE FROM push_outbox');
  return b as { Id: number };
};
const approve = (who: TestUser | undefined, id: number) => call(t, who, 'POST', `/api/bookings/approve/${id}`);
const reject = (who: TestUser | undefined, id: number, body: unknown = { CancellationReason: 'Board meeting that day', CancelledByAdmin: true }) =>
  call(t, who, 'POST', `/api/bookings/reject/${id}`, body);
const status = async (id: number) => (await t.pool.query('SELECT status FROM bookings WHERE id = $1', [id])).rows[0].status;

describe('GET /api/bookings/pendingApprovals and /count', () => {
  it('lists the pending requests of the rooms the caller approves, directly or through a team; Admins see all', async () => {
    const a = await request(3);
    const b = await request(2);
    await bookVia(t, o.staff, { RoomId: o.thames }); // Approved: not a request
    for (const who of [o.approver, o.teamApprover, o.admin]) {
      const res = await call(t, who, 'GET', '/api/bookings/pendingApprovals');
      expect(res.statusCode).toBe(200);
      expect(res.json().map((x: { Id: number }) => x.Id)).toEqual([b.Id, a.Id]); // by start
      expect(res.json()[0]).toMatchObject({ RoomName: 'Boardroom', Status: 0, OnBehalfOfEmail: 'guest@example.org', BookedByUserName: 'Sofia Staff' });
      expect((await call(t, who, 'GET', '/api/bookings/pendingApprovals/count')).json()).toEqual({ PendingApprovals: 2 });
    }
    expect((await call(t, otherApprover, 'GET', '/api/bookings/pendingApprovals')).json()).toEqual([]);
    expect((await call(t, otherApprover, 'GET', '/api/bookings/pendingApprovals/count')).json()).toEqual({ PendingApprovals: 0 });
  });

  it('leaves out requests whose time has passed', async () => {
    await request(2);
    t.setNow(new Date(london(2, '10:00')));
    expect((await call(t, o.approver, 'GET', '/api/bookings/pendingApprovals/count')).json()).toEqual({ PendingApprovals: 0 });
  });

  it('refuses people who approve no room (403) and anonymous callers (401)', async () => {
    for (const url of ['/api/bookings/pendingApprovals', '/api/bookings/pendingApprovals/count']) {
      expect((await call(t, o.staff, 'GET', url)).statusCode).toBe(403);
      expect((await call(t, undefined, 'GET', url)).statusCode).toBe(401);
    }
  });
});

describe('POST /api/bookings/approve/{id}', () => {
  it('moves Pending to Approved and mails the requester and the on-behalf person an .ics', async () => {
    const b = await request();
    const res = await approve(o.approver, b.Id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ Id: b.Id, Status: 1, BookedByUserId: o.staff.id });
    expect(await status(b.Id)).toBe(1);
    const mails = await mailRows(t);
    expect(mails.map((m) => m.to).sort()).toEqual(['guest@example.org', 'staff@hq.example']);
    for (const m of mails) {
      expect(m.subject).toBe('Room request approved: Boardroom, Tue, 2 Apr 2030, 09:00–10:00');
      expect(m.ics).toContain('UID:hotdesk-booking-');
      expect(m.ics).toContain('LOCATION:Boardroom\\, Floor 2\\, London HQ');
    }
    expect((await t.pool.query('SELECT user_id FROM push_outbox')).rows).toEqual([{ user_id: o.staff.id }]);
  });

  it('is allowed to team approvers and Admins', async () => {
    expect((await approve(o.teamApprover, (await request(2)).Id)).statusCode).toBe(200);
    expect((await approve(o.admin, (await request(3)).Id)).statusCode).toBe(200);
  });

  it('refuses a second decision with 409, leaving the first in place', async () => {
    const b = await request();
    expect((await approve(o.approver, b.Id)).statusCode).toBe(200);
    const again = await approve(o.approver, b.Id);
    expect(again.statusCode).toBe(409);
    expect(again.json().Error).toBe('This booking is no longer pending approval.');
    const rej = await reject(o.approver, b.Id);
    expect(rej.statusCode).toBe(409);
    expect(await status(b.Id)).toBe(1);
  });

  it('two approvers deciding at once: exactly one wins', async () => {
    const b = await request();
    const [x, y] = await Promise.all([approve(o.approver, b.Id), reject(o.teamApprover, b.Id)]);
    expect([x.statusCode, y.statusCode].sort()).toEqual([200, 409]);
    expect((await mailRows(t)).length).toBe(2);
  });

  it('refuses staff (403), an approver of another room (403), anonymous callers (401), unknown bookings (404)', async () => {
    const b = await request();
    expect((await approve(o.staff, b.Id)).statusCode).toBe(403);
    const other = await approve(otherApprover, b.Id);
    expect(other.statusCode).toBe(403);
    expect(other.json().Error).toBe('You do not approve bookings of this room.');
    expect((await approve(undefined, b.Id)).statusCode).toBe(401);
    expect((await approve(o.approver, 987654)).statusCode).toBe(404);
    expect((await approve(o.approver, 0)).statusCode).toBe(400);
    expect(await status(b.Id)).toBe(0);
    expect(await mailRows(t)).toEqual([]);
  });

  it('refuses a cancelled request (409)', async () => {
    const b = await request();
    await t.pool.query('UPDATE bookings SET status = 3 WHERE id = $1', [b.Id]);
    expect((await approve(o.approver, b.Id)).statusCode).toBe(409);
  });
});

describe('POST /api/bookings/reject/{id}', () => {
  it('moves Pending to Rejected with the reason, frees the slot and mails the requester and the on-behalf person', async () => {
    const b = await request();
    const res = await reject(o.approver, b.Id, { cancellationReason: '  Board meeting that day ', cancelledByAdmin: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ Status: 2, CancellationReason: 'Board meeting that day', CancelledByAdmin: true, CancelledByUserName: 'Alex Approver' });
    const mails = await mailRows(t);
    expect(mails.map((m) => m.to).sort()).toEqual(['guest@example.org', 'staff@hq.example']);
    for (const m of mails) {
      expect(m.subject).toBe('Room request rejected: Boardroom, Tue, 2 Apr 2030, 09:00–10:00');
      expect(m.body_text).toContain('Reason: Board meeting that day');
      expect(m.ics).toContain('\r\nMETHOD:CANCEL\r\n'); // the invitation ends (issue 23)
    }
    // the slot is free again
    expect((await bookVia(t, o.other, { RoomId: o.boardroom })).Status).toBe(0);
  });

  it('requires a reason', async () => {
    const b = await request();
    for (const body of [{ CancellationReason: '' }, { CancellationReason: '   ' }, {}, { CancellationReason: null }]) {
      const res = await reject(o.approver, b.Id, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ Error: 'Please provide a reason for rejecting this booking.', Errors: { CancellationReason: 'Please provide a reason for rejecting this booking.' } });
    }
    expect(await status(b.Id)).toBe(0);
  });

  it('refuses twice, non-approvers and approvers of other rooms', async () => {
    const b = await request();
    expect((await reject(o.staff, b.Id)).statusCode).toBe(403);
    expect((await reject(otherApprover, b.Id)).statusCode).toBe(403);
    expect((await reject(o.approver, b.Id)).statusCode).toBe(200);
    const again = await reject(o.approver, b.Id);
    expect(again.statusCode).toBe(409);
    expect((await approve(o.approver, b.Id)).statusCode).toBe(409);
    expect(await status(b.Id)).toBe(2);
  });
});
