/**
 * Repeating bookings on the list screens (issue 22): the occurrences of one series become one item,
 * and what a series cancellation would touch. Pure, so it is unit-tested; shared with Approvals.
 */
import { ACTIVE_STATUSES, type BookingStatus } from '../../../domain/bookingStatus.js';

export type ListItem<T> = { kind: 'single'; item: T } | { kind: 'series'; seriesId: string; items: T[] };

/**
 * The list with every series' members gathered into one item, placed where its first member was, so
 * the list keeps its order (soonest first upcoming, latest first past). Members keep their order.
 */
export function groupBySeries<T extends { SeriesId?: string | undefined }>(list: readonly T[]): ListItem<T>[] {
  const out: ListItem<T>[] = [];
  const groups = new Map<string, T[]>();
  for (const entry of list) {
    const id = entry.SeriesId;
    if (!id) { out.push({ kind: 'single', item: entry }); continue; }
    const members = groups.get(id);
    if (members) { members.push(entry); continue; }
    const fresh = [entry];
    groups.set(id, fresh);
    out.push({ kind: 'series', seriesId: id, items: fresh });
  }
  return out;
}

/** Which occurrences a cancellation covers: the one chosen, it and the later ones, or every one not yet started. */
export const CANCEL_SCOPES = ['This', 'Following', 'Series'] as const;
export type CancelScope = (typeof CANCEL_SCOPES)[number];

export interface OccurrenceLike { BookingId: number; Date: string; Start: string; Status: number }

const holdsSlot = (o: OccurrenceLike) => (ACTIVE_STATUSES as readonly number[]).includes(o.Status as BookingStatus);

/**
 * The days a cancellation would cancel, ascending, as the server decides them (SeriesCancelInput):
 * This = the chosen day; Following = pending or approved occurrences from the chosen day on; Series =
 * pending or approved occurrences not yet started.
 */
export function datesAffected(scope: CancelScope, occurrences: readonly OccurrenceLike[], chosenDate: string, now: Date): string[] {
  if (scope === 'This') return [chosenDate];
  const days = occurrences
    .filter(holdsSlot)
    .filter((o) => (scope === 'Following' ? o.Date >= chosenDate : new Date(o.Start).getTime() > now.getTime()))
    .map((o) => o.Date);
  return [...new Set(days)].sort();
}

/** How many of a series' occurrences still hold a slot and have not finished. */
export const remainingCount = (occurrences: readonly (OccurrenceLike & { Finish: string })[], now: Date): number =>
  occurrences.filter((o) => holdsSlot(o) && new Date(o.Finish).getTime() > now.getTime()).length;
