/** DELETE /api/bookings (SPEC 7): the one call every screen that cancels a booking uses. */
import type { Booking } from '../../../domain/wire/bookings.js';
import { api, ApiError } from '../../app/api.js';

/** The booking with CancellationReason and CancelledByAdmin (the server decides whether it is an admin cancellation). */
export const cancelBooking = (booking: Booking, reason = '', asAdmin = false) =>
  api.delete<Booking>('/api/bookings', { ...booking, CancellationReason: reason, CancelledByAdmin: asAdmin });

/** The server's own words (its Error text). */
export const serverText = (err: unknown): string =>
  err instanceof ApiError ? err.serverMessage : err instanceof Error ? err.message : String(err);
