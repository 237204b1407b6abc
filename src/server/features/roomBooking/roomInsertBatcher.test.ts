import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../testing/testApp.js';
import { bookingIcsTemplate } from '../mail/bookingIcs.js';
import { createOrg, resetBookings, type Org } from './roomBookingTestKit.js';
import { RoomInsertBatcher, type NotifiedRoomBooking } from './roomInsertBatcher.js';

/**
 * The room group commit against a real PostgreSQL: bookings that arrive together are written in one
 * statement with their push and mail rows, each caller gets its own booking back, each calendar entry
 * names its own booking, and clashes or failures get exactly the error a booking written alone gets,
 * queuing nothing.
 */
let t: Awaited<ReturnType<typeof buildTestApp>>;
let o: Org;
const base = Date.UTC(2031, 0, 6, 9);

beforeAll(async () => {
  t = await buildTestApp();
  o = await createOrg(t);
});
afterAll(() => t.dropDatabase());
beforeEach(() => resetBookings(t));

const item = (hour: number, o2: { room?: number; location?: number; description?: string; tell?: boolean } = {}): NotifiedRoomBooking => {
  const start = new Date(base + hour * 3_600_000), finish = new Date(base + (hour + 1) * 3_600_000);
  const description = o2.description ?? `Meeting ${hour}`;
  const tell = o2.tell ?? true;
  return {
    booking: {
      siteId: o.siteId, locationId: o2.location ?? o.floor1, roomId: o2.room ?? o.thames, start, finish, description,
      onBehalfOfEmail: '', bookedByUserId: o.staff.id, holderKey: o.staff.email, status: tell ? 1 : 0,
    },
    notice: {
      pushUserId: tell ? o.staff.id : null, mailTo: tell ? o.staff.email : null, subject: `Room booked: ${description}`, text: `Body of ${description}`,
      url: '/menu/mybookings',
      ics: tell ? bookingIcsTemplate({ start, finish, description, roomName: 'Thames', locationName: 'Floor 1', siteName: 'London HQ' }) : null,
    },
  };
};
const settle = (b: RoomInsertBatcher, items: NotifiedRoomBooking[]) => Promise.allSettled(items.map((i) => b.insert(i)));
const errorOf = (r: PromiseSettledResult<unknown>) => (r.status === 'rejected' ? (r.reason as { code?: string; constraint?: string }) : undefined);
const mails = async () => (await t.pool.query<{ to_address: string; subject: string; ics: string | null }>('SELECT to_address, subject, ics FROM mail_outbox ORDER BY id')).rows;
const pushes = async () => (await t.pool.query<{ user_id: number; title: string }>('SELECT user_id, title FROM push_outbox ORDER BY id')).rows;

describe('RoomInsertBatcher', () => {
  it('writes bookings that arrive together in one statement, each with its own booking, push and mail', async () => {
    const b = new RoomInsertBatcher(t.pool);
    const items = Array.from({ length: 30 }, (_, i) => item(i));
    const results = await settle(b, items);
    expect(b.stats).toMatchObject({ batches: 1, rowsBatched: 29, alone: 1 });
    const bookings = results.map((r, i) => {
      expect(r.status).toBe('fulfilled');
      const booking = (r as PromiseFulfilledResult<Awaited<ReturnType<RoomInsertBatcher['insert']>>>).value;
      expect(booking).toMatchObject({ RoomId: o.thames, RoomName: 'Thames', Start: items[i]!.booking.start.toISOString(), Description: `Meeting ${i}`, Status: 1 });
      return booking;
    });
    const stored = (await t.pool.query('SELECT id, description, ics_sequence FROM bookings')).rows;
    expect(stored).toHaveLength(30);
    expect((await pushes()).map((p) => p.title).sort()).toEqual(items.map((i) => i.notice.subject).sort());
    const queued = await mails();
    expect(queued).toHaveLength(30);
    // Each invitation names its own booking, and its SEQUENCE is that booking's ics_sequence (migration 0023).
    for (const booking of bookings) {
      const mail = queued.find((m) => m.subject === `Room booked: ${booking.Description}`)!;
      const row = stored.find((s) => Number(s.id) === booking.Id)!;
      expect(mail.ics).toContain(`\r\nUID:hotdesk-booking-${booking.Id}\r\n`);
      expect(mail.ics).toContain(`\r\nSUMMARY:${booking.Description}\r\n`);
      expect(mail.ics).toContain(`\r\nSEQUENCE:${row.ics_sequence}\r\n`);
      expect(mail.ics!.endsWith('END:VCALENDAR\r\n')).toBe(true);
    }
  });

  it('lets exactly one of two clashing bookings in one batch win; the other gets the constraint error and queues nothing', async () => {
    const b = new RoomInsertBatcher(t.pool);
    // A filler first (written alone while the rest wait), then 10 pairs for the same room and hour: one batch.
    const pairs = Array.from({ length: 10 }, (_, i) => [item(i, { description: `A${i}` }), item(i, { description: `B${i}` })]).flat();
    const results = await settle(b, [item(100), ...pairs]);
    expect(b.stats.batches).toBe(1);
    for (let i = 0; i < 10; i++) {
      const pair = results.slice(1 + 2 * i, 3 + 2 * i);
      expect(pair.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      expect(pair.map(errorOf).find(Boolean)).toMatchObject({ code: '23P01', constraint: 'room_not_double_booked' });
    }
    const winners = (await t.pool.query<{ description: string }>('SELECT description FROM bookings ORDER BY starts_at')).rows.map((r) => r.description);
    expect(winners).toHaveLength(11);
    expect((await mails()).map((m) => m.subject.replace('Room booked: ', '')).sort()).toEqual([...winners].sort());
    expect((await pushes()).map((p) => p.title.replace('Room booked: ', '')).sort()).toEqual([...winners].sort());
  });

  it('when the batch statement fails, every booking still gets its own answer, and the refused one queues nothing', async () => {
    const b = new RoomInsertBatcher(t.pool);
    const gone = (await t.pool.query<{ id: number }>("INSERT INTO rooms (location_id, name, room_type, capacity) VALUES ($1, 'Closed', 0, 4) RETURNING id", [o.floor1])).rows[0]!.id;
    await t.pool.query('UPDATE rooms SET deleted_at = now() WHERE id = $1', [gone]);
    const results = await settle(b, [item(0), item(1), item(2, { room: gone, description: 'Gone' }), item(3)]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(errorOf(results[2]!)).toMatchObject({ constraint: 'booking_place_live' });
    expect(b.stats).toMatchObject({ batches: 0, alone: 4 });
    expect((await mails()).map((m) => m.subject)).not.toContain('Room booked: Gone');
    expect(await mails()).toHaveLength(3);
    expect(await pushes()).toHaveLength(3);
  });

  it('sends the next batch to the database before answering the bookings just written', async () => {
    const b = new RoomInsertBatcher(t.pool);
    // The first goes alone; the next two wait for it and go as one batch as soon as it is written.
    const first = b.insert(item(0));
    const rest = settle(b, [item(1), item(2)]);
    await first;
    // The first booker is answered only once the batch statement holds a connection (it is on its
    // way to PostgreSQL); the database does not wait while the app answers.
    expect(t.pool.totalCount - t.pool.idleCount).toBe(1);
    expect((await rest).every((r) => r.status === 'fulfilled')).toBe(true);
    expect(b.stats).toMatchObject({ batches: 1, rowsBatched: 2, alone: 1 });
  });

  it('a booking with nobody to tell queues no push and no mail, in a batch too', async () => {
    const b = new RoomInsertBatcher(t.pool);
    const results = await settle(b, [item(0), item(1, { tell: false }), item(2)]);
    expect(results.every((r) => r.status === 'fulfilled')).toBe(true);
    expect(b.stats.batches).toBe(1);
    expect((await t.pool.query('SELECT status FROM bookings ORDER BY starts_at')).rows.map((r) => r.status)).toEqual([1, 0, 1]);
    expect((await mails()).map((m) => m.subject)).toEqual(['Room booked: Meeting 0', 'Room booked: Meeting 2']);
    expect(await pushes()).toHaveLength(2);
  });
});
