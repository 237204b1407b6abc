/**
 * Changing the times of a repeating booking's occurrences (issue 22), as the server decides it
 * (seriesManageChange.service.ts): pure, so it is unit-tested.
 */
import { ACTIVE_STATUSES, BOOKING_STATUS, type BookingStatus } from '../../../domain/bookingStatus.js';
import type { CancelScope } from './seriesGroups.js';

/** The same choices as cancelling: this booking, this and the following ones, every one not yet started. */
export type ChangeScope = CancelScope;

export interface MovableOccurrence { BookingId: number; Date: string; Start: string; Status: number }

const holdsSlot = (o: MovableOccurrence) => (ACTIVE_STATUSES as readonly number[]).includes(o.Status as BookingStatus);

/**
 * The day the change starts from (the request's From): the chosen occurrence's day, or for the whole
 * series its first day (the server then moves every occurrence not yet started).
 */
export function changeFrom(scope: Exclude<ChangeScope, 'This'>, occurrences: readonly MovableOccurrence[], chosenDate: string): string {
  if (scope === 'Following') return chosenDate;
  return occurrences.reduce((first, o) => (o.Date < first ? o.Date : first), chosenDate);
}

/** The days whose occurrences move, ascending: Pending or Approved, not yet started, from `from` on. */
export const datesToMove = (occurrences: readonly MovableOccurrence[], from: string, now: Date): string[] =>
  [...new Set(occurrences
    .filter((o) => holdsSlot(o) && o.Date >= from && new Date(o.Start).getTime() > now.getTime())
    .map((o) => o.Date))].sort();

/** Minutes since midnight as the API's clock time, HH:mm. */
export const clockTime = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** How many of the moved days now wait for an approver (a restricted room's change is a request again). */
export const waitingAfterChange = (occurrences: readonly MovableOccurrence[], moved: readonly string[]): number => {
  const days = new Set(moved);
  return occurrences.filter((o) => days.has(o.Date) && o.Status === BOOKING_STATUS.Pending).length;
};
