import { BOOKING_STATUS } from '../../../domain/bookingStatus.js';
import type { Booking } from '../../../domain/wire/bookings.js';
import type { DeskCheckInState } from '../../../domain/wire/deskCheckIn.js';

/**
 * How far ahead My Bookings asks about a desk booking's check-in. The scan route answers only for a
 * booking in progress or starting within 24 h, so asking earlier would find nothing; it also keeps
 * My Bookings to at most a request or two (one desk per person at a time) instead of one per booking.
 */
export const ASK_AHEAD_MS = 24 * 3_600_000;

/** A desk booking of the caller that may still need a check-in: worth asking the scan route about. */
export function mayNeedCheckIn(b: Booking, now: Date): b is Booking & { FloorplanId: number; DeskId: string } {
  if (b.DeskId === null || b.FloorplanId === null || b.Status !== BOOKING_STATUS.Approved) return false;
  if (b.CheckedInByUserId !== null || b.CheckedInByUserName !== null) return false;
  const start = Date.parse(b.Start);
  return Date.parse(b.Finish) > now.getTime() && start - now.getTime() <= ASK_AHEAD_MS;
}

/** A time range as ISO instants (the desk map's chosen times). */
export interface Span { start: string; end: string }

export type DeskCheckInAction =
  | { kind: 'none' }
  | { kind: 'early'; opens: string }
  | { kind: 'open' }
  | { kind: 'checkedIn' };

/**
 * What to offer for the caller's booking at a desk, from the scan route's answer: nothing when no
 * check-in is needed there (or the answer is about another booking, or the window has closed),
 * when the window opens, the button inside it, and "checked in" once done. The window comes from
 * the server's answer; `now` (the device clock, refreshed) only moves between its states, and the
 * server checks the window again when the button is pressed.
 */
export function deskCheckInAction(s: DeskCheckInState, bookingId: number | null, now: Date, during?: Span | null): DeskCheckInAction {
  const b = s.YourBooking;
  if (!b || (bookingId !== null && b.Id !== bookingId)) return { kind: 'none' };
  // The map may show another day: its own desk there is then not the booking the answer is about.
  if (during && !(Date.parse(b.Start) < Date.parse(during.end) && Date.parse(b.Finish) > Date.parse(during.start))) return { kind: 'none' };
  if (b.CheckedIn) return { kind: 'checkedIn' };
  if (!s.CheckInRequired) return { kind: 'none' };
  const t = now.getTime();
  if (t < Date.parse(b.CheckInOpens)) return { kind: 'early', opens: b.CheckInOpens };
  if (t <= Date.parse(b.CheckInCloses)) return { kind: 'open' };
  return { kind: 'none' };
}
