/** Cancelling bookings, shared by My Bookings, Manage Desk Bookings, the room calendar and the Reception View. */
export { CancellationReasonDialog } from './CancellationReasonDialog.js';
export { cancelBooking, serverText } from './cancellationApi.js';
export { cancelModeFor, type CancelMode } from './cancelMode.js';
export { BookingDetailsActions, CANCEL_FAILED, useBookingCancellation, type CancelTarget } from './useBookingCancellation.js';
