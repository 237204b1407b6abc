import { TZDate } from '@date-fns/tz';
import { addDays } from 'date-fns/addDays';
import { format } from 'date-fns/format';
import { startOfDay } from 'date-fns/startOfDay';
import { isWithinAdvanceLimit } from './advanceLimit.js';
import { isValidRange, overlapsAny, type TimeRange } from './timeRange.js';

/** Views of the room calendar (react-big-calendar names). */
export type CalendarView = 'month' | 'week' | 'work_week' | 'day' | 'agenda';

export type SlotResult = { ok: true } | { ok: false; message: string };

export const SLOT_INVALID = 'The end of the slot must be after its start';
export const SLOT_CLASH = 'This slot clashes with another booking';
export const SLOT_DAY_BOOKED =
  'This day already has bookings. Please use the week or day view to choose a free slot.';
export const SLOT_IN_PAST = 'Cannot book a date in the past';
export const SLOT_BEYOND_LIMIT_PREFIX = 'Bookings to this room are restricted. You may only book slots before: ';

/** Formats the date shown in the advance-limit message; receives an instant and the site zone. */
export type LimitDateFormatter = (date: Date, timeZone: string) => string;

export const formatDayMonthYear: LimitDateFormatter = (date, timeZone) =>
  format(new TZDate(date.getTime(), timeZone), 'dd/MM/yyyy');

/**
 * The advance-limit message. `limit` is the last bookable instant (end of the last bookable day,
 * see advanceLimit.ts); the message says "before: {date}", so to be literally true it shows the
 * FIRST day that may not be booked (limit + 1 ms = local midnight after the last day).
 */
export const advanceLimitMessage = (
  limit: Date,
  timeZone: string,
  formatDate: LimitDateFormatter = formatDayMonthYear,
): string => SLOT_BEYOND_LIMIT_PREFIX + formatDate(new Date(limit.getTime() + 1), timeZone);

/** The whole local days a slot touches: [start of its first day, midnight after its last day). */
const wholeDays = (slot: TimeRange, timeZone: string): TimeRange => {
  const first = startOfDay(new TZDate(slot.start.getTime(), timeZone));
  // The end is exclusive: a month cell selection ends at the next midnight, which is not "its" day.
  const lastInstant = new TZDate(slot.end.getTime() - 1, timeZone);
  const afterLast = addDays(startOfDay(lastInstant), 1);
  return { start: new Date(first.getTime()), end: new Date(afterLast.getTime()) };
};

/**
 * Can the user start booking this calendar selection? (SPEC 5 "Calendar slot selection".)
 *
 * `existing` are the room's ACTIVE bookings (Pending or Approved); when editing a booking the
 * caller leaves that booking out. `limit` comes from advanceLimitDate (null = none).
 *
 * Checks, first failure wins (order is our choice; the spec lists the messages only):
 * 1. a non-empty range;
 * 2. not in the past: in month view a cell is a whole day, so only days before today are past
 *    (today's cell is allowed though its midnight has gone); in the other views the slot's start
 *    must not be before `now`;
 * 3. within the advance limit: the slot's START must be at or before the limit;
 * 4. month view: any active booking on the selected day(s) refuses the selection with advice to
 *    use the week or day view, because a month cell cannot show which hours are free;
 * 5. no overlap with an active booking (half-open, so back-to-back is fine).
 * "Can this time be booked at all" (2, 3) comes before "is it free" (4, 5), so a user is not sent
 * to the week view to look for a slot that would be refused anyway.
 */
export const checkSlotSelection = (input: {
  slot: TimeRange;
  view: CalendarView;
  existing: readonly TimeRange[];
  now: Date;
  limit: Date | null;
  timeZone: string;
  formatDate?: LimitDateFormatter;
}): SlotResult => {
  const { slot, view, existing, now, limit, timeZone } = input;
  if (!isValidRange(slot)) return { ok: false, message: SLOT_INVALID };

  const isPast =
    view === 'month'
      ? startOfDay(new TZDate(slot.start.getTime(), timeZone)).getTime() <
        startOfDay(new TZDate(now.getTime(), timeZone)).getTime()
      : slot.start.getTime() < now.getTime();
  if (isPast) return { ok: false, message: SLOT_IN_PAST };

  if (limit !== null && !isWithinAdvanceLimit(slot.start, limit)) {
    return { ok: false, message: advanceLimitMessage(limit, timeZone, input.formatDate) };
  }

  if (view === 'month' && overlapsAny(wholeDays(slot, timeZone), existing)) {
    return { ok: false, message: SLOT_DAY_BOOKED };
  }
  if (overlapsAny(slot, existing)) return { ok: false, message: SLOT_CLASH };
  return { ok: true };
};
