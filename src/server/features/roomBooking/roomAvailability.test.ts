import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AvailabilityItem } from '../../../domain/wire/roomBooking.js';
import { freeRooms, freeRoomsJson } from './roomAvailability.js';
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

// The route sends freeRoomsJson's bytes as they are; it must be what the response schema makes of freeRooms' list.
describe('freeRoomsJson', () => {
  const schemaJson = (items: AvailabilityItem[]) => JSON.stringify(z.array(AvailabilityItem).encode(items));

  it('is, byte for byte, the response schema\'s encoding of freeRooms\' answer', () => {
    const rooms = [
      room(1, { name: 'Quote " and \\ backslash', equipment: 'Screen, \u00e9\u00e8 \u2028 line', restricted: true, capacity: 12 }),
      room(2, { locationId: 11, locationName: 'Floor "2"', siteName: 'S\u00fcd', timeZone: 'America/New_York', locationRestricted: true }),
      room(3, { siteRestricted: true }), room(4), room(5, { hidden: true }), room(6),
    ];
    const grants = new Set(['room:1:1', 'location:11:1', 'site:1:0']);
    for (const [busy, g, over] of [
      [new Set<number>(), grants, {}], [new Set([4]), new Set<string>(), {}], [new Set<number>(), grants, { bypass: true }], [new Set<number>(), grants, { locationId: 11 }],
    ] as const) {
      const query = { ...q, ...over };
      const items = freeRooms(rooms, busy, g, query);
      expect(items.length).toBeGreaterThan(0);
      expect(freeRoomsJson(rooms, busy, g, query).toString('utf8')).toBe(schemaJson(items));
    }
    expect(freeRooms(rooms, new Set(), grants, q).map((r) => r.IsRoomAdmin)).toEqual([true, true, false, false, false]);
  });

  it('answers an empty list as [] and keeps each catalogue\'s own text', () => {
    expect(freeRoomsJson([room(1)], new Set([1]), new Set(), q).toString('utf8')).toBe('[]');
    expect(JSON.parse(freeRoomsJson([room(1, { name: 'A' })], new Set(), new Set(), q).toString('utf8'))[0].Name).toBe('A');
    expect(JSON.parse(freeRoomsJson([room(1, { name: 'B' })], new Set(), new Set(), q).toString('utf8'))[0].Name).toBe('B');
  });
});
