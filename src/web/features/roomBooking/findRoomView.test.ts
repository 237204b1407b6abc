import { describe, expect, it } from 'vitest';
import { availabilityQuery } from './findRoomView.js';

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
