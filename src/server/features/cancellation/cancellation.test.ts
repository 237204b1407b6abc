import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, type TestUser } from '../../testing/testApp.js';
import { grant, insertLocation, insertPublishedFloorplan, insertSite } from '../../testing/fixtures.js';
import { insertBooking, minutes } from '../myBookings/bookingTestKit.js';
import { CANCEL_NOT_ALLOWED, CANCEL_REASON_NEEDED } from './cancellation.service.js';

const NOW = new Date('2030-01-07T08:00:00Z');

let t: Awaited<ReturnType<typeof buildTestApp>>;
let owner: TestUser, guest: TestUser, stranger: TestUser, roomAdmin: TestUser, otherRoomAdmin: TestUser;
let manager: TestUser, reporter: TestUser, admin: TestUser;
let siteId: number, locationId: number, roomId: number, otherRoomId: number, floorplanId: number;

beforeAll(async () => {
  t = await buildTestApp({ now: NOW });
  owner = await createUser(t, { email: 'owner@example.org', name: 'Olive Owner' });
  guest = await createUser(t, { email: 'guest@example.org' });
  stranger = await createUser(t);
  roomAdmin = await createUser(t, { name: 'Rory Roomadmin' });
  otherRoomAdmin = await createUser(t);
  manager = await createUser(t, { roles: ['Booking Manager'] });
  reporter = await createUser(t, { roles: ['Reporting'] });
  admin = await createUser(t, { roles: ['Admin'], name: 'Ada Admin' });
  siteId = await insertSite(t.pool);
  locationId = await insertLocation(t.pool, siteId);
  const room = async (name: string) => (await t.pool.query<{ id: number }>(
    'INSERT INTO rooms (location_id, name, room_type, capacity) VALUES ($1, $2, 0, 8) RETURNING id', [locationId, name])).rows[0]!.id;
  roomId = await room('Thames');
  otherRoomId = await room('Severn');
  await grant(t.pool, { scope: 'room', scopeId: roomId, accessType: 1, userId: roomAdmin.id });
  await grant(t.pool, { scope: 'room', scopeId: otherRoomId, accessType: 1, userId: otherRoomAdmin.id });
  ({ floorplanId } = await insertPublishedFloorplan(t.pool, locationId, [{ id: 'D1' }]));
});
afterAll(() => t.dropDatabase());
beforeEach(async () => {
  t.setNow(NOW);
  await t.pool.query('DELETE FROM bookings');
  await t.pool.query('DELETE FROM mail_outbox');
  await t.pool.query('DELETE FROM push_outbox');
});

const roomBooking = (o: { onBehalfOf?: string; status?: number; start?: Date; finish?: Date } = {}) => insertBooking(t.pool, {
  siteId, locationId, roomId, userId: owner.id, start: o.start ?? minutes(NOW, 60), finish: o.finish ?? minutes(NOW, 120), ...o,
});
const deskBooking = () => insertBooking(t.pool, { siteId, locationId, floorplanId, deskId: 'D1', userId: owner.id, start: minutes(NOW, 60), finish: minutes(NOW, 240) });

const cancel = (who: TestUser | undefined, body: Record<string, unknown>) =>
  t.app.inject({ method: 'DELETE', url: '/api/bookings', headers: who ? { cookie: who.cookie } : {}, payload: body });
const stored = async (id: number) => (await t.pool.query(
  'SELECT status, cancelled_by_admin, cancellation_reason, cancelled_by_user_id FROM bookings WHERE id = $1', [id])).rows[0];
const mails = async () => (await t.pool.query('SELECT to_address, subject, body_text FROM mail_outbox ORDER BY to_address')).rows;

describe('DELETE /api/bookings by the owner or the on-behalf person', () => {
  it('the owner cancels without a reason; nobody else is told, and the owner gets only the calendar CANCEL (issue 23)', async () => {
    const id = await roomBooking();
    const res = await cancel(owner, { Id: id, CancellationReason: '', CancelledByAdmin: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ Id: id, Status: 3, CancelledByAdmin: false, CancelledByUserName: 'Olive Owner' });
    expect(await stored(id)).toMatchObject({ status: 3, cancelled_by_admin: false, cancelled_by_user_id: owner.id });
    expect((await mails()).map((m) => [m.to_address, m.subject])).toEqual([[owner.email, 'Booking cancelled']]);
    const { rows: [mail] } = await t.pool.query('SELECT ics FROM mail_outbox');
    expect(mail.ics).toContain('\r\nMETHOD:CANCEL\r\n');
    expect((await t.pool.query('SELECT count(*)::int AS n FROM push_outbox')).rows[0].n).toBe(0);
  });

  it('the person booked on behalf of cancels too (e-mail case-insensitive), even claiming CancelledByAdmin', async () => {
    const id = await roomBooking({ onBehalfOf: 'GUEST@Example.org' });
    const res = await cancel(guest, { Id: id, CancelledByAdmin: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().CancelledByAdmin).toBe(false);
  });

  it('accepts the whole booking as body, any key case', async () => {
    const id = await roomBooking();
    const booking = (await t.app.inject({ method: 'GET', url: '/api/bookings/my', headers: { cookie: owner.cookie } })).json().Upcoming[0];
    const res = await cancel(owner, { ...booking, Id: undefined, id: booking.Id, CancellationReason: undefined, cancellationreason: 'Plans changed' });
    expect(res.statusCode).toBe(200);
    expect((await stored(id)).cancellation_reason).toBe('Plans changed');
  });
});

describe('DELETE /api/bookings by someone else', () => {
  it('a room admin of that room needs a reason; then the owner and the on-behalf person are told', async () => {
    const id = await roomBooking({ onBehalfOf: 'visitor@example.org' });
    const refused = await cancel(roomAdmin, { Id: id, CancelledByAdmin: true, CancellationReason: '   ' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ Error: CANCEL_REASON_NEEDED, Errors: { CancellationReason: CANCEL_REASON_NEEDED } });
    expect((await stored(id)).status).toBe(1);

    const res = await cancel(roomAdmin, { Id: id, CancelledByAdmin: true, CancellationReason: 'Room closed for maintenance' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ Status: 3, CancelledByAdmin: true, CancellationReason: 'Room closed for maintenance', CancelledByUserName: 'Rory Roomadmin' });
    const sent = await mails();
    expect(sent.map((m) => m.to_address)).toEqual(['owner@example.org', 'visitor@example.org']);
    expect(sent[0].body_text).toContain('Room closed for maintenance');
    expect(sent[0].body_text).toContain('Rory Roomadmin');
    expect(sent[0].body_text).toContain('Thames');
    expect((await t.pool.query('SELECT user_id FROM push_outbox')).rows).toEqual([{ user_id: owner.id }]);
  });

  it("a room admin of another room, a reporting user and a stranger are refused (403), with or without a reason", async () => {
    const id = await roomBooking();
    for (const who of [otherRoomAdmin, reporter, stranger]) {
      const res = await cancel(who, { Id: id, CancelledByAdmin: true, CancellationReason: 'Because' });
      expect(res.statusCode).toBe(403);
      expect(res.json().Error).toBe(CANCEL_NOT_ALLOWED);
    }
    expect((await stored(id)).status).toBe(1);
    expect(await mails()).toEqual([]);
  });

  it('a booking manager cancels desk bookings with a reason, but not room bookings', async () => {
    const d = await deskBooking();
    expect((await cancel(manager, { Id: d, CancelledByAdmin: true })).statusCode).toBe(400);
    const ok = await cancel(manager, { Id: d, CancelledByAdmin: true, CancellationReason: 'Floor closed' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().CancelledByAdmin).toBe(true);
    expect((await mails()).map((m) => m.to_address)).toEqual(['owner@example.org']);
    const r = await roomBooking();
    expect((await cancel(manager, { Id: r, CancelledByAdmin: true, CancellationReason: 'Floor closed' })).statusCode).toBe(403);
  });

  it('a room admin cannot cancel desk bookings', async () => {
    const d = await deskBooking();
    expect((await cancel(roomAdmin, { Id: d, CancellationReason: 'x' })).statusCode).toBe(403);
  });

  it('an admin without a reason is refused (400); with one, cancels any booking', async () => {
    const r = await roomBooking();
    const d = await deskBooking();
    const noReason = await cancel(admin, { Id: r, CancelledByAdmin: true, CancellationReason: '' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().Error).toBe(CANCEL_REASON_NEEDED);
    expect((await cancel(admin, { Id: r, CancelledByAdmin: true })).statusCode).toBe(400);
    expect((await cancel(admin, { Id: r, CancelledByAdmin: true, CancellationReason: 'VIP visit' })).statusCode).toBe(200);
    expect((await cancel(admin, { Id: d, CancelledByAdmin: true, CancellationReason: 'Deep clean' })).statusCode).toBe(200);
  });

  it("an admin cancelling their own booking is not an admin cancellation", async () => {
    const id = await insertBooking(t.pool, { siteId, locationId, roomId, userId: admin.id, start: minutes(NOW, 60), finish: minutes(NOW, 90) });
    const res = await cancel(admin, { Id: id });
    expect(res.statusCode).toBe(200);
    expect(res.json().CancelledByAdmin).toBe(false);
  });
});

describe('DELETE /api/bookings refusals', () => {
  it('only Pending or Approved bookings can be cancelled (409); Pending ones can', async () => {
    for (const status of [2, 3, 4]) {
      const id = await roomBooking({ status, start: minutes(NOW, 60 * status), finish: minutes(NOW, 60 * status + 30) });
      const res = await cancel(owner, { Id: id });
      expect(res.statusCode).toBe(409);
      expect(res.json().Error).toMatch(/can no longer be cancelled/);
    }
    const pending = await roomBooking({ status: 0, start: minutes(NOW, 600), finish: minutes(NOW, 630) });
    expect((await cancel(owner, { Id: pending })).statusCode).toBe(200);
  });

  it('a second cancellation is refused and changes nothing', async () => {
    const id = await roomBooking();
    expect((await cancel(owner, { Id: id })).statusCode).toBe(200);
    const again = await cancel(owner, { Id: id, CancellationReason: 'again' });
    expect(again.statusCode).toBe(409);
    expect((await stored(id)).cancellation_reason).toBe('');
  });

  it('a finished booking cannot be cancelled; one in progress can', async () => {
    const done = await roomBooking({ start: minutes(NOW, -120), finish: minutes(NOW, -60) });
    expect((await cancel(owner, { Id: done })).statusCode).toBe(409);
    const running = await roomBooking({ start: minutes(NOW, -30), finish: minutes(NOW, 30) });
    expect((await cancel(owner, { Id: running })).statusCode).toBe(200);
  });

  it('unknown booking 404, no Id 400, signed out 401', async () => {
    expect((await cancel(owner, { Id: 999999 })).statusCode).toBe(404);
    expect((await cancel(owner, { CancellationReason: 'x' })).statusCode).toBe(400);
    expect((await cancel(undefined, { Id: 1 })).statusCode).toBe(401);
  });

  it('two cancellations at once: one wins, the other is refused', async () => {
    const id = await roomBooking();
    const [a, b] = await Promise.all([cancel(owner, { Id: id }), cancel(admin, { Id: id, CancellationReason: 'Also' })]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
  });
});
