import type pg from 'pg';
import { BOOKING_STATUS } from '../../../domain/bookingStatus.js';
import type { SessionUser } from '../../auth/sessions.js';
import type { AppDeps } from '../../deps.js';
import type { Booking } from '../../../domain/wire/bookings.js';
import { updateBooking } from '../bookingUpdate/bookingUpdate.service.js';
import { findBooking } from '../bookingUpdate/bookingUpdate.repo.js';
import { cancelBooking } from '../cancellation/cancellation.service.js';
import type { InboundConfig } from './inboundConfig.js';
import type { StoredMessage } from './inboundMail.repo.js';
import { bookByInvitation } from './invitationBooking.js';
import { findLink, type InvitationLink } from './invitationLinks.repo.js';
import { parseInvitation, UnreadableInvitation, type Invitation } from './invitationParse.js';
import { forgetAnswers, lockAnswers, recordAnswers } from './invitationAnswers.repo.js';
import { cancelHeldSeries, changeOccurrence, heldAsSeries, requestSeries } from './invitationSeriesHandle.js';
import { answer, reasonOf, REASONS, releaseHeld, remember } from './invitationSteps.js';
import { parseMessage } from './messageParse.js';
import { roomForAddress, type AddressedRoom } from './roomAddress.repo.js';
import { senderAsUser } from './senderUser.repo.js';
import { senderTrust } from './senderTrust.js';

/**
 * One received message, start to end (issue 23): who sent it (trusted? known?), which rooms it is
 * for, what the invitation asks, and the room's answer. Runs on the job's transaction (one message
 * each), so what it books, links and answers commits with the message's "processed" mark.
 *
 * Nothing is ever answered unless the sender is trusted and known: a forged or unknown From gets no
 * mail at all (no backscatter), only a log line. Answers go to the From address (the organizer in
 * every client's own invitations; a delegate who sends for someone else gets the answer themselves).
 */
export interface InboundLog { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void }

export { REASONS } from './invitationSteps.js';

type Outcome = string;

export async function processMessage(client: pg.PoolClient, deps: AppDeps, cfg: InboundConfig, m: StoredMessage, log: InboundLog): Promise<Outcome> {
  const message = await parseMessage(m.raw).catch(() => undefined);
  if (!message) return drop(log, m, 'unreadable message');
  const trust = senderTrust(cfg, { remoteIp: m.remoteIp, from: message.from, authResults: message.authResults });
  if (!trust.trusted) return drop(log, m, `untrusted sender ${message.from}: ${trust.why}`);
  const user = await senderAsUser(client, message.from);
  if (!user) return drop(log, m, `unknown sender ${message.from}`);
  if (!message.calendar) return drop(log, m, `no calendar object from ${message.from}`);
  const outcomes: string[] = [];
  for (const address of new Set(m.recipients.map((r) => r.toLowerCase()))) {
    const room = await roomForAddress(client, cfg.roomAddressPattern, address);
    if (!room) { outcomes.push(`${address}: no room`); continue; }
    let inv: Invitation;
    try {
      inv = parseInvitation(message.calendar, room.timeZone);
    } catch (err) {
      if (err instanceof UnreadableInvitation) return drop(log, m, `unreadable invitation from ${message.from}: ${err.message}`);
      throw err;
    }
    outcomes.push(`${address}: ${await handle(client, deps, user, room, inv, message.calendar)}`);
  }
  const outcome = outcomes.join('; ') || 'no recipient';
  log.info({ inboundMailId: m.id, from: message.from, by: trust.by, outcome }, 'inbound invitation processed');
  return outcome;
}

function drop(log: InboundLog, m: StoredMessage, why: string): Outcome {
  log.warn({ inboundMailId: m.id, remoteIp: m.remoteIp, envelopeFrom: m.senderKey }, `inbound mail dropped: ${why}`);
  return `dropped: ${why}`;
}

async function handle(client: pg.PoolClient, deps: AppDeps, user: SessionUser, room: AddressedRoom, inv: Invitation, ics: string): Promise<string> {
  const link = await findLink(client, room.roomId, inv.uid);
  if (link && link.userId !== user.id) {
    if (inv.method === 'REQUEST') await answer(client, deps, user, room, inv, 'DECLINED', REASONS.notYours);
    return 'declined: UID of someone else';
  }
  const c = { client, deps, user, room, inv, link };
  if (inv.recurrenceId && (inv.method === 'CANCEL' || inv.method === 'REQUEST')) return changeOccurrence(c);
  if (inv.method === 'CANCEL') return (link && await cancelHeldSeries({ ...c, link })) ?? cancel(c);
  if (inv.method !== 'REQUEST') return `ignored method ${inv.method || '(none)'}`;

  const decline = async (reason: string) => { await answer(client, deps, user, room, inv, 'DECLINED', reason); await remember(client, user, room, inv, link?.bookingId ?? null); return `declined: ${reason}`; };
  if (inv.allDay) return decline(REASONS.allDay);
  if (inv.recurring) return requestSeries(c, ics, decline);
  if (inv.problem || !inv.start || !inv.finish) return decline(`The invitation cannot be read: ${inv.problem ?? 'it has no times'}.`);
  const times = { start: inv.start, finish: inv.finish };

  const series = await heldAsSeries(client, link);
  const current = link?.bookingId && !series ? await findBooking(client, link.bookingId) : undefined;
  const active = current && (current.status === BOOKING_STATUS.Pending || current.status === BOOKING_STATUS.Approved) ? current : undefined;
  if (link && active) {
    // Newer than what was applied? Not by SEQUENCE alone: Google sends changes with SEQUENCE 0.
    const older = inv.sequence < link.sequence || (inv.sequence === link.sequence && inv.dtstamp < link.dtstamp);
    if (older) return 'ignored: older than the invitation applied';
    if (inv.contentHash === link.contentHash) {
      await remember(client, user, room, inv, active.id);
      await answer(client, deps, user, room, inv, active.status === BOOKING_STATUS.Pending ? 'TENTATIVE' : 'ACCEPTED',
        active.status === BOOKING_STATUS.Pending ? REASONS.pending : REASONS.unchanged);
      return 'unchanged';
    }
    await lockAnswers(client, link);
    try {
      const moved = await updateBooking(deps, user, active.id, { Start: times.start.toISOString(), Finish: times.finish.toISOString(), Description: inv.summary || null });
      await remember(client, user, room, inv, moved.Id);
      await recordSingle(client, inv, room, moved);
      const pending = moved.Status === BOOKING_STATUS.Pending;
      await answer(client, deps, user, room, inv, pending ? 'TENTATIVE' : 'ACCEPTED', pending ? REASONS.pending : REASONS.moved);
      return pending ? 'moved, pending' : 'moved';
    } catch (err) {
      const reason = reasonOf(err);
      if (reason === undefined) throw err;
      // The booking at the earlier time stays: the organizer may move the meeting back or elsewhere.
      return decline(`${reason} ${REASONS.kept}`);
    }
  }
  if (link && series && (inv.sequence < link.sequence || (inv.sequence === link.sequence && inv.dtstamp < link.dtstamp))) return 'ignored: older than the invitation applied';
  // A new booking; or a meeting that stopped repeating, whose series is released in the same savepoint (a refusal restores it).
  await client.query('SAVEPOINT invitation_booking');
  try {
    if (link && series) { await releaseHeld(client, user, series.map((h) => h.bookingId), deps.now()); await forgetAnswers(client, link); }
    const booking = await bookByInvitation(client, deps, user, { roomId: room.roomId, ...times, summary: inv.summary });
    await client.query('RELEASE SAVEPOINT invitation_booking');
    await remember(client, user, room, inv, booking.Id);
    await recordSingle(client, inv, room, booking);
    const pending = booking.Status === BOOKING_STATUS.Pending;
    await answer(client, deps, user, room, inv, pending ? 'TENTATIVE' : 'ACCEPTED', pending ? REASONS.pending : REASONS.booked);
    return pending ? `requested booking ${booking.Id}` : `booked ${booking.Id}`;
  } catch (err) {
    const reason = reasonOf(err);
    if (reason === undefined) throw err;
    await client.query('ROLLBACK TO SAVEPOINT invitation_booking');
    return decline(series ? `${reason} ${REASONS.keptSeries}` : reason);
  }
}

const recordSingle = (client: pg.PoolClient, inv: Invitation, room: AddressedRoom, b: Booking) =>
  recordAnswers(client, { roomId: room.roomId, uid: inv.uid, sequence: inv.sequence },
    [{ bookingId: b.Id, recurrenceId: null, start: new Date(b.Start), finish: new Date(b.Finish), status: b.Status }]);

async function cancel(c: { client: pg.PoolClient; deps: AppDeps; user: SessionUser; link: InvitationLink | undefined; inv: Invitation }): Promise<string> {
  const { client, deps, user, link, inv } = c;
  if (!link?.bookingId) return 'ignored: cancels nothing booked';
  if (inv.sequence < link.sequence) return 'ignored: older than the invitation applied';
  await lockAnswers(client, link);
  await forgetAnswers(client, link);
  try {
    await cancelBooking(deps, user, { Id: link.bookingId });
    return `cancelled ${link.bookingId}`;
  } catch (err) {
    const reason = reasonOf(err);
    if (reason === undefined) throw err;
    return `not cancelled: ${reason}`; // already cancelled, over: nothing to tell (CANCEL gets no reply in iTIP)
  }
}
