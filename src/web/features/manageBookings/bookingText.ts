import { bookingStatusInWords, isBookingStatus } from '../../../domain/bookingStatus.js';
import type { Booking } from '../../../domain/wire/bookings.js';

const dateFmt = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' });
const timeFmt = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' });

export const bookingDate = (b: Booking) => dateFmt.format(new Date(b.Start));
export const bookingTimes = (b: Booking) => `${timeFmt.format(new Date(b.Start))}–${timeFmt.format(new Date(b.Finish))}`;
export const statusText = (b: Booking) => (isBookingStatus(b.Status) ? bookingStatusInWords(b.Status) : String(b.Status));
/** Only Pending and Approved bookings can still be cancelled. */
export const isCancellable = (b: Booking) => b.Status === 0 || b.Status === 1;
export const localToday = (d = new Date()) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
