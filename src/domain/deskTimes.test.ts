import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  adjustDeskTimes,
  pickDeskTime,
  shownDeskTimes,
  DESK_EARLIEST,
  DESK_LATEST_END,
  defaultDeskEnd,
  defaultDeskStart,
  deskHourOptions,
} from './deskTimes.js';

const hm = (h: number, m = 0) => h * 60 + m;

describe('defaultDeskStart', () => {
  it('rounds UP to the next quarter hour; on the quarter stays', () => {
    expect(defaultDeskStart(hm(10, 0))).toBe(hm(10, 0));
    expect(defaultDeskStart(hm(10, 1))).toBe(hm(10, 15));
    expect(defaultDeskStart(hm(10, 14))).toBe(hm(10, 15));
    expect(defaultDeskStart(hm(10, 15))).toBe(hm(10, 15));
    expect(defaultDeskStart(hm(10, 46))).toBe(hm(11, 0));
  });
  it('before 08:00 gives 08:00', () => {
    expect(defaultDeskStart(0)).toBe(hm(8));
    expect(defaultDeskStart(hm(7, 50))).toBe(hm(8));
  });
  it('23:30 is the latest start; after it nothing is left today', () => {
    expect(defaultDeskStart(hm(23, 16))).toBe(hm(23, 30));
    expect(defaultDeskStart(hm(23, 30))).toBe(hm(23, 30));
    expect(defaultDeskStart(hm(23, 31))).toBeNull();
    expect(defaultDeskStart(hm(23, 59))).toBeNull();
  });
});

describe('defaultDeskEnd', () => {
  it('is start + 3 hours', () => {
    expect(defaultDeskEnd(hm(9))).toBe(hm(12));
    expect(defaultDeskEnd(hm(19, 45))).toBe(hm(22, 45));
    expect(defaultDeskEnd(hm(20))).toBe(hm(23));
  });
  it('is capped at 23:00', () => {
    expect(defaultDeskEnd(hm(20, 15))).toBe(hm(23));
    expect(defaultDeskEnd(hm(22, 45))).toBe(hm(23));
  });
  it('from 23:00 on, uses 23:45 so the end stays after the start', () => {
    expect(defaultDeskEnd(hm(23))).toBe(hm(23, 45));
    expect(defaultDeskEnd(hm(23, 30))).toBe(hm(23, 45));
  });
  it('property: every default start gets an end after it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1439 }), (now) => {
        const s = defaultDeskStart(now);
        return s === null || (defaultDeskEnd(s) > s && defaultDeskEnd(s) <= DESK_LATEST_END);
      }),
    );
  });
});

describe('deskHourOptions', () => {
  const all = Array.from({ length: 16 }, (_, i) => 8 + i);
  it('8..23 on a future day', () => {
    expect(deskHourOptions('2025-03-11', { date: '2025-03-10', minutes: hm(15) })).toEqual(all);
  });
  it('from the current hour today (its quarters included)', () => {
    expect(deskHourOptions('2025-03-10', { date: '2025-03-10', minutes: hm(15, 59) })).toEqual(
      all.filter((h) => h >= 15),
    );
    expect(deskHourOptions('2025-03-10', { date: '2025-03-10', minutes: hm(23, 59) })).toEqual([23]);
  });
  it('never before 8, even early today', () => {
    expect(deskHourOptions('2025-03-10', { date: '2025-03-10', minutes: hm(6, 30) })).toEqual(all);
    expect(deskHourOptions('2025-03-10', { date: '2025-03-10', minutes: hm(8) })).toEqual(all);
  });
  it('nothing on a past day (including across a month end)', () => {
    expect(deskHourOptions('2025-03-09', { date: '2025-03-10', minutes: hm(9) })).toEqual([]);
    expect(deskHourOptions('2025-02-28', { date: '2025-03-01', minutes: hm(9) })).toEqual([]);
  });
});

describe('adjustDeskTimes', () => {
  it('leaves a valid pair alone', () => {
    expect(adjustDeskTimes(hm(9), hm(9, 15), 'start')).toEqual({ start: hm(9), end: hm(9, 15) });
    expect(adjustDeskTimes(hm(9), hm(17), 'end')).toEqual({ start: hm(9), end: hm(17) });
  });
  it('start moved onto or past the end: end goes to start + 30', () => {
    expect(adjustDeskTimes(hm(12), hm(12), 'start')).toEqual({ start: hm(12), end: hm(12, 30) });
    expect(adjustDeskTimes(hm(14), hm(12), 'start')).toEqual({ start: hm(14), end: hm(14, 30) });
  });
  it('start near the end of the day: end capped at 23:45; start 23:45 is pulled back', () => {
    expect(adjustDeskTimes(hm(23, 15), hm(12), 'start')).toEqual({ start: hm(23, 15), end: hm(23, 45) });
    expect(adjustDeskTimes(hm(23, 30), hm(12), 'start')).toEqual({ start: hm(23, 30), end: hm(23, 45) });
    expect(adjustDeskTimes(hm(23, 45), hm(12), 'start')).toEqual({ start: hm(23, 15), end: hm(23, 45) });
  });
  it('end moved onto or before the start: start goes to end - 30', () => {
    expect(adjustDeskTimes(hm(12), hm(12), 'end')).toEqual({ start: hm(11, 30), end: hm(12) });
    expect(adjustDeskTimes(hm(14), hm(10), 'end')).toEqual({ start: hm(9, 30), end: hm(10) });
  });
  it('end near the earliest time: start floored at 08:00 (or the given earliest), end pushed if needed', () => {
    expect(adjustDeskTimes(hm(9), hm(8, 15), 'end')).toEqual({ start: hm(8), end: hm(8, 15) });
    expect(adjustDeskTimes(hm(9), hm(8), 'end')).toEqual({ start: hm(8), end: hm(8, 30) });
    expect(adjustDeskTimes(hm(15), hm(14), 'end', hm(14))).toEqual({ start: hm(14), end: hm(14, 30) });
  });

  const quarter = fc.integer({ min: DESK_EARLIEST / 15, max: DESK_LATEST_END / 15 }).map((q) => q * 15);
  it('property: the end is always after the start, on the grid, inside 08:00..23:45', () => {
    fc.assert(
      fc.property(quarter, quarter, fc.constantFrom('start' as const, 'end' as const), (s, e, changed) => {
        const r = adjustDeskTimes(s, e, changed);
        return (
          r.end > r.start && r.start >= DESK_EARLIEST && r.end <= DESK_LATEST_END && r.start % 15 === 0 && r.end % 15 === 0
        );
      }),
    );
  });
  it('property: the side the user touched is kept whenever possible, moves are 30 minutes', () => {
    fc.assert(
      fc.property(quarter, quarter, (s, e) => {
        fc.pre(e <= s);
        const byStart = adjustDeskTimes(s, e, 'start');
        const byEnd = adjustDeskTimes(s, e, 'end');
        const startKept = s > hm(23, 30) || (byStart.start === s && byStart.end === Math.min(s + 30, DESK_LATEST_END));
        const endKept = e < hm(8, 15) || (byEnd.end === e && byEnd.start === Math.max(e - 30, DESK_EARLIEST));
        return startKept && endKept;
      }),
    );
  });
});

describe('pickDeskTime and shownDeskTimes', () => {
  const from = (start: number, end: number) => ({ start, end, changed: 'start' as const });

  it('type-ahead through an end equal to the start: the start moves back, then returns (the keyboard user typing 15:00)', () => {
    const typedOne = pickDeskTime(from(hm(10), hm(13)), 'end', hm(10)); // "1" selects 10:00
    expect(shownDeskTimes(typedOne)).toEqual({ start: hm(9, 30), end: hm(10) });
    const typedFifteen = pickDeskTime(typedOne, 'end', hm(15)); // "15" selects 15:00
    expect(shownDeskTimes(typedFifteen)).toEqual({ start: hm(10), end: hm(15) });
  });

  it('a start moved past the end pushes the end, which returns when the start comes back', () => {
    const late = pickDeskTime(from(hm(9), hm(12)), 'start', hm(14));
    expect(shownDeskTimes(late)).toEqual({ start: hm(14), end: hm(14, 30) });
    expect(shownDeskTimes(pickDeskTime(late, 'start', hm(10)))).toEqual({ start: hm(10), end: hm(12) });
  });

  it('the earliest time of the day is honoured when the start is pushed back', () => {
    expect(shownDeskTimes(pickDeskTime(from(hm(15), hm(17)), 'end', hm(14)), hm(14))).toEqual({ start: hm(14), end: hm(14, 30) });
  });

  it('property: whatever is picked, the shown pair is valid and keeps the side just touched when it can', () => {
    const quarter = fc.integer({ min: DESK_EARLIEST / 15, max: DESK_LATEST_END / 15 }).map((q) => q * 15);
    fc.assert(fc.property(quarter, quarter, fc.array(fc.tuple(fc.constantFrom('start' as const, 'end' as const), quarter)), (s, e, moves) => {
      let picks = { start: s, end: e, changed: 'start' as 'start' | 'end' };
      for (const [side, value] of moves) {
        picks = pickDeskTime(picks, side, value);
        const shown = shownDeskTimes(picks);
        expect(shown.end).toBeGreaterThan(shown.start);
        if (side === 'start' && value < DESK_LATEST_END) expect(shown.start).toBe(value);
        if (side === 'end' && value > DESK_EARLIEST) expect(shown.end).toBe(value);
      }
    }));
  });
});
