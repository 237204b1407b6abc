import type pg from 'pg';
import { BOOKING_STATUS } from '../../../domain/bookingStatus.js';
import type { Config } from '../../config.js';
import { linkOfBooking } from './invitationLinks.repo.js';
import { queueRoomAnswer } from './invitationReply.js';
import { roomSlug } from './roomAddress.repo.js';

/**
 * A request made by invitation was decided (approvals.service.ts calls this in the decision's
 * transaction): the room answers the organizer again, ACCEPTED or DECLINED with the approver's reason,
 * after its earlier TENTATIVE. Bookings not made by invitation have no link and get nothing here.
 */
export async function answerDecision(client: Pick<pg.PoolClient, 'query'>, config: Pick<Config, 'mailFrom' | 'mailLocale' | 'inbound'>, bookingId: number, now: Date): Promise<void> {
  const link = await linkOfBooking(client, bookingId);
  if (!link) return;
  const { rows } = await client.query<{ status: number; starts_at: Date; finishes_at: Date; cancellation_reason: string; time_zone: string; series_id: string | null }>(
    `SELECT b.status, b.starts_at, b.finishes_at, b.cancellation_reason, s.time_zone, b.series_id
     FROM bookings b JOIN sites s ON s.id = b.site_id WHERE b.id = $1`, [bookingId]);
  const b = rows[0];
  // A series' occurrences are answered by the follow-up job (invitationFollowUp.ts), with their RECURRENCE-ID.
  if (!b || b.series_id !== null) return;
  const approved = b.status === BOOKING_STATUS.Approved;
  const address = roomAddressOf(config, link.roomAddress, link.roomName);
  await queueRoomAnswer(client, config, {
    to: link.organizerEmail, uid: link.uid, sequence: link.sequence, organizer: { email: link.organizerEmail },
    room: { name: link.roomName, address, timeZone: b.time_zone }, summary: link.summary, start: b.starts_at, finish: b.finishes_at,
    partstat: approved ? 'ACCEPTED' : 'DECLINED',
    reason: approved ? 'Approved by the room\'s admins: booked.' : `The room's admins turned the request down: ${b.cancellation_reason || 'no reason given'}.`,
  }, now);
}

/** The room's booking address: its own, else the one the pattern derives from its name, else Hotdesk's. */
export const roomAddressOf = (config: Pick<Config, 'mailFrom' | 'inbound'>, own: string | null, roomName: string): string => {
  const pattern = config.inbound?.roomAddressPattern;
  return own ?? (pattern ? pattern.replace('{slug}', roomSlug(roomName)) : config.mailFrom);
};
