import { TZDate } from '@date-fns/tz';
import { fromWallClock, toWallClock } from '../../../domain/wallClock.js';

/**
 * react-big-calendar lays out browser-local Dates. To show a site's wall clock whatever the
 * browser's zone (the room calendar and the Reception View), instants are mapped to a "shown" Date
 * whose local fields are the site's wall clock, and selections are mapped back.
 */
export const toShown = (instant: Date, timeZone: string): Date => {
  const w = toWallClock(instant, timeZone);
  const [y, m, d] = w.date.split('-').map(Number) as [number, number, number];
  const seconds = new TZDate(instant.getTime(), timeZone).getSeconds();
  return new Date(y, m - 1, d, 0, w.minutes, seconds);
};

export const fromShown = (shown: Date, timeZone: string): Date =>
  fromWallClock(calendarDay(shown), shown.getHours() * 60 + shown.getMinutes(), timeZone);

/** A local Date's calendar day as YYYY-MM-DD (written out: date-fns' format would bring its formatter into the room page's first load). */
export const calendarDay = (d: Date): string =>
  `${String(d.getFullYear()).padStart(4, '0')}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
