/**
 * The desk booking routes' wall-clock date segments (SPEC 2.1: /menu/book/desk/{startDateStr}/{endDateStr}/...).
 * A segment is `YYYY-MM-DDTHH:mm`: what the clock on the site's wall shows, with no offset. It is
 * turned into an instant only on the booking screen, in the site's time zone (wallClock.ts).
 */
import { calendarDayParts, formatCalendarDay, formatMinutes as timeLabel } from './dateFormat.js';
import { fromWallClock, MINUTES_PER_DAY, type WallClock } from './wallClock.js';

export const DESK_BOOK_PATH = '/menu/book/desk';

const two = (n: number): string => String(n).padStart(2, '0');

/** 545 -> '09:05': the route segment's time (for people, dateFormat.ts's formatMinutes writes it). */
export const formatMinutes = (minutes: number): string => `${two(Math.floor(minutes / 60))}:${two(minutes % 60)}`;

/** { date: '2030-03-12', minutes: 540 } -> '2030-03-12T09:00'. */
export const formatSegment = (w: WallClock): string => `${w.date}T${formatMinutes(w.minutes)}`;

/** A real calendar day as YYYY-MM-DD (2030-02-30 is not). */
export const isCalendarDate = (date: string): boolean => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
};

/** '2030-03-12T09:00' -> { date, minutes }; anything else (a hand-typed address) -> null. */
export const parseSegment = (segment: string | undefined): WallClock | null => {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/.exec(segment ?? '');
  if (!m || !isCalendarDate(m[1]!)) return null;
  const hour = Number(m[2]);
  const minute = Number(m[3]);
  if (hour > 23 || minute > 59) return null;
  const minutes = hour * 60 + minute;
  return minutes < MINUTES_PER_DAY ? { date: m[1]!, minutes } : null;
};

/** Both segments, valid and with the end after the start; else null. */
export const parseRange = (startStr: string | undefined, endStr: string | undefined): { start: WallClock; end: WallClock } | null => {
  const start = parseSegment(startStr);
  const end = parseSegment(endStr);
  if (!start || !end) return null;
  const after = end.date > start.date || (end.date === start.date && end.minutes > start.minutes);
  return after ? { start, end } : null;
};

/** The route's wall-clock range as instants in the site's time zone (ISO strings), for the bookings call. */
export const rangeInstants = (range: { start: WallClock; end: WallClock }, timeZone: string): { start: string; end: string } => ({
  start: fromWallClock(range.start.date, range.start.minutes, timeZone).toISOString(),
  end: fromWallClock(range.end.date, range.end.minutes, timeZone).toISOString(),
});

/** /menu/book/desk/{start}/{end}[/{siteId}[/{locationId}[/{floorplanId}]]] */
export const deskStepPath = (startStr: string, endStr: string, ...ids: (number | string)[]): string =>
  [DESK_BOOK_PATH, encodeURIComponent(startStr), encodeURIComponent(endStr), ...ids.map(String)].join('/');

/** The desk screen's query parameter naming a desk to select and bring into view ("Find a colleague"). */
export const DESK_FOCUS_PARAM = 'desk';

/**
 * The floorplan screen with one desk selected and brought into view:
 * /menu/book/desk/{start}/{end}/{siteId}/{locationId}/{floorplanId}?desk={deskId} (a router path: no base path).
 */
export const deskFocusPath = (startStr: string, endStr: string, siteId: number, locationId: number, floorplanId: number, deskId: string): string =>
  `${deskStepPath(startStr, endStr, siteId, locationId, floorplanId)}?${new URLSearchParams({ [DESK_FOCUS_PARAM]: deskId }).toString().replace(/\+/g, '%20')}`;

/** The floorplan screen's route parameters, the date segments decoded from the address. */
export interface DeskScreenParams { startDateStr: string; endDateStr: string; siteId: number; locationId: number; floorplanId: number }

const DESK_SCREEN_PATH = /^\/menu\/book\/desk\/([^/]+)\/([^/]+)\/(\d{1,9})\/(\d{1,9})\/(\d{1,9})\/?$/;

/**
 * /menu/book/desk/{start}/{end}/{siteId}/{locationId}/{floorplanId} (a router path: no base path, no
 * query) -> its parameters, decoded; anything else -> null. Read before the router runs: by the app
 * as it opens (routePrefetch.ts) and by the server as it sends the page (its preload hints).
 */
export function parseDeskScreenPath(routerPath: string): DeskScreenParams | null {
  const m = DESK_SCREEN_PATH.exec(routerPath);
  if (!m) return null;
  const ids = [Number(m[3]), Number(m[4]), Number(m[5])] as const;
  if (ids.some((id) => id < 1)) return null;
  try {
    return { startDateStr: decodeURIComponent(m[1]!), endDateStr: decodeURIComponent(m[2]!), siteId: ids[0], locationId: ids[1], floorplanId: ids[2] };
  } catch {
    return null; // a malformed %-escape typed into the address bar
  }
}

/** The next calendar day of YYYY-MM-DD. */
export const nextDay = (date: string): string => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
};

/** 'Tuesday, 12 March 2030' (en-GB) for a YYYY-MM-DD day, in the shared date format (dateFormat.ts). */
export const longDay = (date: string): string => formatCalendarDay(date);

/** 'Tue' and '12 Mar' (en-GB) for a YYYY-MM-DD day: the desk screen's date strip (its full name is longDay's). */
export const shortDay = (date: string): { weekday: string; day: string } => calendarDayParts(date);

/** The days from `first` to `last` (YYYY-MM-DD, both included), at most `max` of them. */
export const daysFrom = (first: string, last: string, max: number): string[] => {
  const days: string[] = [];
  for (let d = first; d <= last && days.length < max; d = nextDay(d)) days.push(d);
  return days;
};

/** 'Tuesday, 12 March 2030, 09:00 to 17:00' (the end's day is named too when it differs). */
export const describeRange = (start: WallClock, end: WallClock): string =>
  start.date === end.date
    ? `${longDay(start.date)}, ${timeLabel(start.minutes)} to ${timeLabel(end.minutes)}`
    : `${longDay(start.date)} ${timeLabel(start.minutes)} to ${longDay(end.date)} ${timeLabel(end.minutes)}`;

/** The browser's own IANA zone: the date page's "today" before a site (and its zone) is chosen. */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
