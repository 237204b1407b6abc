import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, type TestUser } from '../../testing/testApp.js';
import { grant, insertLocation, insertPublishedFloorplan, insertSite } from '../../testing/fixtures.js';
import { insertBooking, minutes } from './bookingTestKit.js';

// Who may edit from My Bookings (POST /api/bookings/{id}, the booking update feature): the owner and
// the on-behalf person (e-mail case-insensitive); a room admin of that room; nobody else.
const NOW = new Date('2030-01-07T08:00:00Z'); // Monday 08:00 London

let t: Awaited<ReturnType<typeof buildTestApp>>;
let owner: TestUser, guest: TestUser, stranger: TestUser, reporter: TestUser, roomAdmin: TestUser;
let siteId: number, locationId: number, roomId: number, floorplanId: number;

beforeAll(async () => {
  t = await buildTestApp({ now: NOW });
  owner = await createUser(t, { email: 'owner@example.org' });
  guest = await createUser(t, { email: 'guest@example.org' });
  stranger = await createUser(t);
  reporter = await createUser(t, { roles: ['Reporting'] });
  roomAdmin = await createUser(t);
  siteId = await insertSite(t.pool);
  locationId = await insertLocation(t.pool, siteId);
  roomId = (await t.pool.query<{ id: number }>("INSERT INTO rooms (location_id, name, room_type, capacity) VALUES ($1, 'Thames', 0, 8) RETURNING id", [locationId])).rows[0]!.id;
  await grant(t.pool, { scope: 'room', scopeId: roomId, accessType: 1, userId: roomAdmin.id });
  ({ floorplanId } = await insertPublishedFloorplan(t.pool, locationId, [{ id: 'D1' }, { id: 'D2' }]));
});
afterAll(() => t.dropDatabase());
beforeEach(() => t.pool.query('DELETE FROM bookings'));

const edit = (who: TestUser, id: number, body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api/bookings/${id}`, headers: { cookie: who.cookie }, payload: body });
const roomBooking = (onBehalfOf?: string) => insertBooking(t.pool, {
  siteId, locationId, roomId, userId: owner.id, start: minutes(NOW, 120), finish: minutes(NOW, 180), onBehalfOf, description: 'Planning',
});

describe('editing from My Bookings', () => {
  it('the owner changes a room booking’s description and time', async () => {
    const id = await roomBooking();
    const res = await edit(owner, id, { Id: id, RoomId: roomId, Description: 'Planning (moved)', Start: minutes(NOW, 180).toISOString(), Finish: minutes(NOW, 240).toISOString() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ Id: id, Description: 'Planning (moved)', Start: minutes(NOW, 180).toISOString(), Finish: minutes(NOW, 240).toISOString() });
  });

  it('the on-behalf person (any case) and the room admin may edit; a stranger and a reporting user may not', async () => {
    const id = await roomBooking('GUEST@example.org');
    expect((await edit(guest, id, { Description: 'By the guest' })).statusCode).toBe(200);
    expect((await edit(roomAdmin, id, { Description: 'By the room admin' })).statusCode).toBe(200);
    for (const who of [stranger, reporter]) expect((await edit(who, id, { Description: 'Hijack' })).statusCode).toBe(403);
    const saved = (await t.pool.query('SELECT description FROM bookings WHERE id = $1', [id])).rows[0];
    expect(saved.description).toBe('By the room admin');
  });

  it('the owner changes a desk booking’s time; a stranger may not', async () => {
    const id = await insertBooking(t.pool, { siteId, locationId, floorplanId, deskId: 'D1', userId: owner.id, start: minutes(NOW, 60), finish: minutes(NOW, 240) });
    const res = await edit(owner, id, { Start: minutes(NOW, 120).toISOString(), Finish: minutes(NOW, 300).toISOString() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ DeskId: 'D1', Start: minutes(NOW, 120).toISOString(), Finish: minutes(NOW, 300).toISOString() });
    expect((await edit(stranger, id, { Start: minutes(NOW, 60).toISOString() })).statusCode).toBe(403);
  });

  it('a cancelled booking cannot be edited', async () => {
    const id = await roomBooking();
    await t.app.inject({ method: 'DELETE', url: '/api/bookings', headers: { cookie: owner.cookie }, payload: { Id: id } });
    expect((await edit(owner, id, { Description: 'Too late' })).statusCode).toBe(409);
  });
});
