import type pg from 'pg';
import { BOOKING_STATUS } from '../../../domain/bookingStatus.js';
import type { SessionUser } from '../../auth/sessions.js';
import type { AppDeps } from '../../deps.js';
import { fromDatabaseError } from '../../http/dbErrors.js';
import { AppError } from '../../http/errors.js';
import { updateBooking } from '../bookingUpdate/bookingUpdate.service.js';
import { findBooking } from '../bookingUpdate/bookingUpdate.repo.js';
import { cancelBooking } from '../cancellation/cancellation.service.js';
import type { InboundConfig } from './inboundConfig.js';
import type { StoredMessage } from './inboundMail.repo.js';
import { bookByInvitation } from './invitationBooking.js';
import { findLink, saveLink, type InvitationLink } from './invitationLinks.repo.js';
import { parseInvitation, UnreadableInvitation, type Invitation } from './invitationParse.js';
import { queueRoomAnswer, type RoomAnswer } from './invitationReply.js';
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

export const REASONS = {
  booked: 'Booked.',
  pending: 'This room needs approval: the request is waiting for the room\'s admins. You will get another answer when they decide.',
  recurring: 'Repeating meetings cannot book a room by invitation yet: book the series in Hotdesk, or invite the room to single meetings.',
  occurrence: 'A single occurrence of a repeating meeting cannot book a room by invitation yet: book it in Hotdesk.',
  allDay: 'All-day events cannot book a room: give the meeting a start and an end time.',
  notYours: 'This meeting was booked in this room by someone else.',
  moved: 'Moved to the new time.',
  unchanged: 'Nothing changed: the booking stands.',
} as const;

type Outcome = string;

const reasonOf = (err: unknown): string | undefined => {
  const app = err instanceof AppError ? err : fromDatabaseError(err);
  return app?.message;
};

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
    outcomes.push(`${address}: ${await handle(client, deps, user, room, inv)}`);
  }
  const outcome = outcomes.join('; ') || 'no recipient';
  log.info({ inboundMailId: m.id, from: message.from, by: trust.by, outcome }, 'inbound invitation processed');
  return outcome;
}

function drop(log: InboundLog, m: StoredMessage, why: string): Outcome {
  log.warn({ inboundMailId: m.id, remoteIp: m.remoteIp, envelopeFrom: m.senderKey }, `inbound mail dropped: ${why}`);
  return `dropped: ${why}`;
}

async function handle(client: pg.PoolClient, deps: AppDeps, user: SessionUser, room: AddressedRoom, inv: Invitation): Promise<string> {
  const link = await findLink(client, room.roomId, inv.uid);
  if (link && link.userId !== user.id) {
    if (inv.method === 'REQUEST') await answer(client, deps, user, room, inv, 'DECLINED', REASONS.notYours);
    return 'declined: UID of someone else';
  }
  if (inv.method === 'CANCEL') return cancel(deps, user, link, inv);
  if (inv.method !== 'REQUEST') return `ignored method ${inv.method || '(none)'}`;

  const decline = async (reason: string) => { await answer(client, deps, user, room, inv, 'DECLINED', reason); await remember(client, user, room, inv, link?.bookingId ?? null); return `declined: ${reason}`; };
  if (inv.recurring) return decline(REASONS.recurring);
  if (inv.recurrenceId) return decline(REASONS.occurrence);
  if (inv.allDay) return decline(REASONS.allDay);
  if (inv.problem || !inv.start || !inv.finish) return decline(`The invitation cannot be read: ${inv.problem ?? 'it has no times'}.`);

  const current = link?.bookingId ? await findBooking(client, link.bookingId) : undefined;
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
    try {
      const moved = await updateBooking(deps, user, active.id, { Start: inv.start.toISOString(), Finish: inv.finish.toISOString(), Description: inv.summary || null });
      await remember(client, user, room, inv, moved.Id);
      const pending = moved.Status === BOOKING_STATUS.Pending;
      await answer(client, deps, user, room, inv, pending ? 'TENTATIVE' : 'ACCEPTED', pending ? REASONS.pending : REASONS.moved);
      return pending ? 'moved, pending' : 'moved';
    } catch (err) {
      const reason = reasonOf(err);
      if (reason === undefined) throw err;
      // The booking at the earlier time stays: the organizer may move the meeting back or elsewhere.
      return decline(`${reason} The booking at the earlier time is kept until the meeting is cancelled.`);
    }
  }
  await client.query('SAVEPOINT invitation_booking');
  try {
    const booking = await bookByInvitation(client, deps, user, { roomId: room.roomId, start: inv.start, finish: inv.finish, summary: inv.summary });
    await client.query('RELEASE SAVEPOINT invitation_booking');
    await remember(client, user, room, inv, booking.Id);
    const pending = booking.Status === BOOKING_STATUS.Pending;
    await answer(client, deps, user, room, inv, pending ? 'TENTATIVE' : 'ACCEPTED', pending ? REASONS.pending : REASONS.booked);
    return pending ? `requested booking ${booking.Id}` : `booked ${booking.Id}`;
  } catch (err) {
    const reason = reasonOf(err);
    if (reason === undefined) throw err;
    await client.query('ROLLBACK TO SAVEPOINT invitation_booking');
    return decline(reason);
  }
}

async function cancel(deps: AppDeps, user: SessionUser, link: InvitationLink | undefined, inv: Invitation): Promise<string> {
  if (inv.recurrenceId) return 'ignored: cancels one occurrence of a repeating meeting (never booked)';
  if (!link?.bookingId) return 'ignored: cancels nothing booked';
  if (inv.sequence < link.sequence) return 'ignored: older than the invitation applied';
  try {
    await cancelBooking(deps, user, { Id: link.bookingId });
    return `cancelled ${link.bookingId}`;
  } catch (err) {
    const reason = reasonOf(err);
    if (reason === undefined) throw err;
    return `not cancelled: ${reason}`; // already cancelled, over: nothing to tell (CANCEL gets no reply in iTIP)
  }
}

const remember = (client: pg.PoolClient, user: SessionUser, room: AddressedRoom, inv: Invitation, bookingId: number | null) => saveLink(client, {
  roomId: room.roomId, uid: inv.uid, organizerKey: user.email.toLowerCase(), userId: user.id, bookingId,
  sequence: inv.sequence, dtstamp: inv.dtstamp, contentHash: inv.contentHash, summary: inv.summary,
  organizerEmail: user.email,
});

function answer(client: pg.PoolClient, deps: AppDeps, user: SessionUser, room: AddressedRoom, inv: Invitation, partstat: RoomAnswer['partstat'], reason: string) {
  return queueRoomAnswer(client, deps.config, {
    to: user.email, uid: inv.uid, sequence: inv.sequence,
    organizer: { email: inv.organizer.email || user.email, name: inv.organizer.name },
    room, summary: inv.summary, start: inv.start, finish: inv.finish, partstat, reason,
  }, deps.now());
}
