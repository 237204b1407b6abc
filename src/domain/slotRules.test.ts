import { describe, expect, it } from 'vitest';
import { advanceLimitDate, CONSTRAINT_RESOURCE, CONSTRAINT_TYPE } from './advanceLimit.js';
import {
  advanceLimitMessage,
  checkSlotSelection,
  SLOT_CLASH,
  SLOT_DAY_BOOKED,
  SLOT_IN_PAST,
  SLOT_INVALID,
  type CalendarView,
} from './slotRules.js';
import type { TimeRange } from './timeRange.js';

const LONDON = 'Europe/London';
const z = (s: string) => new Date(s);
const range = (a: string, b: string): TimeRange => ({ start: z(a), end: z(b) });

// Monday 10 March 2025, 10:07 GMT (London = UTC in winter).
const now = z('2025-03-10T10:07:00Z');
const existing = [range('2025-03-12T10:00:00Z', '2025-03-12T11:00:00Z')];
const oneWeek = advanceLimitDate({ Number: 1, ResourceType: CONSTRAINT_RESOURCE.Room, Type: CONSTRAINT_TYPE.Week }, now, LONDON);

const check = (slot: TimeRange, view: CalendarView = 'week', extra: Partial<Parameters<typeof checkSlotSelection>[0]> = {}) =>
  checkSlotSelection({ slot, view, existing, now, limit: oneWeek, timeZone: LONDON, ...extra });

describe('checkSlotSelection: clashes (week, work_week, day views)', () => {
  it('a free slot is fine', () => {
    expect(check(range('2025-03-12T12:00:00Z', '2025-03-12T13:00:00Z'))).toEqual({ ok: true });
  });
  it('back-to-back on either side is fine', () => {
    expect(check(range('2025-03-12T09:00:00Z', '2025-03-12T10:00:00Z'))).toEqual({ ok: true });
    expect(check(range('2025-03-12T11:00:00Z', '2025-03-12T11:30:00Z'), 'day')).toEqual({ ok: true });
  });
  it('any overlap clashes', () => {
    for (const view of ['week', 'work_week', 'day', 'agenda'] as const) {
      expect(check(range('2025-03-12T10:30:00Z', '2025-03-12T11:30:00Z'), view)).toEqual({
        ok: false,
        message: SLOT_CLASH,
      });
    }
    expect(check(range('2025-03-12T10:59:00Z', '2025-03-12T11:15:00Z')).ok).toBe(false);
  });
  it('no existing bookings: never a clash', () => {
    expect(check(range('2025-03-12T10:30:00Z', '2025-03-12T11:30:00Z'), 'week', { existing: [] })).toEqual({ ok: true });
  });
});

describe('checkSlotSelection: month view', () => {
  it('a day with a booking is refused with advice to use week or day view', () => {
    expect(check(range('2025-03-12T00:00:00Z', '2025-03-13T00:00:00Z'), 'month')).toEqual({
      ok: false,
      message: SLOT_DAY_BOOKED,
    });
    expect(SLOT_DAY_BOOKED).toMatch(/week or day view/);
  });
  it('the neighbouring days are free', () => {
    expect(check(range('2025-03-11T00:00:00Z', '2025-03-12T00:00:00Z'), 'month')).toEqual({ ok: true });
    expect(check(range('2025-03-13T00:00:00Z', '2025-03-14T00:00:00Z'), 'month')).toEqual({ ok: true });
  });
  it('a multi-day selection including the booked day is refused', () => {
    expect(check(range('2025-03-11T00:00:00Z', '2025-03-14T00:00:00Z'), 'month').ok).toBe(false);
  });
  it('today is not "past" in month view, though its midnight has gone', () => {
    expect(check(range('2025-03-10T00:00:00Z', '2025-03-11T00:00:00Z'), 'month')).toEqual({ ok: true });
  });
  it('yesterday is past', () => {
    expect(check(range('2025-03-09T00:00:00Z', '2025-03-10T00:00:00Z'), 'month')).toEqual({
      ok: false,
      message: SLOT_IN_PAST,
    });
  });
  it('days are the site’s local days (summer time in London)', () => {
    const summerNow = z('2025-06-01T09:00:00Z');
    // 00:30 BST on Friday 13 June is 23:30Z on Thursday 12 June.
    const lateBooking = [range('2025-06-12T23:30:00Z', '2025-06-13T00:30:00Z')];
    const thursday = range('2025-06-11T23:00:00Z', '2025-06-12T23:00:00Z'); // 12 June BST
    const friday = range('2025-06-12T23:00:00Z', '2025-06-13T23:00:00Z'); // 13 June BST
    const input = { view: 'month' as const, existing: lateBooking, now: summerNow, limit: null, timeZone: LONDON };
    expect(checkSlotSelection({ ...input, slot: thursday })).toEqual({ ok: true });
    expect(checkSlotSelection({ ...input, slot: friday })).toEqual({ ok: false, message: SLOT_DAY_BOOKED });
  });
  it('a month cell on the March clock-change day (23 hours long) works', () => {
    const sunday = range('2025-03-30T00:00:00Z', '2025-03-30T23:00:00Z');
    const input = { view: 'month' as const, now: z('2025-03-20T09:00:00Z'), limit: null, timeZone: LONDON };
    expect(checkSlotSelection({ ...input, slot: sunday, existing: [] })).toEqual({ ok: true });
    expect(
      checkSlotSelection({ ...input, slot: sunday, existing: [range('2025-03-30T22:00:00Z', '2025-03-30T22:30:00Z')] }).ok,
    ).toBe(false);
    // 23:00Z is already Monday 31 March 00:00 BST: not that Sunday.
    expect(
      checkSlotSelection({ ...input, slot: sunday, existing: [range('2025-03-30T23:00:00Z', '2025-03-30T23:30:00Z')] }),
    ).toEqual({ ok: true });
  });
});

describe('checkSlotSelection: past', () => {
  it('a start before now is refused; a start at now is fine', () => {
    expect(check(range('2025-03-10T10:00:00Z', '2025-03-10T10:30:00Z'))).toEqual({ ok: false, message: SLOT_IN_PAST });
    expect(check(range('2025-03-10T10:06:59.999Z', '2025-03-10T10:30:00Z')).ok).toBe(false);
    expect(check(range('2025-03-10T10:07:00Z', '2025-03-10T10:30:00Z'))).toEqual({ ok: true });
  });
  it('past wins over a clash', () => {
    const clashInPast = [range('2025-03-10T09:00:00Z', '2025-03-10T11:00:00Z')];
    expect(check(range('2025-03-10T09:30:00Z', '2025-03-10T10:30:00Z'), 'week', { existing: clashInPast })).toEqual({
      ok: false,
      message: SLOT_IN_PAST,
    });
  });
});

describe('checkSlotSelection: advance limit', () => {
  it('the limit is the end of 17 March; a start at 23:45 that day is fine', () => {
    expect(oneWeek?.toISOString()).toBe('2025-03-17T23:59:59.999Z');
    expect(check(range('2025-03-17T23:45:00Z', '2025-03-18T00:00:00Z'))).toEqual({ ok: true });
    expect(check(range('2025-03-17T00:00:00Z', '2025-03-18T00:00:00Z'), 'month')).toEqual({ ok: true });
  });
  it('18 March is refused, naming the first refused day', () => {
    expect(check(range('2025-03-18T00:00:00Z', '2025-03-18T01:00:00Z'))).toEqual({
      ok: false,
      message: 'Bookings to this room are restricted. You may only book slots before: 18/03/2025',
    });
    expect(check(range('2025-03-18T00:00:00Z', '2025-03-19T00:00:00Z'), 'month').ok).toBe(false);
  });
  it('no limit: far future is fine', () => {
    expect(check(range('2030-01-01T09:00:00Z', '2030-01-01T10:00:00Z'), 'week', { limit: null })).toEqual({ ok: true });
  });
  it('the formatter is a parameter', () => {
    const r = check(range('2025-03-20T09:00:00Z', '2025-03-20T10:00:00Z'), 'week', {
      formatDate: (d, tz) => `${d.toISOString()}@${tz}`,
    });
    expect(r).toEqual({
      ok: false,
      message: `Bookings to this room are restricted. You may only book slots before: 2025-03-18T00:00:00.000Z@${LONDON}`,
    });
  });
  it('the date is the site’s local date (BST limit ends at 22:59:59.999Z)', () => {
    expect(advanceLimitMessage(z('2025-04-03T22:59:59.999Z'), LONDON)).toBe(
      'Bookings to this room are restricted. You may only book slots before: 04/04/2025',
    );
  });
  it('beyond-limit wins over a clash', () => {
    const far = [range('2025-03-20T09:00:00Z', '2025-03-20T10:00:00Z')];
    expect(check(range('2025-03-20T09:00:00Z', '2025-03-20T10:00:00Z'), 'week', { existing: far }).ok).toBe(false);
    expect(
      check(range('2025-03-20T09:00:00Z', '2025-03-20T10:00:00Z'), 'week', { existing: far }),
    ).not.toEqual({ ok: false, message: SLOT_CLASH });
  });
});

describe('checkSlotSelection: invalid ranges', () => {
  it('empty, reversed or invalid dates are refused', () => {
    expect(check(range('2025-03-12T12:00:00Z', '2025-03-12T12:00:00Z'))).toEqual({ ok: false, message: SLOT_INVALID });
    expect(check(range('2025-03-12T13:00:00Z', '2025-03-12T12:00:00Z'))).toEqual({ ok: false, message: SLOT_INVALID });
    expect(check({ start: new Date('nope'), end: z('2025-03-12T12:00:00Z') })).toEqual({
      ok: false,
      message: SLOT_INVALID,
    });
  });
});
