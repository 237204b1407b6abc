/**
 * Managing a repeating booking as one (issue 22): cancel this and the following occurrences (or
 * every one not yet started), and decide a restricted room's series request at once. Each is one
 * transaction on the locked series row, and tells people once for the whole series (seriesNotice.ts).
 * Single occurrences are still cancelled and decided by the single booking routes.
 *
 * Occurrences that have started (or are over) are never touched, and cancelled or rejected ones stay
 * as history: the series detail keeps listing them.
 */
import { hasReason } from '../../../domain/approval.js';
import { BOOKING_STATUS } from '../../../domain/bookingStatus.js';
import { isAdmin } from '../../../domain/permissions.js';
import { ROOM_BOOKING_MESSAGES } from '../../../domain/wire/roomBooking.js';
import type { SeriesCancelled, SeriesCancelInput, SeriesDecided, SeriesDecisionInput } from '../../../domain/wire/seriesManage.js';
import type { SessionUser } from '../../auth/sessions.js';
import type { AppDeps } from '../../deps.js';
import { conflict, fieldError, forbidden } from '../../http/errors.js';
import { NOT_AN_APPROVER } from '../approvals/approvals.service.js';
import { CANCEL_REASON_NEEDED } from '../cancellation/cancellation.service.js';
import { inTransaction } from '../orgAccess/orgAccess.repo.js';
import type { StoredOccurrence, StoredSeries } from './seriesDetail.repo.js';
import { visibleSeries } from './seriesDetail.service.js';
import { cancelOccurrences, decideOccurrences } from './seriesManage.repo.js';
import { recordAudit } from '../audit/recordAudit.js';
import { notifySeries, type SeriesEvent } from './seriesNotice.js';

const noticeFacts = (s: StoredSeries, event: SeriesEvent, occurrences: readonly StoredOccurrence[], extra: { reason?: string; decidedBy?: SessionUser } = {}) => ({
  event, place: s.place, rule: s.rule, firstDate: s.firstDate, occurrences, description: s.description, onBehalfOfEmail: s.onBehalfOfEmail,
  booker: { id: s.bookedByUserId, email: s.bookerEmail, fullName: s.bookerName }, seriesId: s.id, ...extra,
});

/**
 * POST /api/bookings/series/{SeriesId}/cancel. The owner (booker or on-behalf person) cancels as
 * themselves; an Admin, a room admin of the room or a Booking Manager (desks) cancels someone else's
 * series as admin, only with a Reason, and the owner is told once (mail and push) for all of it.
 * Nothing left to cancel is not an error: the answer says 0.
 */
export async function cancelSeries(deps: AppDeps, user: SessionUser, seriesId: string, input: SeriesCancelInput): Promise<SeriesCancelled> {
  const now = deps.now();
  return inTransaction(deps.pool, async (client) => {
    const { series, access } = await visibleSeries(client, user, seriesId, { lock: true });
    const reason = (input.Reason ?? '').trim();
    if (access.asAdmin && !hasReason(reason)) throw fieldError('Reason', CANCEL_REASON_NEEDED);
    const cancelled = await cancelOccurrences(client, { seriesId: series.id, from: input.From ?? null, reason, asAdmin: access.asAdmin, byUserId: user.id, now });
    if (access.asAdmin && cancelled.length > 0) {
      await recordAudit(client, { actor: user, action: 'series.cancel', target: { type: 'series', id: series.id }, facts: { Reason: reason, From: input.From ?? null, Cancelled: cancelled.map((o) => o.day) } });
      await notifySeries(client, deps.config, noticeFacts(series, 'cancelled', cancelled, { reason, decidedBy: user }));
    }
    return { Cancelled: cancelled.length, Dates: cancelled.map((o) => o.day) };
  });
}

/**
 * POST /api/approvals/series/{SeriesId}: approves or rejects (with a reason) every still-pending
 * occurrence at once. Only the room's approvers (its room admins) and Admins, as for one request:
 * 404 for whoever may not see the series, 403 for its owner, 409 when nothing is pending any more.
 */
export async function decideSeries(deps: AppDeps, user: SessionUser, seriesId: string, input: SeriesDecisionInput): Promise<SeriesDecided> {
  const reject = input.Decision === 'Reject';
  const reason = (input.Reason ?? '').trim();
  if (reject && !hasReason(reason)) throw fieldError('Reason', ROOM_BOOKING_MESSAGES.reasonRequired);
  return inTransaction(deps.pool, async (client) => {
    const { series, access } = await visibleSeries(client, user, seriesId, { lock: true });
    if (!access.isRoomAdmin && !isAdmin(user.caller)) throw forbidden(NOT_AN_APPROVER);
    const status = reject ? BOOKING_STATUS.Rejected : BOOKING_STATUS.Approved;
    const decided = await decideOccurrences(client, { seriesId: series.id, status, reason: reject ? reason : '', userId: user.id, now: deps.now() });
    if (decided.length === 0) throw conflict(ROOM_BOOKING_MESSAGES.notPending);
    await notifySeries(client, deps.config, noticeFacts(series, reject ? 'rejected' : 'approved', decided, reject ? { reason } : {}));
    return { Decided: decided.length };
  });
}
