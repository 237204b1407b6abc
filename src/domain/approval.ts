import { ACTIVE_STATUSES, BOOKING_STATUS, type BookingStatus } from './bookingStatus.js';

/**
 * Status of a new room booking (SPEC 4): in a restricted room, a booking by someone who is not
 * an admin becomes a request (Pending); the room's admin books directly (Approved).
 * Choice: the system Admin also books directly. Admins configure every room and can approve any
 * request, so making them request and then approve their own booking would be ceremony.
 */
export const roomBookingInitialStatus = (input: {
  roomRestricted: boolean;
  isRoomAdmin: boolean;
  isAdmin: boolean;
}): BookingStatus =>
  input.roomRestricted && !input.isRoomAdmin && !input.isAdmin ? BOOKING_STATUS.Pending : BOOKING_STATUS.Approved;

/**
 * Approve or reject: only a Pending request, and only by that room's admin (its approver) or a
 * system Admin (choice: Admins may decide any room's requests, e.g. when the approver is away).
 * Deciding an already-decided booking is refused so a second click cannot flip a decision.
 */
export const canDecide = (input: { isRoomAdmin: boolean; isAdmin: boolean; status: BookingStatus }): boolean =>
  input.status === BOOKING_STATUS.Pending && (input.isRoomAdmin || input.isAdmin);

/** Only bookings that still hold a slot (Pending, Approved) can be cancelled. */
export const isCancellable = (status: BookingStatus): boolean => ACTIVE_STATUSES.includes(status);

export type CancelDecision = { ok: true; asAdmin: boolean } | { ok: false; asAdmin: false };

const sameEmail = (a: string | null | undefined, b: string | null | undefined): boolean =>
  !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Who may cancel a booking, and in which capacity (SPEC 4 and 6).
 * - The owner (BookedByUserId) or the person it was booked on behalf of (e-mail compared
 *   case-insensitively, spaces ignored) cancels as themselves: no reason needed.
 * - Otherwise an Admin (any booking), the room's admin (room bookings) or a Booking Manager (desk
 *   bookings) cancels as admin: CancelledByAdmin is set and a reason is required.
 * Owner wins over admin: an Admin cancelling their own booking is not an "admin cancellation".
 * An empty on-behalf e-mail never matches (else every user without an e-mail would match).
 */
export const canCancelBooking = <UserId extends string | number>(input: {
  caller: {
    userId: UserId;
    email: string | null | undefined;
    isAdmin: boolean;
    isRoomAdminOfRoom: boolean;
    isBookingManager: boolean;
  };
  booking: { bookedByUserId: UserId; onBehalfOfEmail: string | null | undefined; isDesk: boolean };
}): CancelDecision => {
  const { caller, booking } = input;
  if (caller.userId === booking.bookedByUserId || sameEmail(caller.email, booking.onBehalfOfEmail)) {
    return { ok: true, asAdmin: false };
  }
  const adminForThis =
    caller.isAdmin || (booking.isDesk ? caller.isBookingManager : caller.isRoomAdminOfRoom);
  return adminForThis ? { ok: true, asAdmin: true } : { ok: false, asAdmin: false };
};

/** A cancellation as admin needs a reason (SPEC 4); cancelling one's own booking does not. */
export const cancellationNeedsReason = (asAdmin: boolean): boolean => asAdmin;

/** A reason counts only if it has some non-space text (Save stays disabled while it is empty). */
export const hasReason = (reason: string | null | undefined): boolean => !!reason && reason.trim().length > 0;
