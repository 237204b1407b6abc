import { describe, expect, it } from 'vitest';
import { freeRooms } from './roomAvailability.js';
import type { CatalogueRoom } from './roomCatalogue.js';

const room = (id: number, over: Partial<CatalogueRoom> = {}): CatalogueRoom => ({
  id, locationId: 10, name: `R${id}`, capacity: 4, equipment: '', roomType: 0, hidden: false, disabled: false, restricted: false,
  siteId: 1, siteName: 'S', timeZone: 'Europe/London', siteRoomBooking: true, siteRestricted: false,
  locationName: 'L', locationRestricted: false, notificationEmail: '', ...over,
});
const q = { from: new Date('2031-01-01T09:00:00Z'), to: new Date('2031-01-01T17:00:00Z'), roomType: 0, userId: 7, bypass: false, locationId: null, siteId: null };
const ids = (rooms: { ID: number }[]) => rooms.map((r) => r.ID);

// The API tests (roomBooking.test.ts) cover the search end to end; these pin each rule on its own.
describe('freeRooms', () => {
  it('keeps the catalogue order and leaves out busy, hidden, disabled, other-type rooms and sites with room booking off', () => {
    const rooms = [room(3), room(1), room(2, { hidden: true }), room(4, { disabled: true }), room(5, { roomType: 1 }), room(6, { siteRoomBooking: false }), room(7)];
    expect(ids(freeRooms(rooms, new Set([7]), new Set(), q))).toEqual([3, 1]);
  });

  it('filters by site and by location', () => {
    const rooms = [room(1), room(2, { siteId: 2 }), room(3, { locationId: 11 })];
    expect(ids(freeRooms(rooms, new Set(), new Set(), { ...q, siteId: 1 }))).toEqual([1, 3]);
    expect(ids(freeRooms(rooms, new Set(), new Set(), { ...q, locationId: 11 }))).toEqual([3]);
  });

  it('lets through a restricted site its resource and room admins, a restricted location only its room admins; bypass passes both', () => {
    const site = [room(1, { siteRestricted: true })];
    expect(ids(freeRooms(site, new Set(), new Set(), q))).toEqual([]);
    expect(ids(freeRooms(site, new Set(), new Set(['site:1:0']), q))).toEqual([1]);
    expect(ids(freeRooms(site, new Set(), new Set(['site:1:1']), q))).toEqual([1]);
    expect(ids(freeRooms(site, new Set(), new Set(['site:1:2']), q))).toEqual([]); // desk access is not room access
    const location = [room(1, { locationRestricted: true })];
    expect(ids(freeRooms(location, new Set(), new Set(['location:10:0']), q))).toEqual([]);
    expect(ids(freeRooms(location, new Set(), new Set(['location:10:1']), q))).toEqual([1]);
    expect(ids(freeRooms([...site, ...location], new Set(), new Set(), { ...q, bypass: true }))).toEqual([1, 1]);
  });

  it('lists restricted rooms, and says room admin for a room-admin grant on the room or its location', () => {
    const [r] = freeRooms([room(1, { restricted: true })], new Set(), new Set(), q);
    expect(r).toMatchObject({ IsRestricted: true, IsRoomAdmin: false, Start: q.from.toISOString(), Finish: q.to.toISOString() });
    expect(freeRooms([room(1)], new Set(), new Set(['room:1:1']), q)[0]!.IsRoomAdmin).toBe(true);
    expect(freeRooms([room(1)], new Set(), new Set(['location:10:1']), q)[0]!.IsRoomAdmin).toBe(true);
    expect(freeRooms([room(1)], new Set(), new Set(['room:1:0', 'location:11:1']), q)[0]!.IsRoomAdmin).toBe(false);
  });
});
