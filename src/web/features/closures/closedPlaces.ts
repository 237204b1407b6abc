/**
 * Which places the booking screens draw as closed (issue 22), from GET /api/closures: each item is
 * one occurrence (a yearly closure comes once per year, at that year's times), holding only the places
 * the person may choose. Pure: the desk map, the date strip, the room calendar and Find room share it.
 * The server's trigger is what refuses a booking; this only shows people why before they try.
 */
import { formatDayTime } from '../../../domain/dateFormat.js';
import { fromWallClock } from '../../../domain/wallClock.js';
import type { Closure } from '../../../domain/wire/closures.js';

/** Instants as numbers, parsed once per closure (the desk map checks thousands of desks). */
interface Span { start: number; end: number }
const spanOf = (c: Closure): Span => ({ start: Date.parse(c.Start), end: Date.parse(c.End) });

/** The closures overlapping [start, end), earliest first. */
export function closuresOver(closures: readonly Closure[], start: Date, end: Date): Closure[] {
  const s = start.getTime(), e = end.getTime();
  return closures.filter((c) => { const x = spanOf(c); return x.start < e && x.end > s; });
}

/** Does the closure close a whole location (floor): the whole site, or the location named? */
export const closesLocation = (c: Closure, locationId: number): boolean => c.Scope.WholeSite || c.Scope.LocationIds.includes(locationId);

/** Does the closure close this room (itself, its floor or the whole site)? */
export const closesRoom = (c: Closure, room: { id: number; locationId: number }): boolean =>
  closesLocation(c, room.locationId) || c.Scope.RoomIds.includes(room.id);

/** What a floor's desk map needs: a closure of the whole floor (or site), else the closed desks one by one. */
export interface ClosedFloor {
  /** The first closure over the time that closes the whole floor, or null. */
  floor: Closure | null;
  /** Desk id -> the first closure over the time naming it (the whole floor's when `floor` is set). */
  desks: ReadonlyMap<string, Closure>;
}

/** The closed desks of one floor over [start, end); `deskIds` are the drawing's (for a whole-floor closure). */
export function closedFloor(
  closures: readonly Closure[], where: { locationId: number; floorplanId: number }, deskIds: readonly string[], start: Date, end: Date,
): ClosedFloor {
  const over = closuresOver(closures, start, end);
  const floor = over.find((c) => closesLocation(c, where.locationId)) ?? null;
  const desks = new Map<string, Closure>();
  if (floor) {
    for (const id of deskIds) desks.set(id, floor);
    return { floor, desks };
  }
  for (const c of over) {
    for (const d of c.Scope.Desks) if (d.FloorplanId === where.floorplanId && !desks.has(d.DeskId)) desks.set(d.DeskId, c);
  }
  return { floor, desks };
}

/** 'Closed: Boiler repair' — the words a closed desk or room carries in its label, tooltip and list. */
export const closedWords = (c: Pick<Closure, 'Reason'>): string => `Closed: ${c.Reason}`;

/** 'Closed until Wednesday, 3 April 2030 at 17:00: Boiler repair', on the site's clock (as the server's refusal reads). */
export const closedUntilWords = (c: Pick<Closure, 'Reason' | 'End'>, timeZone: string): string =>
  `Closed until ${formatDayTime(c.End, { timeZone })}: ${c.Reason}`;

export type DayClosure = { closure: Closure; allDay: boolean };

/**
 * The date strip's (and the month calendar's) marks: per day (YYYY-MM-DD on the site's clock), the
 * first closure of the place (`closesPlace`: the whole floor for the desk map, the room) that touches it, and whether it covers the day's bookable hours [openFrom, openTo)
 * (minutes) whole ("closed") or only part of them ("partly closed"). For a floor, closures of single
 * desks do not mark a day: other desks stay bookable.
 */
export function closedDays(
  closures: readonly Closure[], closesPlace: (c: Closure) => boolean, days: readonly string[], timeZone: string, openFrom: number, openTo: number,
): Map<string, DayClosure> {
  const floorWide = closures.filter(closesPlace).map((c) => ({ c, x: spanOf(c) }));
  const marks = new Map<string, DayClosure>();
  if (floorWide.length === 0) return marks;
  for (const day of days) {
    const from = fromWallClock(day, openFrom, timeZone).getTime();
    const to = fromWallClock(day, openTo, timeZone).getTime();
    const touching = floorWide.filter(({ x }) => x.start < to && x.end > from);
    if (touching.length === 0) continue;
    const whole = touching.find(({ x }) => x.start <= from && x.end >= to);
    marks.set(day, { closure: (whole ?? touching[0]!).c, allDay: whole !== undefined });
  }
  return marks;
}

/** Closures of several answers as one list (an occurrence in two ranges once), by start. */
export function mergeClosures(answers: readonly (readonly Closure[] | undefined)[]): Closure[] {
  const seen = new Map<string, Closure>();
  for (const list of answers) for (const c of list ?? []) seen.set(`${c.Id}|${c.Start}`, c);
  return [...seen.values()].sort((a, b) => Date.parse(a.Start) - Date.parse(b.Start) || a.Id - b.Id);
}
