/**
 * What the desk booking screen shows, computed from the published drawing and the floorplan's
 * occupancy (GET /api/bookings/for/{floorplanId}). No booking rule lives here: the server decides
 * what may be booked; this only colours the drawing and lists the free desks.
 */
import {
  DESK_EARLIEST, DESK_LATEST_END, DESK_LATEST_START, DESK_MINUTE_OPTIONS, deskHourOptions,
} from '../../../domain/deskTimes.js';
import type { Desk } from '../../../domain/layout/drawing.js';
import { toWallClock, type WallClock } from '../../../domain/wallClock.js';
import type { DeskOccupancy } from '../../../domain/wire/bookings.js';
import { deskName, type DeskState } from '../../floorplan/view/deskStates.js';
import { formatMinutes } from '../../../domain/dateFormat.js';

/** Per desk: not bookable by its flag; else booked by me, taken by someone, or bookable. */
export function deskStatesFor(desks: readonly Desk[], occupancy: readonly DeskOccupancy[]): Map<string, DeskState> {
  const mine = new Set<string>();
  const taken = new Set<string>();
  for (const o of occupancy) (o.IsMine ? mine : taken).add(o.DeskId);
  const states = new Map<string, DeskState>();
  for (const d of desks) {
    states.set(d.id, !d.bookable ? 'nonBookable' : mine.has(d.id) ? 'mine' : taken.has(d.id) ? 'taken' : 'bookable');
  }
  return states;
}

/** The times a taken desk is booked, in the site's wall clock: 'booked 09:00-12:00' (for its accessible name). */
export function deskDetailsFor(occupancy: readonly DeskOccupancy[], timeZone: string, withNames = true): Map<string, string> {
  const spans = new Map<string, string[]>();
  // Bookings on one floor share a handful of times: each distinct instant is converted once.
  const clock = new Map<string, string>();
  const at = (iso: string) => {
    let words = clock.get(iso);
    if (words === undefined) {
      words = formatMinutes(toWallClock(new Date(iso), timeZone).minutes);
      clock.set(iso, words);
    }
    return words;
  };
  for (const o of occupancy) {
    // The occupant's name only when the server sent it (its privacy rules decide).
    const words = `${withNames && o.Occupant ? `by ${o.Occupant.Name}, ` : ''}${at(o.Start)} to ${at(o.Finish)}`;
    spans.set(o.DeskId, [...(spans.get(o.DeskId) ?? []), words]);
  }
  return new Map([...spans].map(([id, list]) => [id, `booked ${list.join(', ')}`]));
}

/**
 * A key that sorts names naturally with a plain string comparison: lower case, every run of digits
 * padded to 12 places ('desk 2' -> 'desk 000000000002'). Intl.Collator's numeric compare does the
 * same but costs ~50,000 calls of a slow builtin for a 5,000-desk floor; this is one pass.
 */
export const naturalKey = (name: string): string => name.toLowerCase().replace(/\d+/g, (n) => n.padStart(12, '0'));

/** The bookable desks, by name in natural order (Desk 2 before Desk 10). */
export function freeDesks(desks: readonly Desk[], states: ReadonlyMap<string, DeskState>): { id: string; name: string }[] {
  return desks
    .filter((d) => states.get(d.id) === 'bookable')
    .map((d) => {
      const name = deskName(d);
      return { id: d.id, name, key: naturalKey(name) };
    })
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map(({ id, name }) => ({ id, name }));
}

/** 'Desk 12' for a desk whose alias is '12', 'Desk 12' for one already called that. */
export const deskLabel = (desk: Pick<Desk, 'alias' | 'id'>): string => {
  const shown = deskName(desk);
  return /^desk\b/i.test(shown) ? shown : `Desk ${shown}`;
};

/**
 * The time pickers' options for a day (SPEC 9, hours from deskHourOptions): starts up to 23:30,
 * ends from the quarter after the first start up to 23:45. Empty when the day offers nothing.
 */
export function deskTimeOptions(date: string, now: WallClock): { starts: number[]; ends: number[]; earliest: number } {
  const hours = deskHourOptions(date, now);
  const all = hours.flatMap((h) => DESK_MINUTE_OPTIONS.map((m) => h * 60 + m));
  const earliest = hours.length > 0 ? hours[0]! * 60 : DESK_EARLIEST;
  return {
    starts: all.filter((m) => m <= DESK_LATEST_START),
    ends: all.filter((m) => m > earliest && m <= DESK_LATEST_END),
    earliest,
  };
}

/**
 * What the free-desk list box shows: the desks whose name or id contains the search (any case), at
 * most `limit` of them, plus the desk chosen on the drawing when it is not among them (so the list
 * shows the choice). `matching` counts every match.
 */
export function freeDeskChoices<D extends { id: string; name: string }>(desks: readonly D[], search: string, selectedId: string | null, limit: number) {
  const needle = search.trim().toLowerCase();
  const found = needle ? desks.filter((d) => d.name.toLowerCase().includes(needle) || d.id.toLowerCase().includes(needle)) : desks;
  const first = found.slice(0, limit);
  const chosen = selectedId !== null && !first.some((d) => d.id === selectedId) ? desks.find((d) => d.id === selectedId) : undefined;
  return { shown: chosen ? [...first, chosen] : first, matching: found.length };
}
