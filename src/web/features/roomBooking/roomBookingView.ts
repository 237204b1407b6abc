import { TZDate } from '@date-fns/tz';
import { addDays, addMonths, endOfMonth, format, startOfDay, startOfMonth, startOfWeek } from 'date-fns';
import type { CalendarView } from '../../../domain/slotRules.js';
import { fromWallClock, toWallClock } from '../../../domain/wallClock.js';
import { ROOM_DAY_END, ROOM_STEP_MINUTES, DEFAULT_ROOM_END, DEFAULT_ROOM_START } from '../../../domain/roomTimes.js';

/**
 * Pure helpers of the room booking screens: labels of the time lists, the site-zone bridge for
 * react-big-calendar (which draws in the browser's zone), titles, ranges and the empty messages.
 */
export const NO_AVAILABILITY = 'No rooms with availability at the selected date(s) and time(s) were found...';
export const NO_ROOMS_RESTRICTED = 'No rooms were found, but this may be due to booking restrictions in effect at this location.';
export const NO_AVAILABILITY_DAY = 'No availability for the date selected';
export const TITLE_LIMIT = 100;

/** 'HH:mm' of minutes since midnight. */
export const minutesLabel = (m: number): string => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/** Calendar titles are truncated to 100 characters (SPEC 2.5, 9); an ellipsis marks the cut. */
export const truncateTitle = (title: string, limit = TITLE_LIMIT): string =>
  title.length <= limit ? title : `${title.slice(0, limit - 1)}…`;

/** Which empty message: no rooms the person may choose at all (restrictions) or none free. */
export const emptyResultMessage = (roomsInScope: number): string => (roomsInScope === 0 ? NO_ROOMS_RESTRICTED : NO_AVAILABILITY);

/**
 * react-big-calendar lays out browser-local Dates. To show the site's wall clock whatever the
 * browser's zone, instants are mapped to a "shown" Date whose local fields are the site's wall
 * clock, and selections are mapped back.
 */
export const toShown = (instant: Date, timeZone: string): Date => {
  const w = toWallClock(instant, timeZone);
  const [y, m, d] = w.date.split('-').map(Number) as [number, number, number];
  const seconds = new TZDate(instant.getTime(), timeZone).getSeconds();
  return new Date(y, m - 1, d, 0, w.minutes, seconds);
};
export const fromShown = (shown: Date, timeZone: string): Date =>
  fromWallClock(format(shown, 'yyyy-MM-dd'), shown.getHours() * 60 + shown.getMinutes(), timeZone);

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
export function monthSelectionToSlot(shownStart: Date, shownEnd: Date, shownNow: Date): { start: Date; end: Date } {
  const firstDay = startOfDay(shownStart);
  const lastDay = startOfDay(new Date(shownEnd.getTime() - 1));
  let start = new Date(firstDay.getFullYear(), firstDay.getMonth(), firstDay.getDate(), 0, DEFAULT_ROOM_START);
  if (start < shownNow) {
    const q = Math.ceil((shownNow.getHours() * 60 + shownNow.getMinutes() + 1) / ROOM_STEP_MINUTES) * ROOM_STEP_MINUTES;
    start = new Date(firstDay.getFullYear(), firstDay.getMonth(), firstDay.getDate(), 0, q);
  }
  let end = new Date(lastDay.getFullYear(), lastDay.getMonth(), lastDay.getDate(), 0, DEFAULT_ROOM_END);
  if (end <= start) end = new Date(start.getTime() + ROOM_STEP_MINUTES * 60_000);
  const dayEnd = new Date(firstDay.getFullYear(), firstDay.getMonth(), firstDay.getDate(), 0, ROOM_DAY_END);
  if (firstDay.getTime() === lastDay.getTime() && end > dayEnd && start < dayEnd) end = dayEnd;
  return { start, end };
}

/** 'Tue 2 Apr 2030, 09:00–10:00' of a slot in the site's zone. */
export function slotText(start: Date, end: Date, timeZone: string): string {
  const s = new TZDate(start.getTime(), timeZone), e = new TZDate(end.getTime(), timeZone);
  const sameDay = format(s, 'yyyy-MM-dd') === format(e, 'yyyy-MM-dd');
  return sameDay ? `${format(s, 'EEE d MMM yyyy, HH:mm')}–${format(e, 'HH:mm')}` : `${format(s, 'EEE d MMM yyyy, HH:mm')} – ${format(e, 'EEE d MMM yyyy, HH:mm')}`;
}

/** Today's date (YYYY-MM-DD) in a zone, for date inputs. */
export const todayIn = (now: Date, timeZone: string): string => toWallClock(now, timeZone).date;
