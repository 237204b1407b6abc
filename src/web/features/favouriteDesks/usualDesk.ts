/**
 * "Book my usual desk" (issue 20): the days offered and the times booked. Pure: now is a parameter.
 * Times: 09:00 to 17:00 (a working day, what "my usual desk" means to most people); today, from now
 * rounded up to the quarter hour when that is later, and the desk's default length (SPEC 9) when the
 * day is nearly over. Null when today has no time left to book.
 */
import { nextDay } from '../../../domain/deskRoute.js';
import { DESK_LATEST_END, defaultDeskEnd, defaultDeskStart } from '../../../domain/deskTimes.js';
import type { WallClock } from '../../../domain/wallClock.js';

export const USUAL_START = 9 * 60;
export const USUAL_END = 17 * 60;
/** Today and the next six days. */
export const USUAL_DAYS = 7;

export function usualDays(today: string): string[] {
  const days = [today];
  while (days.length < USUAL_DAYS) days.push(nextDay(days.at(-1)!));
  return days;
}

export function usualTimes(date: string, now: WallClock): { start: number; end: number } | null {
  if (date !== now.date) return { start: USUAL_START, end: USUAL_END };
  const start = defaultDeskStart(now.minutes);
  if (start === null) return null;
  if (start < USUAL_START) return { start: USUAL_START, end: USUAL_END };
  const end = start < USUAL_END - 60 ? USUAL_END : Math.min(defaultDeskEnd(start), DESK_LATEST_END);
  return end > start ? { start, end } : null;
}
