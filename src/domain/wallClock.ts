import { TZDate } from '@date-fns/tz';

/**
 * Wall-clock values in a site's time zone. The time pickers (deskTimes, roomTimes) work on
 * minutes since midnight so they stay time-zone free; these two functions are the only bridge
 * between an instant (`Date`) and what a clock on the site's wall shows.
 */
export interface WallClock {
  /** Calendar day as `YYYY-MM-DD` (sorts correctly as a string). */
  readonly date: string;
  /** Minutes since local midnight, 0..1439. */
  readonly minutes: number;
}

export const MINUTES_PER_DAY = 24 * 60;

/** What the clock in `timeZone` shows at `instant`. */
export const toWallClock = (instant: Date, timeZone: string): WallClock => {
  const local = new TZDate(instant.getTime(), timeZone);
  // Written out rather than with date-fns' format, whose formatter and English locale (~19 KiB) would
  // otherwise be part of every screen's first script (issue 19, point 7).
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return { date: `${pad(local.getFullYear(), 4)}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`, minutes: local.getHours() * 60 + local.getMinutes() };
};

/**
 * The instant when the clock in `timeZone` shows `date` at `minutes` past midnight.
 * On a DST change day a wall time in the spring-forward gap (e.g. 01:30 in Europe/London on the
 * last Sunday of March) does not exist; TZDate moves it forward by the gap, as clocks do. The
 * booking pickers never offer those hours (desks start at 08:00, rooms at 08:00), so this only
 * matters for hand-typed URLs.
 */
export const fromWallClock = (date: string, minutes: number, timeZone: string): Date => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) throw new RangeError(`Not a YYYY-MM-DD date: ${date}`);
  const local = new TZDate(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 0, minutes, timeZone);
  return new Date(local.getTime());
};

/** `{ hour, minute }` from minutes since midnight, for pickers that show two selects. */
export const splitMinutes = (minutes: number): { hour: number; minute: number } => ({
  hour: Math.floor(minutes / 60),
  minute: minutes % 60,
});

export const joinMinutes = (hour: number, minute: number): number => hour * 60 + minute;
