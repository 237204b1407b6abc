import { ROLES } from '../../../domain/roles.js';
import { bookingStatusInWords, isBookingStatus } from '../../../domain/bookingStatus.js';

/**
 * Small helpers that turn what a service holds into the fields an audit entry compares, so each
 * service needs one line to record its action. Names of people never go in (ids do): the log outlives
 * erasures, and a person's name in it would survive their erasure.
 */

/** Role ids as their names, sorted (the order of a role list means nothing). */
export const roleNames = (ids: readonly number[]): string[] =>
  [...new Set(ids)].map((id) => ROLES.find((r) => r.Id === id)?.Name ?? `Role ${id}`).sort();

/** A list of ids compared as a set. */
export const idSet = (ids: readonly (number | string)[]): (number | string)[] =>
  [...new Set(ids)].sort((a, b) => (typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b))));

/** Closures as written (closures.repo NewClosure), with what writing them did. */
export const closuresWritten = (
  list: readonly { siteId: number; wholeSite: boolean; locationIds: number[]; roomIds: number[]; desks: unknown[]; start: Date; end: Date; reason: string; repeatsYearly: boolean }[],
  ids: readonly number[], bookingsCancelled: number,
) => ({
  SiteId: list[0]?.siteId ?? null,
  ClosureIds: [...ids],
  Closures: list.map((c) => ({
    Start: c.start.toISOString(), End: c.end.toISOString(), Reason: c.reason, RepeatsYearly: c.repeatsYearly,
    WholeSite: c.wholeSite, LocationIds: c.locationIds, RoomIds: c.roomIds, Desks: c.desks,
  })),
  BookingsCancelled: bookingsCancelled,
});

/** A booking status as the screens word it ("Approved"), for entries a person reads. */
export const statusWords = (status: number): string => (isBookingStatus(status) ? bookingStatusInWords(status) : `Status ${status}`);
