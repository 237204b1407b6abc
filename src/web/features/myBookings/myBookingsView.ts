/** What My Bookings shows for a booking: pure, so it is unit-tested. Rules come from src/domain. */
import { bookingStatusInWords, isBookingStatus, BOOKING_STATUS } from '../../../domain/bookingStatus.js';
import { canCheckIn } from '../../../domain/checkIn.js';
import type { Booking } from '../../../domain/wire/bookings.js';

export const bookingTitle = (b: Booking): string =>
  b.RoomId !== null ? (b.RoomName ?? 'Room') : (b.DeskName || `Desk ${b.DeskId ?? ''}`.trim());

/** The status in words, with the reason for a rejection and who cancelled and why (SPEC 2.6). */
export function statusLine(b: Booking): string {
  if (!isBookingStatus(b.Status)) return `Status ${b.Status}`;
  const words = bookingStatusInWords(b.Status);
  const reason = b.CancellationReason.trim();
  if (b.Status === BOOKING_STATUS.Rejected) return reason ? `${words}: ${reason}` : words;
  if (b.Status === BOOKING_STATUS.Cancelled) {
    const by = b.CancelledByUserName ? ` by ${b.CancelledByUserName}${b.CancelledByAdmin ? ' (admin)' : ''}` : '';
    return `${words}${by}${reason ? `: ${reason}` : ''}`;
  }
  return words;
}

/** Badge colours dark enough for white text (WCAG AA contrast). */
export const statusColour = (status: number): string =>
  ({ 0: '#8f6400', 1: '#237032', 2: '#c92a2a', 3: '#495057', 4: '#a63c00' } as Record<number, string>)[status] ?? '#495057';

/** Pending and Approved bookings that have not finished can be changed or cancelled. */
export const isActive = (b: Booking, now: Date): boolean =>
  (b.Status === BOOKING_STATUS.Pending || b.Status === BOOKING_STATUS.Approved) && new Date(b.Finish).getTime() > now.getTime();

/** SPEC 2.6: the Check-in button only for Approved room bookings starting between 15 minutes before and after now. */
export const showCheckInButton = (b: Booking, now: Date): boolean =>
  b.RoomId !== null && isBookingStatus(b.Status) &&
  canCheckIn({ status: b.Status, start: new Date(b.Start), checkedIn: b.CheckedInByUserId !== null || b.CheckedInByUserName !== null }, now);

export const isCheckedIn = (b: Booking): boolean => b.CheckedInByUserId !== null || b.CheckedInByUserName !== null;
