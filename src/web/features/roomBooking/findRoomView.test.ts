import { describe, expect, it } from 'vitest';
import { availabilityQuery, roomClosure } from './findRoomView.js';

const london = { Id: 7, TimeZone: 'Europe/London' };

describe('availabilityQuery (the Find room tab and its prefetch ask with it)', () => {
  it('turns a day and wall-clock times into instants of the site\'s zone, summer and winter', () => {
    expect(availabilityQuery(london, 0, '2030-07-01', { start: 9 * 60, end: 17 * 60 }, null)).toEqual({
      fromDate: '2030-07-01T08:00:00.000Z', toDate: '2030-07-01T16:00:00.000Z', roomType: 0, siteId: 7, locationId: null,
    });
    expect(availabilityQuery(london, 1, '2030-01-15', { start: 8 * 60 + 15, end: 19 * 60 }, 3)).toEqual({
      fromDate: '2030-01-15T08:15:00.000Z', toDate: '2030-01-15T19:00:00.000Z', roomType: 1, siteId: 7, locationId: 3,
    });
  });

  it('asks nothing while the date field holds no whole date', () => {
    expect(availabilityQuery(london, 0, '', { start: 540, end: 1020 }, null)).toBeNull();
    expect(availabilityQuery(london, 0, '2030-07', { start: 540, end: 1020 }, null)).toBeNull();
  });
});

describe('roomClosure (Find room marks a closed room, issue 22)', () => {
  const scope = { WholeSite: false, LocationIds: [] as number[], RoomIds: [] as number[], Desks: [] };
  const room = { ID: 5, LocationID: 10, Start: '2030-07-01T08:00:00Z', Finish: '2030-07-01T16:00:00Z' };
  const closure = (s: Partial<typeof scope>, start = '2030-07-01T12:00:00Z', end = '2030-07-01T13:00:00Z') =>
    ({ Id: 1, SiteId: 7, Scope: { ...scope, ...s }, Start: start, End: end, Reason: 'Painting', RepeatsYearly: false });

  it('finds a closure of the room, its floor or the site over the searched time', () => {
    expect(roomClosure([closure({ RoomIds: [5] })], room)?.Reason).toBe('Painting');
    expect(roomClosure([closure({ LocationIds: [10] })], room)).toBeDefined();
    expect(roomClosure([closure({ WholeSite: true })], room)).toBeDefined();
  });
  it('not another room, nor a time outside the search', () => {
    expect(roomClosure([closure({ RoomIds: [6], LocationIds: [11] })], room)).toBeUndefined();
    expect(roomClosure([closure({ RoomIds: [5] }, '2030-07-01T16:00:00Z', '2030-07-01T18:00:00Z')], room)).toBeUndefined();
  });
});
