import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  adjustRoomTimes,
  defaultRoomTimes,
  ROOM_DAY_END,
  ROOM_DAY_START,
  roomEndOptions,
  roomStartOptions,
  roomTimesForNewDate,
} from './roomTimes.js';

const hm = (h: number, m = 0) => h * 60 + m;

describe('room time options', () => {
  it('start list: 44 quarter hours 08:00..18:45', () => {
    const s = roomStartOptions();
    expect(s).toHaveLength(44);
    expect(s[0]).toBe(hm(8));
    expect(s.at(-1)).toBe(hm(18, 45));
    expect(s).not.toContain(hm(19));
  });
  it('end list: 45 quarter hours, the whole grid 08:00..19:00 (08:15..19:00 would only be 44)', () => {
    const e = roomEndOptions();
    expect(e).toHaveLength(45);
    expect(e[0]).toBe(hm(8));
    expect(e.at(-1)).toBe(hm(19));
  });
  it('an end of 08:00 from the list never survives adjustment', () => {
    expect(adjustRoomTimes(hm(8), hm(8))).toEqual({ start: hm(8), end: hm(8, 15) });
  });
  it('steps are 15 minutes', () => {
    const s = roomStartOptions();
    expect(s.every((m, i) => i === 0 || m - (s[i - 1] ?? 0) === 15)).toBe(true);
  });
  it('default window 09:00–17:00', () => {
    expect(defaultRoomTimes()).toEqual({ start: hm(9), end: hm(17) });
  });
});

describe('adjustRoomTimes', () => {
  it('keeps a valid pair', () => {
    expect(adjustRoomTimes(hm(9), hm(9, 15))).toEqual({ start: hm(9), end: hm(9, 15) });
    expect(adjustRoomTimes(hm(8), hm(19))).toEqual({ start: hm(8), end: hm(19) });
  });
  it('start equals end: end = start + 15', () => {
    expect(adjustRoomTimes(hm(10), hm(10))).toEqual({ start: hm(10), end: hm(10, 15) });
  });
  it('end before start: end = start + 15', () => {
    expect(adjustRoomTimes(hm(14), hm(10))).toEqual({ start: hm(14), end: hm(14, 15) });
  });
  it('18:45 start with an earlier end ends at 19:00, not later', () => {
    expect(adjustRoomTimes(hm(18, 45), hm(18, 45))).toEqual({ start: hm(18, 45), end: hm(19) });
    expect(adjustRoomTimes(hm(18, 45), hm(9))).toEqual({ start: hm(18, 45), end: hm(19) });
  });
  it('out-of-day values are clamped: start 19:00 -> 18:45, end 07:00 -> then start + 15', () => {
    expect(adjustRoomTimes(hm(19), hm(19))).toEqual({ start: hm(18, 45), end: hm(19) });
    expect(adjustRoomTimes(hm(7), hm(20))).toEqual({ start: hm(8), end: hm(19) });
    expect(adjustRoomTimes(hm(8), hm(7))).toEqual({ start: hm(8), end: hm(8, 15) });
  });
  it('off-grid values snap outward (start down, end up)', () => {
    expect(adjustRoomTimes(hm(10, 10), hm(11, 5))).toEqual({ start: hm(10), end: hm(11, 15) });
  });
  it('property: result always valid, on the grid and inside 08:00..19:00', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1439 }), fc.integer({ min: 0, max: 1439 }), (s, e) => {
        const r = adjustRoomTimes(s, e);
        return (
          r.end > r.start &&
          r.start >= ROOM_DAY_START &&
          r.end <= ROOM_DAY_END &&
          r.start % 15 === 0 &&
          r.end % 15 === 0 &&
          roomStartOptions().includes(r.start) &&
          roomEndOptions().includes(r.end) &&
          r.end >= hm(8, 15)
        );
      }),
    );
  });
});

describe('roomTimesForNewDate', () => {
  it('resets the start to 09:00 and keeps a later end', () => {
    expect(roomTimesForNewDate({ end: hm(12) })).toEqual({ start: hm(9), end: hm(12) });
  });
  it('an end at or before 09:00 becomes 09:15', () => {
    expect(roomTimesForNewDate({ end: hm(9) })).toEqual({ start: hm(9), end: hm(9, 15) });
    expect(roomTimesForNewDate({ end: hm(8, 30) })).toEqual({ start: hm(9), end: hm(9, 15) });
  });
});
