import { addDays, addMinutes, addMonths, addWeeks, endOfMonth, startOfDay, startOfMonth, startOfWeek } from 'date-fns';
import { formatDay, formatDaySpan, formatMonth, formatRange } from '../../../domain/dateFormat.js';
import type { CalendarView } from '../../../domain/slotRules.js';
import { ROOM_STEP_MINUTES, DEFAULT_ROOM_END, DEFAULT_ROOM_START } from '../../../domain/roomTimes.js';
import { calendarDay } from '../../app/calendar/siteClock.js';

/**
 * Pure helpers of the room booking screens: the site-zone bridge for react-big-calendar (which draws
 * in the browser's zone), titles, ranges and slots. What the first view ("Find room") needs lives in
 * findRoomView.ts, so the page's first load does not bring these helpers' date-fns functions.
 */
export { NO_AVAILABILITY, NO_ROOMS_RESTRICTED, NO_AVAILABILITY_DAY, minutesLabel, emptyResultMessage, todayIn } from './findRoomView.js';
export const TITLE_LIMIT = 100;

/** Calendar titles are truncated to 100 characters (SPEC 2.5, 9); an ellipsis marks the cut. */
export const truncateTitle = (title: string, limit = TITLE_LIMIT): string =>
  title.length <= limit ? title : `${title.slice(0, limit - 1)}…`;

// The site-zone bridge for react-big-calendar (shared with the Reception View).
export { fromShown, toShown } from '../../app/calendar/siteClock.js';

/** The (shown) range to load bookings for: what the view displays, padded for the month grid. */
export function shownRange(view: CalendarView, date: Date): { start: Date; end: Date } {
  const day = startOfDay(date);
  switch (view) {
    case 'month': return { start: addDays(startOfMonth(day), -7), end: addDays(endOfMonth(day), 8) };
    case 'agenda': return { start: day, end: addMonths(day, 1) };
    case 'day': return { start: day, end: addDays(day, 1) };
    default: { const s = startOfWeek(day, { weekStartsOn: 1 }); return { start: s, end: addDays(s, 7) }; }
  }
}

/**
 * A month cell is a whole day; booking it means the day's usual window, 09:00–17:00 (SPEC 9). On
 * today, a start already past moves to the next quarter hour (and the end stays after it).
 */
export function monthSelectionToSlot(shownStart: Date, shownEnd: Date, shownNow: Date, dayEndMinutes: number): { start: Date; end: Date } {
  const firstDay = startOfDay(shownStart);
  const lastDay = startOfDay(new Date(shownEnd.getTime() - 1));
  let start = new Date(firstDay.getFullYear(), firstDay.getMonth(), firstDay.getDate(), 0, DEFAULT_ROOM_START);
  if (start < shownNow) {
    const q = Math.ceil((shownNow.getHours() * 60 + shownNow.getMinutes() + 1) / ROOM_STEP_MINUTES) * ROOM_STEP_MINUTES;
    start = new Date(firstDay.getFullYear(), firstDay.getMonth(), firstDay.getDate(), 0, q);
  }
  let end = new Date(lastDay.getFullYear(), lastDay.getMonth(), lastDay.getDate(), 0, DEFAULT_ROOM_END);
  if (end <= start) end = new Date(start.getTime() + ROOM_STEP_MINUTES * 60_000);
  const dayEnd = new Date(firstDay.getFullYear(), firstDay.getMonth(), firstDay.getDate(), 0, dayEndMinutes);
  if (firstDay.getTime() === lastDay.getTime() && end > dayEnd && start < dayEnd) end = dayEnd;
  return { start, end };
}

/** The days (shown dates at midnight) a time-grid view draws as columns; none for month and agenda. */
export function visibleDays(view: CalendarView, date: Date): Date[] {
  const day = startOfDay(date);
  if (view === 'day') return [day];
  if (view !== 'week' && view !== 'work_week') return [];
  const monday = startOfWeek(day, { weekStartsOn: 1 });
  return Array.from({ length: view === 'week' ? 7 : 5 }, (_, i) => addDays(monday, i));
}

/** The toolbar's words for what a view shows: a day, a week's first and last day, a month, or the agenda's 31 days. */
export function rangeLabel(view: CalendarView, date: Date, compact: boolean): string {
  const days = visibleDays(view, date);
  const span = (a: Date, b: Date) => formatDaySpan(a, b);
  if (view === 'day') return formatDay(date, { short: compact, withYear: true });
  if (view === 'month') return formatMonth(date);
  if (view === 'agenda') return span(date, addDays(date, 30));
  return span(days[0]!, days.at(-1)!);
}

/** One step back or forward in a view: a day, a week, or a month (next/previous and swipe). */
export function stepDate(view: CalendarView, date: Date, direction: -1 | 1): Date {
  if (view === 'day') return addDays(date, direction);
  if (view === 'week' || view === 'work_week') return addWeeks(date, direction);
  return addMonths(date, direction);
}

/** 'closed': in a closure of the room, its floor or its site (issue 22); the room calendar marks those itself. */
export type SlotState = 'free' | 'booked' | 'past' | 'closed';

/**
 * A time slot's state (shown times): past once its start has gone (the slot rules refuse a start
 * before now), else booked when a booking overlaps it, else free.
 */
export function slotState(start: Date, end: Date, shownNow: Date, bookings: readonly { start: Date; end: Date }[]): SlotState {
  if (start < shownNow) return 'past';
  return bookings.some((b) => b.start < end && start < b.end) ? 'booked' : 'free';
}

const STATE_WORDS: Record<SlotState, string> = { free: 'free', booked: 'booked', past: 'past, cannot be booked', closed: 'closed' };

/** What a screen reader says on a slot (shown times): 'Tuesday, 24 November 2026, 10:00–10:30, free'. */
export const slotLabel = (start: Date, end: Date, state: SlotState): string => `${formatRange(start, end)}, ${STATE_WORDS[state]}`;

/** The key of a slot (shown time) in the DOM and in the keyboard state: 'yyyy-MM-ddTHH:mm'. */
export const slotKey = (shown: Date): string =>
  `${calendarDay(shown)}T${String(shown.getHours()).padStart(2, '0')}:${String(shown.getMinutes()).padStart(2, '0')}`;
export const slotFromKey = (key: string): Date => {
  const [d, t] = key.split('T') as [string, string];
  const [y, m, day] = d.split('-').map(Number) as [number, number, number];
  const [h, min] = t.split(':').map(Number) as [number, number];
  return new Date(y, m - 1, day, h, min);
};

/**
 * The latest end the booking form offers after a start: the next booking's start or the end of the
 * day's hours, whichever comes first (the server still checks every rule when saving).
 */
export function latestEnd(start: Date, dayEndMinutes: number, bookings: readonly { start: Date; end: Date }[]): Date {
  let limit = addMinutes(startOfDay(start), dayEndMinutes);
  for (const b of bookings) if (b.start >= start && b.start < limit) limit = b.start;
  return limit;
}

/** Quarter-hour ends from start + 15 minutes to the latest end (the booking form's End choices). */
export function endChoices(start: Date, latest: Date): Date[] {
  const out: Date[] = [];
  for (let e = addMinutes(start, ROOM_STEP_MINUTES); e <= latest; e = addMinutes(e, ROOM_STEP_MINUTES)) out.push(e);
  return out;
}

/** A slot in the site's zone, in the shared format: 'Tuesday, 2 April 2030, 09:00–10:00' (short under 768 px). */
export function slotText(start: Date, end: Date, timeZone: string, short = false): string {
  return formatRange(start, end, { timeZone, short });
}


/**
 * The room's closures as calendar spans (shown times, like the bookings), each with its reason. A
 * slot or a selection overlapping one is closed; the first found says why.
 */
export interface ShownClosure { start: Date; end: Date; reason: string; until: Date }
export const closureAt = (start: Date, end: Date, closures: readonly ShownClosure[]): ShownClosure | undefined =>
  closures.find((c) => c.start < end && start < c.end);
