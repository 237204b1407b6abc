import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, type TestUser } from '../../testing/testApp.js';
import { insertLocation, insertSite } from '../../testing/fixtures.js';
import { insertBooking, minutes } from '../myBookings/bookingTestKit.js';
import { NO_SHOW_LOOKBACK_HOURS, releaseNoShows } from './noShow.service.js';

const NOW = new Date('2030-01-07T08:00:00Z');

let t: Awaited<ReturnType<typeof buildTestApp>>;
let owner: TestUser;
let siteId: number, locationId: number, roomId: number;

const newRoom = async (locId: number, checkIns: boolean | null, name = 'Room') => (await t.pool.query<{ id: number }>(
  'INSERT INTO rooms (location_id, name, room_type, capacity, room_check_ins) VALUES ($1, $2, 0, 8, $3) RETURNING id', [locId, name, checkIns])).rows[0]!.id;

beforeAll(async () => {
  t = await buildTestApp({ now: NOW });
  owner = await createUser(t, { email: 'owner@example.org' });
  siteId = await insertSite(t.pool, { title: 'London HQ' });
  await t.pool.query('UPDATE sites SET room_check_ins = true WHERE id = $1', [siteId]);
  locationId = await insertLocation(t.pool, siteId);
  roomId = await newRoom(locationId, null, 'Thames'); // inherits the site's: on
});
afterAll(() => t.dropDatabase());
beforeEach(async () => {
  t.setNow(NOW);
  await t.pool.query('DELETE FROM bookings');
  await t.pool.query('DELETE FROM mail_outbox');
  await t.pool.query('DELETE FROM push_outbox');
});

const book = (o: { room?: number; location?: number; start?: Date; status?: number; checkedIn?: boolean; onBehalfOf?: string } = {}) => insertBooking(t.pool, {
  siteId, locationId: o.location ?? locationId, roomId: o.room ?? roomId, userId: owner.id, start: o.start ?? NOW, finish: minutes(o.start ?? NOW, 60),
  status: o.status, checkedInAt: o.checkedIn ? NOW : undefined, onBehalfOf: o.onBehalfOf,
});
const status = async (id: number) => (await t.pool.query('SELECT status FROM bookings WHERE id = $1', [id])).rows[0].status;
const outbox = async () => ({
  mail: (await t.pool.query('SELECT to_address, subject, body_text FROM mail_outbox ORDER BY id')).rows,
  push: (await t.pool.query('SELECT user_id FROM push_outbox')).rows,
});
const run = () => releaseNoShows(t.deps);

describe('no-show release', () => {
  it('leaves a booking alone at exactly start + 15 min and releases it just after, telling the owner', async () => {
    const id = await book({ onBehalfOf: 'visitor@example.org' });
    t.setNow(minutes(NOW, 15));
    expect(await run()).toEqual([]);
    expect(await status(id)).toBe(1);
    t.setNow(new Date(minutes(NOW, 15).getTime() + 1));
    expect(await run()).toEqual([id]);
    expect(await status(id)).toBe(4);
    const { mail, push } = await outbox();
    expect(mail.map((m) => m.to_address)).toEqual(['owner@example.org', 'visitor@example.org']);
    expect(mail[0].subject).toBe('Room booking released: nobody checked in');
    expect(mail[0].body_text).toContain('Thames');
    expect(push).toEqual([{ user_id: owner.id }]);
    // The mail takes the meeting out of the calendar that holds its invitation (issue 23): a CANCEL of its UID.
    expect(t.deps.config.mailFrom).toBeTruthy();
    const ics = (await t.pool.query('SELECT ics FROM mail_outbox ORDER BY id LIMIT 1')).rows[0].ics as string;
    expect(ics).toContain('METHOD:CANCEL');
    expect(ics).toContain(`UID:hotdesk-booking-${id}`);
    // the slot is free again: another booking of the same time is allowed by the exclusion constraint
    await expect(book()).resolves.toBeGreaterThan(0);
  });

  it('never touches checked-in, Pending, already cancelled bookings, nor rooms without check-ins', async () => {
    const checkedIn = await book({ checkedIn: true });
    const pending = await book({ status: 0, start: minutes(NOW, 60) });
    const cancelled = await book({ status: 3, start: minutes(NOW, 120) });
    const offRoom = await newRoom(locationId, false);
    const off = await book({ room: offRoom });
    // location says off, room inherits: off; another location inherits the site's on
    const offLocation = await insertLocation(t.pool, siteId);
    await t.pool.query('UPDATE locations SET room_check_ins = false WHERE id = $1', [offLocation]);
    const inheritsOff = await book({ room: await newRoom(offLocation, null), location: offLocation });
    const roomOn = await book({ room: await newRoom(offLocation, true), location: offLocation });
    t.setNow(minutes(NOW, 200));
    expect(await run()).toEqual([roomOn]);
    expect(await Promise.all([checkedIn, pending, cancelled, off, inheritsOff].map(status))).toEqual([1, 0, 3, 1, 1]);
  });

  it(`leaves bookings older than ${NO_SHOW_LOOKBACK_HOURS} hours alone (turning check-ins on does not cancel history)`, async () => {
    const old = await book({ start: minutes(NOW, -NO_SHOW_LOOKBACK_HOURS * 60 - 1) });
    const recent = await book({ start: minutes(NOW, -60) });
    expect(await run()).toEqual([recent]);
    expect(await status(old)).toBe(1);
  });

  it('two runs at once change each booking once and send one notice per booking', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 40; i++) {
      const r = await newRoom(locationId, null, `R${i}`);
      ids.push(await book({ room: r, start: minutes(NOW, -30 - i) }));
    }
    const [a, b] = await Promise.all([run(), run()]);
    expect([...a, ...b].sort((x, y) => x - y)).toEqual([...ids].sort((x, y) => x - y));
    expect(new Set([...a, ...b]).size).toBe(40);
    const { mail, push } = await outbox();
    expect(mail).toHaveLength(40);
    expect(push).toHaveLength(40);
    expect(await run()).toEqual([]); // and a third run finds nothing left
    expect((await outbox()).mail).toHaveLength(40);
  });
});
