import type { z } from 'zod';
import { canDecide, hasReason } from '../../../domain/approval.js';
import { BOOKING_STATUS, isBookingStatus } from '../../../domain/bookingStatus.js';
import { isAdmin } from '../../../domain/permissions.js';
import { describeRecurrence } from '../../../domain/recurrence/describeRecurrence.js';
import type { Booking } from '../../../domain/wire/bookings.js';
import type { PendingApproval } from '../../../domain/wire/seriesManage.js';
import { ROOM_BOOKING_MESSAGES, type RejectInput } from '../../../domain/wire/roomBooking.js';
import type { SessionUser } from '../../auth/sessions.js';
import type { AppDeps } from '../../deps.js';
import { conflict, fieldError, forbidden, notFound } from '../../http/errors.js';
import { notifyBookingEvent } from '../mail/bookingMail.js';
import { answerDecision } from '../inboundMail/decisionReply.js';
import { inTransaction } from '../orgAccess/orgAccess.repo.js';
import { countPendingRequests, lockBooking, pendingRequests, recordDecision } from './approvals.repo.js';

export const NOT_AN_APPROVER = 'You do not approve bookings of this room.';

const who = (deps: AppDeps, user: SessionUser) => ({ now: deps.now(), userId: user.id, admin: isAdmin(user.caller) });

/** Occurrences of a repeating request carry its SeriesId and the rule in words, so the screen can show the series as one. */
export const pendingApprovals = async (deps: AppDeps, user: SessionUser): Promise<PendingApproval[]> =>
  (await pendingRequests(deps.pool, who(deps, user))).map(({ booking, series }) =>
    (series ? { ...booking, SeriesSummary: describeRecurrence(series.rule, series.firstDate) } : booking));

export const pendingApprovalCount = async (deps: AppDeps, user: SessionUser) =>
  ({ PendingApprovals: await countPendingRequests(deps.pool, who(deps, user)) });

/**
 * Approve or reject one request (SPEC 4): only its room's admins or an Admin, only while Pending.
 * The row is locked first, so of two decisions at once the second sees the first's outcome (409).
 * The requester and the on-behalf person are told in the same transaction.
 */
async function decide(deps: AppDeps, user: SessionUser, id: number, to: 1 | 2, reason: string): Promise<Booking> {
  return inTransaction(deps.pool, async (client) => {
    const b = await lockBooking(client, id, user.id);
    if (!b || !b.isRoomBooking) throw notFound('The booking');
    const admin = isAdmin(user.caller);
    if (!b.isRoomAdmin && !admin) throw forbidden(NOT_AN_APPROVER);
    if (!isBookingStatus(b.status) || !canDecide({ isRoomAdmin: b.isRoomAdmin, isAdmin: admin, status: b.status })) {
      throw conflict(ROOM_BOOKING_MESSAGES.notPending);
    }
    const booking = await recordDecision(client, { id, status: to, reason, userId: user.id, now: deps.now() });
    await notifyBookingEvent(client, deps.config, to === BOOKING_STATUS.Approved ? 'approved' : 'rejected', id);
    await answerDecision(client, deps.config, id, deps.now()); // a request made by inviting the room: its organizer's answer
    return booking;
  });
}

export const approveBooking = (deps: AppDeps, user: SessionUser, id: number) => decide(deps, user, id, BOOKING_STATUS.Approved, '');

/** Rejecting needs a reason (SPEC 5). A rejection is always by an approver, so CancelledByAdmin is set. */
export async function rejectBooking(deps: AppDeps, user: SessionUser, id: number, input: z.output<typeof RejectInput>): Promise<Booking> {
  if (!hasReason(input.CancellationReason)) throw fieldError('CancellationReason', ROOM_BOOKING_MESSAGES.reasonRequired);
  return decide(deps, user, id, BOOKING_STATUS.Rejected, input.CancellationReason!.trim());
}
