import { deskFocusPath, formatSegment, nextDay } from '../../../domain/deskRoute.js';
import { fromWallClock, toWallClock, type WallClock } from '../../../domain/wallClock.js';
import type { WhosInPerson, WhosInResponse, WhosInSite } from '../../../domain/wire/whosIn.js';

/** How far back and ahead the day can be chosen (the server's window: whosIn.service.ts). */
export const DAYS_BACK = 31;
export const DAYS_AHEAD = 366;

/** Adds `n` days to a YYYY-MM-DD day (n may be negative). */
export function addDays(date: string, n: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/**
 * The desk screen for this person's booking on `date`, their desk selected: the booking's own hours
 * in the site's time zone, kept within that day (a booking from the evening before starts at 00:00).
 */
export function showOnMapPath(p: WhosInPerson, site: Pick<WhosInSite, 'SiteId' | 'TimeZone'>, date: string): string {
  const dayStart = fromWallClock(date, 0, site.TimeZone);
  const dayEnd = fromWallClock(nextDay(date), 0, site.TimeZone);
  const start = new Date(Math.max(new Date(p.Start).getTime(), dayStart.getTime()));
  const end = new Date(Math.min(new Date(p.Finish).getTime(), dayEnd.getTime()));
  const segment = (w: WallClock) => formatSegment(w);
  return deskFocusPath(segment(toWallClock(start, site.TimeZone)), segment(toWallClock(end, site.TimeZone)),
    site.SiteId, p.LocationId, p.FloorplanId, p.DeskId);
}

/** Case- and accent-insensitive, so 'zoe' finds 'Zoë'. */
const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();

/** "Find a colleague": the day's people whose name contains every word typed, per site (sites without a match dropped). */
export function findColleague(data: WhosInResponse, query: string): WhosInSite[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return data.Sites;
  return data.Sites
    .map((s) => ({ ...s, People: s.People.filter((p) => words.every((w) => fold(p.Name).includes(w))) }))
    .filter((s) => s.People.length > 0);
}

/** Why the list is empty, in words, for the setting and the person. */
export function emptyMessage(data: WhosInResponse, hasTeams: boolean, dayText: string): string {
  if (data.NamesOnMap === 'off') return 'Your organisation has turned names off, so nobody is listed here.';
  if (data.NamesOnMap === 'teammates' && !hasTeams) return 'You are not in a team yet, so there is nobody to list. An administrator can add you to your team.';
  return data.NamesOnMap === 'everyone' ? `Nobody has a desk booked on ${dayText}.` : `None of your teammates has a desk booked on ${dayText}.`;
}
