import { canCancelBooking, cancellationNeedsReason, hasReason, isCancellable } from '../../../domain/approval.js';
import { bookingStatusInWords, isBookingStatus } from '../../../domain/bookingStatus.js';
import { hasRole, isAdmin } from '../../../domain/permissions.js';
import type { Booking } from '../../../domain/wire/bookings.js';
import type { CancelBookingInput } from '../../../domain/wire/myBookings.js';
import type { SessionUser } from '../../auth/sessions.js';
import type { AppDeps } from '../../deps.js';
import { conflict, fieldError, forbidden, notFound } from '../../http/errors.js';
import { bookingInvitation } from '../mail/bookingInvitation.js';
import { whenText } from '../mail/bookingMail.js';
import { queueCancelInvitation } from '../mail/cancelInvitation.js';
import { notify } from '../notifications/notify.js';
import { inTransaction, isRoomAdminOf } from '../orgAccess/orgAccess.repo.js';
import { lockBooking, markCancelled, type BookingToCancel } from './cancellation.repo.js';
import { statusWords } from '../audit/auditFacts.js';
import { recordAudit } from '../audit/recordAudit.js';

export const CANCEL_NOT_ALLOWED = 'You can only cancel your own bookings, or bookings made on your behalf.';
export const CANCEL_REASON_NEEDED = "A reason is required to cancel someone else's booking.";

/** "room Thames (London HQ) on Mon, 7 Jan 2030, 09:00–10:00": the site's clock, mail's language (whenText). */
export function describeBooking(b: { room_name: string | null; desk_name: string | null; desk_id: string | null; room_id: number | null;
  site_name: string; starts_at: Date; finishes_at: Date; time_zone: string }, locale?: string): string {
  const what = b.room_id !== null ? `room ${b.room_name ?? ''}` : `desk ${b.desk_name ?? b.desk_id ?? ''}`;
  return `${what} (${b.site_name}) on ${whenText(b.starts_at, b.finishes_at, b.time_zone, locale)}`;
}

/**
 * DELETE /api/bookings (SPEC 4 and 6). The owner or the on-behalf person cancels as themselves;
 * an Admin, a room admin of the booking's room (room bookings) or a Booking Manager (desk bookings)
 * cancels others' bookings as admin, only with a reason, and the owner (and on-behalf person) is told.
 * Refusals: 404 unknown booking, 403 not theirs to cancel, 409 no longer Pending/Approved or over,
 * 400 admin cancellation without a reason.
 */
export async function cancelBooking(deps: AppDeps, user: SessionUser, input: CancelBookingInput): Promise<Booking> {
  const now = deps.now();
  return inTransaction(deps.pool, async (client) => {
    const b = await lockBooking(client, Number(input.Id));
    if (!b) throw notFound('The booking');
    const isDesk = b.room_id === null;
    const decision = canCancelBooking({
      caller: {
        userId: user.id, email: user.email, isAdmin: isAdmin(user.caller),
        isRoomAdminOfRoom: !isDesk && (await isRoomAdminOf(client, user.id, b.room_id!)),
        isBookingManager: hasRole(user.caller, 'Booking Manager'),
      },
      booking: { bookedByUserId: b.booked_by_user_id, onBehalfOfEmail: b.on_behalf_of_email, isDesk },
    });
    if (!decision.ok) throw forbidden(CANCEL_NOT_ALLOWED);
    if (!isBookingStatus(b.status) || !isCancellable(b.status)) {
      const words = isBookingStatus(b.status) ? bookingStatusInWords(b.status) : 'closed';
      throw conflict(`This booking is ${words} and can no longer be cancelled.`);
    }
    if (b.finishes_at.getTime() <= now.getTime()) throw conflict('This booking has already finished and can no longer be cancelled.');
    const reason = (input.CancellationReason ?? '').trim();
    if (cancellationNeedsReason(decision.asAdmin) && !hasReason(reason)) throw fieldError('CancellationReason', CANCEL_REASON_NEEDED);

    const cancelled = await markCancelled(client, { id: b.id, reason, asAdmin: decision.asAdmin, byUserId: user.id, at: now });
    // The owner's calendar drops the booking: its invitation's CANCEL (issue 23) rides on the admin's
    // notice, or on a short mail of its own when the person cancelled it themselves.
    if (decision.asAdmin) await recordAudit(client, { actor: user, action: 'booking.cancel', target: { type: 'booking', id: b.id }, before: { Status: statusWords(b.status) }, after: { Status: statusWords(cancelled.Status) }, facts: { Reason: reason } });
    if (decision.asAdmin) await tellOwner(client, b, user, reason, deps.config);
    else await queueCancelInvitation(client, deps.config, b.id);
    return cancelled;
  });
}

async function tellOwner(client: Parameters<typeof notify>[0], b: BookingToCancel, by: SessionUser, reason: string, config: AppDeps['config']): Promise<void> {
  const what = describeBooking(b, config.mailLocale);
  const ics = await bookingInvitation(client, config, b.id);
  await notify(client, {
    userIds: [b.booked_by_user_id],
    emails: b.on_behalf_of_email ? [b.on_behalf_of_email] : [],
    subject: 'Your booking has been cancelled',
    text: `Your booking of ${what} has been cancelled by ${by.fullName || by.email}.\nReason: ${reason}`,
    url: '/menu/mybookings',
    ...(ics ? { ics } : {}),
  });
}
