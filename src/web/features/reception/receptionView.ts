/** How the Reception View shows a booking: pure, so it is unit-tested. */
import { bookingStatusInWords, isBookingStatus, BOOKING_STATUS } from '../../../domain/bookingStatus.js';
import type { CheckInMeeting } from '../../../domain/wire/myBookings.js';

/** SPEC 2.5 / 9: calendar titles are truncated to 100 characters. */
export const TITLE_MAX = 100;
export const truncate = (s: string, max = TITLE_MAX) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

export type CheckInState = 'checkedIn' | 'awaiting' | 'pending' | 'noShow' | 'notRequired';

export function checkInState(b: CheckInMeeting, roomCheckIns: boolean): CheckInState {
  if (b.Status === BOOKING_STATUS.AutoCancel) return 'noShow';
  if (b.Status === BOOKING_STATUS.Pending) return 'pending';
  if (b.CheckedIn) return 'checkedIn';
  return roomCheckIns ? 'awaiting' : 'notRequired';
}

export const CHECK_IN_WORDS: Record<CheckInState, string> = {
  checkedIn: 'Checked in',
  awaiting: 'Not checked in yet',
  pending: 'Awaiting approval',
  noShow: bookingStatusInWords(BOOKING_STATUS.AutoCancel),
  notRequired: 'No check-in needed',
};

export const CHECK_IN_COLOURS: Record<CheckInState, string> = {
  checkedIn: '#237032', awaiting: '#1864ab', pending: '#8f6400', noShow: '#6c757d', notRequired: '#5f3dc4',
};

/** The event title: what, who, and the check-in state in words (colour alone would not do). */
export function eventTitle(b: CheckInMeeting, roomCheckIns: boolean): string {
  const who = b.OnBehalfOfEmail || b.BookedByUserName;
  return truncate(`${b.Description || 'Meeting'}${who ? ` (${who})` : ''} · ${CHECK_IN_WORDS[checkInState(b, roomCheckIns)]}`);
}

export const statusWords = (status: number) => (isBookingStatus(status) ? bookingStatusInWords(status) : String(status));
