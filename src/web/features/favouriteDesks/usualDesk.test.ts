import { describe, expect, it } from 'vitest';
import { usualDays, usualTimes } from './usualDesk.js';

describe('book my usual desk', () => {
  it('offers today and the next six days', () => {
    expect(usualDays('2030-12-29')).toEqual(['2030-12-29', '2030-12-30', '2030-12-31', '2031-01-01', '2031-01-02', '2031-01-03', '2031-01-04']);
  });
  it('books 09:00 to 17:00 on another day and from now (rounded up) today', () => {
    expect(usualTimes('2030-03-13', { date: '2030-03-12', minutes: 22 * 60 })).toEqual({ start: 540, end: 1020 });
    expect(usualTimes('2030-03-12', { date: '2030-03-12', minutes: 7 * 60 })).toEqual({ start: 540, end: 1020 });
    expect(usualTimes('2030-03-12', { date: '2030-03-12', minutes: 10 * 60 + 5 })).toEqual({ start: 615, end: 1020 });
    // Late in the day: the default length, not a range that ends before it starts.
    const late = usualTimes('2030-03-12', { date: '2030-03-12', minutes: 16 * 60 + 30 })!;
    expect(late.start).toBe(990);
    expect(late.end).toBeGreaterThan(late.start);
  });
  it('offers nothing today once no start is left', () => {
    expect(usualTimes('2030-03-12', { date: '2030-03-12', minutes: 23 * 60 + 50 })).toBeNull();
  });
});
