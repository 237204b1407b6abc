import { describe, expect, it } from 'vitest';
import { daysFrom, deskFocusPath, shortDay, deskStepPath, parseDeskScreenPath, describeRange, formatSegment, nextDay, parseRange, parseSegment } from './deskRoute.js';

describe('desk route segments', () => {
  it('round-trips a wall-clock segment', () => {
    expect(formatSegment({ date: '2030-03-12', minutes: 9 * 60 + 15 })).toBe('2030-03-12T09:15');
    expect(parseSegment('2030-03-12T09:15')).toEqual({ date: '2030-03-12', minutes: 555 });
  });
  it('refuses what is not a wall-clock time', () => {
    for (const bad of [undefined, '', '2030-02-30T09:00', '2030-03-12T24:00', '2030-03-12T09:60', '2030-03-12 09:00', '2030-03-12T09:00Z']) {
      expect(parseSegment(bad)).toBeNull();
    }
  });
  it('needs the end after the start', () => {
    expect(parseRange('2030-03-12T09:00', '2030-03-12T09:00')).toBeNull();
    expect(parseRange('2030-03-12T10:00', '2030-03-12T09:00')).toBeNull();
    expect(parseRange('2030-03-12T23:30', '2030-03-13T00:30')).not.toBeNull();
  });
  it('builds step paths and describes the range', () => {
    expect(deskStepPath('2030-03-12T09:00', '2030-03-12T17:00', 1, 2)).toBe('/menu/book/desk/2030-03-12T09%3A00/2030-03-12T17%3A00/1/2');
    expect(describeRange({ date: '2030-03-12', minutes: 540 }, { date: '2030-03-12', minutes: 1020 })).toBe('Tuesday, 12 March 2030, 09:00 to 17:00');
    expect(nextDay('2030-02-28')).toBe('2030-03-01');
    expect(nextDay('2030-12-31')).toBe('2031-01-01');
  });
  it('builds the focus path for one desk, its id escaped, and the router reads it back', () => {
    const path = deskFocusPath('2030-03-12T09:00', '2030-03-12T17:00', 1, 2, 3, 'D 1/ä&x');
    expect(path).toBe('/menu/book/desk/2030-03-12T09%3A00/2030-03-12T17%3A00/1/2/3?desk=D%201%2F%C3%A4%26x');
    const [routerPath, query] = path.split('?');
    expect(parseDeskScreenPath(routerPath!)).toEqual({ startDateStr: '2030-03-12T09:00', endDateStr: '2030-03-12T17:00', siteId: 1, locationId: 2, floorplanId: 3 });
    expect(new URLSearchParams(query).get('desk')).toBe('D 1/ä&x');
  });
  it('names the date strip\'s days and lists them up to the last, at most max', () => {
    expect(shortDay('2030-03-12')).toEqual({ weekday: 'Tue', day: '12 Mar' });
    expect(daysFrom('2030-02-27', '2030-03-02', 10)).toEqual(['2030-02-27', '2030-02-28', '2030-03-01', '2030-03-02']);
    expect(daysFrom('2030-02-27', '2030-03-02', 2)).toEqual(['2030-02-27', '2030-02-28']);
    expect(daysFrom('2030-03-02', '2030-03-01', 5)).toEqual([]);
  });
});
