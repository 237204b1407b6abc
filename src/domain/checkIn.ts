import { BOOKING_STATUS, type BookingStatus } from './bookingStatus.js';

/** SPEC 9: check-in opens 15 minutes before the start and closes 15 minutes after it. */
export const CHECK_IN_MARGIN_MS = 15 * 60 * 1000;

/**
 * The check-in window. Unlike booking ranges it is CLOSED at both ends: "between 15 minutes
 * before and 15 minutes after" includes both edges, so a user arriving exactly at start + 15:00
 * may still check in, and auto-cancel only starts strictly after that instant. The two rules
 * below therefore never both hold, and never both fail, for an unchecked Approved booking that
 * has reached its window.
 */
export const checkInWindow = (start: Date): { opens: Date; closes: Date } => ({
  opens: new Date(start.getTime() - CHECK_IN_MARGIN_MS),
  closes: new Date(start.getTime() + CHECK_IN_MARGIN_MS),
});

export const isInCheckInWindow = (start: Date, now: Date): boolean => {
  const { opens, closes } = checkInWindow(start);
  return now.getTime() >= opens.getTime() && now.getTime() <= closes.getTime();
};

/**
 * Only Approved bookings are checked in: a Pending request has no room yet, and Rejected or
 * cancelled ones are over. A booking that is already checked in cannot be checked in twice
 * (the check-in page shows "You're Checked-In" instead).
 */
export const canCheckIn = (
  booking: { status: BookingStatus; start: Date; checkedIn: boolean },
  now: Date,
): boolean => booking.status === BOOKING_STATUS.Approved && !booking.checkedIn && isInCheckInWindow(booking.start, now);

/**
 * True when the job should move the booking to AutoCancel: check-ins are enabled for its room,
 * it is Approved, nobody checked in, and the window has closed (now strictly after start + 15).
 * Pending requests are left alone: they were never confirmed, so "no-show" does not apply.
 */
export const shouldAutoCancel = (
  booking: { status: BookingStatus; start: Date; checkedIn: boolean; checkInsEnabled: boolean },
  now: Date,
): boolean =>
  booking.checkInsEnabled &&
  booking.status === BOOKING_STATUS.Approved &&
  !booking.checkedIn &&
  now.getTime() > booking.start.getTime() + CHECK_IN_MARGIN_MS;

/**
 * Whether a room requires check-in: the room's own setting, else its location's, else its
 * site's. null/undefined at a level means "inherit"; an explicit false at the room wins over a
 * site-wide true. Nothing set anywhere means check-ins are off.
 */
export const resolveRoomCheckIns = (
  room: boolean | null | undefined,
  location: boolean | null | undefined,
  site: boolean | null | undefined,
): boolean => room ?? location ?? site ?? false;
