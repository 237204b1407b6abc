import type pg from 'pg';
import { BOOKING_STATUS } from '../../../domain/bookingStatus.js';
import { toWallClock } from '../../../domain/wallClock.js';
import type { SessionUser } from '../../auth/sessions.js';
import type { AppDeps } from '../../deps.js';
import { cancelOccurrences } from '../bookingSeries/seriesManage.repo.js';
import { updateBooking } from '../bookingUpdate/bookingUpdate.service.js';
import { cancelBooking } from '../cancellation/cancellation.service.js';
import { forgetAnswers, lockAnswers, recordAnswers, type Answered } from './invitationAnswers.repo.js';
import type { InvitationLink } from './invitationLinks.repo.js';
import type { Invitation } from './invitationParse.js';
import { UnbookableSeries } from './invitationSeries.js';
import { bookInvitedSeries } from './invitationSeriesBooking.js';
import { answer, reasonOf, REASONS, releaseHeld, remember, seriesOf } from './invitationSteps.js';
import type { AddressedRoom } from './roomAddress.repo.js';

/**
 * Repeating invitations (issue 23 on issue 22's series):
 * - a REQUEST with a rule books a room series (invitationSeriesBooking.ts), or declines naming the
 *   first occurrence that cannot be booked;
 * - a newer REQUEST of the same UID whose content changed (times, rule, exceptions) replaces what the
 *   link holds, all or none: inside one savepoint the held occurrences not yet started are released and
 *   the changed series booked; if it cannot be, everything is rolled back and the earlier one kept;
 * - a REQUEST or CANCEL with a RECURRENCE-ID (Outlook's way to move or cancel one occurrence) changes
 *   or cancels that one booking through the single booking services;
 * - a CANCEL without one cancels every occurrence not yet started.
 * The organizer's own changes update inbound_invitation_answers on this transaction, so the follow-up
 * job (invitationFollowUp.ts) never answers them a second time.
 */
type Ctx = { client: pg.PoolClient; deps: AppDeps; user: SessionUser; room: AddressedRoom; inv: Invitation; link: InvitationLink | undefined };

const isOlder = (inv: Invitation, link: InvitationLink) => inv.sequence < link.sequence || (inv.sequence === link.sequence && inv.dtstamp < link.dtstamp);

export async function requestSeries(c: Ctx, ics: string, decline: (reason: string) => Promise<string>): Promise<string> {
  const { client, deps, user, room, inv, link } = c;
  const held = link ? await lockAnswers(client, link) : [];
  if (link && held.length > 0) {
    if (isOlder(inv, link)) return 'ignored: older than the invitation applied';
    if (inv.contentHash === link.contentHash) {
      const pending = held.some((h) => h.status === BOOKING_STATUS.Pending);
      await remember(client, user, room, inv, link.bookingId);
      await answer(client, deps, user, room, inv, pending ? 'TENTATIVE' : 'ACCEPTED', pending ? REASONS.pending : REASONS.unchanged);
      return 'unchanged';
    }
  }
  await client.query('SAVEPOINT invitation_replace');
  if (link && held.length > 0) {
    await releaseHeld(client, user, held.map((h) => h.bookingId), deps.now());
    await forgetAnswers(client, link);
  }
  const result = await bookInvitedSeries(client, deps, user, { roomId: room.roomId, ics, summary: inv.summary }).catch((err: unknown) => {
    const reason = err instanceof UnbookableSeries ? err.message : reasonOf(err);
    if (reason === undefined) throw err;
    return { booked: false as const, reason };
  });
  if (!result.booked) {
    await client.query('ROLLBACK TO SAVEPOINT invitation_replace');
    return decline(held.length > 0 ? `${result.reason} ${REASONS.keptSeries}` : result.reason);
  }
  await client.query('RELEASE SAVEPOINT invitation_replace');
  await remember(client, user, room, inv, result.bookings[0]!.Id);
  await recordAnswers(client, { roomId: room.roomId, uid: inv.uid, sequence: inv.sequence }, result.bookings.map((b, i) => ({
    bookingId: b.Id, recurrenceId: result.occurrences[i]!.recurrenceId, start: new Date(b.Start), finish: new Date(b.Finish), status: b.Status,
  })));
  const n = result.bookings.length;
  const words = `${result.pending ? REASONS.pending : `Booked ${n} occurrence${n === 1 ? '' : 's'}.`}${result.note}`;
  await answer(client, deps, user, room, inv, result.pending ? 'TENTATIVE' : 'ACCEPTED', words);
  return `${held.length > 0 ? 'replaced, ' : ''}${result.pending ? 'requested' : 'booked'} series ${result.seriesId} (${n})`;
}

/** The held occurrence a RECURRENCE-ID names: by the start the organizer's rule gave it, else by its day on the site's clock. */
function heldOccurrence(held: readonly Answered[], recurrenceId: Date, timeZone: string): Answered | undefined {
  const day = toWallClock(recurrenceId, timeZone).date;
  return held.find((h) => h.recurrenceId?.getTime() === recurrenceId.getTime())
    ?? held.find((h) => h.recurrenceId && toWallClock(h.recurrenceId, timeZone).date === day);
}

/** One occurrence moved (REQUEST) or cancelled (CANCEL, or a REQUEST with STATUS:CANCELLED). */
export async function changeOccurrence(c: Ctx): Promise<string> {
  const { client, deps, user, room, inv, link } = c;
  const rid = inv.recurrenceId!;
  const reply = (partstat: 'ACCEPTED' | 'TENTATIVE' | 'DECLINED', words: string) => answer(client, deps, user, room, inv, partstat, words, rid);
  const held = link ? await lockAnswers(client, link) : [];
  const target = heldOccurrence(held, rid, room.timeZone);
  const cancelling = inv.method === 'CANCEL' || inv.status === 'CANCELLED';
  if (!link || !target) {
    if (cancelling) return 'ignored: cancels an occurrence not booked';
    await reply('DECLINED', REASONS.occurrence);
    return 'declined: occurrence not booked';
  }
  if (inv.sequence < link.sequence) return 'ignored: older than the invitation applied';
  if (cancelling) {
    const outcome = await cancelBooking(deps, user, { Id: target.bookingId }).then(() => `cancelled occurrence ${target.bookingId}`, (err: unknown) => {
      const reason = reasonOf(err);
      if (reason === undefined) throw err;
      return `occurrence not cancelled: ${reason}`;
    });
    await forgetAnswers(client, link, [target.bookingId]);
    return outcome;
  }
  if (inv.problem || !inv.start || !inv.finish) {
    await reply('DECLINED', `The invitation cannot be read: ${inv.problem ?? 'it has no times'}.`);
    return 'declined: unreadable occurrence';
  }
  if (inv.start.getTime() === target.start.getTime() && inv.finish.getTime() === target.finish.getTime()) {
    await reply(target.status === BOOKING_STATUS.Pending ? 'TENTATIVE' : 'ACCEPTED', target.status === BOOKING_STATUS.Pending ? REASONS.pending : REASONS.unchanged);
    return 'occurrence unchanged';
  }
  try {
    const moved = await updateBooking(deps, user, target.bookingId, { Start: inv.start.toISOString(), Finish: inv.finish.toISOString() });
    await recordAnswers(client, { roomId: room.roomId, uid: inv.uid, sequence: link.sequence }, [{
      bookingId: moved.Id, recurrenceId: target.recurrenceId, start: new Date(moved.Start), finish: new Date(moved.Finish), status: moved.Status,
    }]);
    const pending = moved.Status === BOOKING_STATUS.Pending;
    await reply(pending ? 'TENTATIVE' : 'ACCEPTED', pending ? REASONS.pending : REASONS.moved);
    return `moved occurrence ${moved.Id}`;
  } catch (err) {
    const reason = reasonOf(err);
    if (reason === undefined) throw err;
    await reply('DECLINED', `${reason} ${REASONS.kept}`);
    return `occurrence not moved: ${reason}`;
  }
}

/** CANCEL of the whole meeting: a series' occurrences not yet started, in one statement; no answer (iTIP). */
export async function cancelHeldSeries(c: Ctx & { link: InvitationLink }): Promise<string | undefined> {
  const { client, deps, user, inv, link } = c;
  const seriesId = link.bookingId ? await seriesOf(client, link.bookingId) : null;
  if (!seriesId) return undefined;
  if (inv.sequence < link.sequence) return 'ignored: older than the invitation applied';
  await lockAnswers(client, link);
  const cancelled = await cancelOccurrences(client, { seriesId, from: null, reason: '', asAdmin: false, byUserId: user.id, now: deps.now() });
  await forgetAnswers(client, link);
  return `cancelled series ${seriesId} (${cancelled.length})`;
}

/** A single REQUEST for a meeting the link holds as a series (it stopped repeating): replace, all or none, like a changed series. */
export async function heldAsSeries(client: pg.PoolClient, link: InvitationLink | undefined): Promise<Answered[] | undefined> {
  if (!link) return undefined;
  const held = await lockAnswers(client, link);
  return held.some((h) => h.recurrenceId !== null) ? held : undefined;
}
