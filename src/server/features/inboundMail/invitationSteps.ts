import type pg from 'pg';
import type { SessionUser } from '../../auth/sessions.js';
import type { AppDeps } from '../../deps.js';
import { fromDatabaseError } from '../../http/dbErrors.js';
import { AppError } from '../../http/errors.js';
import { saveLink } from './invitationLinks.repo.js';
import type { Invitation } from './invitationParse.js';
import { queueRoomAnswer, type RoomAnswer } from './invitationReply.js';
import type { AddressedRoom } from './roomAddress.repo.js';

/** The steps every kind of invitation (single, series, one occurrence) shares: the room's words, its answer, the link kept. */
export const REASONS = {
  booked: 'Booked.',
  pending: 'This room needs approval: the request is waiting for the room\'s admins. You will get another answer when they decide.',
  occurrence: 'This occurrence of a repeating meeting is not booked in this room: invite the room to the whole series.',
  allDay: 'All-day events cannot book a room: give the meeting a start and an end time.',
  notYours: 'This meeting was booked in this room by someone else.',
  moved: 'Moved to the new time.',
  unchanged: 'Nothing changed: the booking stands.',
  kept: 'The booking at the earlier time is kept until the meeting is cancelled.',
  keptSeries: 'The bookings at the earlier times are kept until the meeting is cancelled.',
} as const;

/**
 * A failure that is not the invitation's and may pass if tried again: a deadlock or serialization
 * failure with another instance's booking of the same slot, or the database gone. Never answered as a
 * decline ("Someone else changed this at the same moment" would turn a free slot down): the job tries
 * the message again, or leaves it for its next run.
 */
export const isTransient = (err: unknown): boolean => {
  const code = (err as { code?: string } | undefined)?.code;
  if (code === '40P01' || code === '40001') return true;
  const app = err instanceof AppError ? err : fromDatabaseError(err);
  return app?.code === 'UNAVAILABLE';
};

/** The rules' refusal in words (an AppError, or a database refusal the http layer knows), else undefined. */
export const reasonOf = (err: unknown): string | undefined => {
  if (isTransient(err)) return undefined;
  const app = err instanceof AppError ? err : fromDatabaseError(err);
  return app?.message;
};

export const remember = (client: pg.PoolClient, user: SessionUser, room: AddressedRoom, inv: Invitation, bookingId: number | null) => saveLink(client, {
  roomId: room.roomId, uid: inv.uid, organizerKey: user.email.toLowerCase(), userId: user.id, bookingId,
  sequence: inv.sequence, dtstamp: inv.dtstamp, contentHash: inv.contentHash, summary: inv.summary,
  organizerEmail: user.email,
});

export function answer(client: pg.PoolClient, deps: AppDeps, user: SessionUser, room: AddressedRoom, inv: Invitation,
  partstat: RoomAnswer['partstat'], reason: string, recurrenceId?: Date) {
  return queueRoomAnswer(client, deps.config, {
    to: user.email, uid: inv.uid, sequence: inv.sequence,
    organizer: { email: inv.organizer.email || user.email, name: inv.organizer.name },
    room, summary: inv.summary, start: inv.start, finish: inv.finish, partstat, reason, recurrenceId,
  }, deps.now());
}

/**
 * Releases what a link holds before a changed invitation books again (inside the caller's savepoint,
 * so a refused change restores it): the active bookings not yet started are cancelled as the booker's
 * own cancellation, with no mail (the organizer changed their own meeting).
 */
export async function releaseHeld(client: pg.PoolClient, user: SessionUser, bookingIds: readonly number[], now: Date): Promise<void> {
  if (bookingIds.length === 0) return;
  await client.query(
    `UPDATE bookings SET status = 3, cancellation_reason = 'Replaced by the changed invitation', cancelled_by_admin = false,
       cancelled_by_user_id = $2, cancelled_at = $3, updated_at = $3
     WHERE id = ANY($1::bigint[]) AND status IN (0, 1) AND starts_at > $3`, [bookingIds, user.id, now]);
}

/** The series a booking belongs to, or null. */
export async function seriesOf(db: Pick<pg.PoolClient, 'query'>, bookingId: number): Promise<string | null> {
  const { rows } = await db.query<{ series_id: string | null }>('SELECT series_id FROM bookings WHERE id = $1', [bookingId]);
  return rows[0]?.series_id ?? null;
}
