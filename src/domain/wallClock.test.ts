import { describe, expect, it } from 'vitest';
import { fromWallClock, joinMinutes, splitMinutes, toWallClock } from './wallClock.js';

const LONDON = 'Europe/London';

describe('toWallClock / fromWallClock', () => {
  it('reads the local date, not the UTC date, around midnight in summer', () => {
    // 23:30 UTC on 30 June is 00:30 BST on 1 July.
    expect(toWallClock(new Date('2025-06-30T23:30:00Z'), LONDON)).toEqual({ date: '2025-07-01', minutes: 30 });
    expect(toWallClock(new Date('2025-06-30T23:30:00Z'), 'UTC')).toEqual({ date: '2025-06-30', minutes: 1410 });
  });
  it('round-trips on both DST change days in London', () => {
    for (const date of ['2025-03-30', '2025-10-26']) {
      for (const minutes of [0, 8 * 60, 9 * 60 + 15, 23 * 60 + 45]) {
        const instant = fromWallClock(date, minutes, LONDON);
        expect(toWallClock(instant, LONDON)).toEqual({ date, minutes });
      }
    }
  });
  it('09:00 London is 09:00Z in winter and 08:00Z in summer', () => {
    expect(fromWallClock('2025-03-29', 540, LONDON).toISOString()).toBe('2025-03-29T09:00:00.000Z');
    expect(fromWallClock('2025-03-30', 540, LONDON).toISOString()).toBe('2025-03-30T08:00:00.000Z');
    expect(fromWallClock('2025-10-26', 540, LONDON).toISOString()).toBe('2025-10-26T09:00:00.000Z');
  });
  it('a wall time in the spring-forward gap moves forward', () => {
    // 01:30 does not exist on 30 March 2025 in London; it becomes 02:30 BST = 01:30Z.
    expect(fromWallClock('2025-03-30', 90, LONDON).toISOString()).toBe('2025-03-30T01:30:00.000Z');
  });
  it('refuses a malformed date', () => {
    expect(() => fromWallClock('30/03/2025', 0, LONDON)).toThrow(RangeError);
    expect(() => fromWallClock('', 0, LONDON)).toThrow(RangeError);
  });
  it('split and join minutes', () => {
    expect(splitMinutes(0)).toEqual({ hour: 0, minute: 0 });
    expect(splitMinutes(23 * 60 + 45)).toEqual({ hour: 23, minute: 45 });
    expect(joinMinutes(18, 45)).toBe(1125);
  });
});
