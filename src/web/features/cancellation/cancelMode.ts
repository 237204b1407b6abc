/** Which cancellation, if any, a screen offers for a booking: pure, so it is unit-tested. */
import { canCancelBooking, isCancellable } from '../../../domain/approval.js';
import { isBookingStatus } from '../../../domain/bookingStatus.js';
import type { Booking } from '../../../domain/wire/bookings.js';

/** 'own': the viewer's booking (or booked on their behalf), 'Are you sure?'; 'admin': someone else's, with a reason. */
export type CancelMode = 'own' | 'admin';

export interface Viewer {
  userId: number;
  email: string;
  isAdmin: boolean;
  /** Room admin of the booking's room (room bookings only). */
  isRoomAdminOfRoom: boolean;
  /** Booking Manager (desk bookings only). */
  isBookingManager?: boolean;
}

/**
 * The server's rule (src/domain/approval.ts canCancelBooking) applied to what the screen knows:
 * only a Pending or Approved booking that has not finished, and only by someone the server allows.
 */
export function cancelModeFor(b: Pick<Booking, 'Status' | 'Finish' | 'BookedByUserId' | 'OnBehalfOfEmail' | 'RoomId'>, viewer: Viewer, now: Date): CancelMode | null {
  if (!isBookingStatus(b.Status) || !isCancellable(b.Status) || new Date(b.Finish).getTime() <= now.getTime()) return null;
  const decision = canCancelBooking({
    caller: { userId: viewer.userId, email: viewer.email, isAdmin: viewer.isAdmin, isRoomAdminOfRoom: viewer.isRoomAdminOfRoom, isBookingManager: viewer.isBookingManager ?? false },
    booking: { bookedByUserId: b.BookedByUserId, onBehalfOfEmail: b.OnBehalfOfEmail, isDesk: b.RoomId === null },
  });
  if (!decision.ok) return null;
  return decision.asAdmin ? 'admin' : 'own';
}
