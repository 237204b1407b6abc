/**
 * The invitation (iTIP over mail, RFC 5546/6047) that a booking's notice carries: METHOD:REQUEST
 * while the booking is Pending or Approved (new, changed, approved), METHOD:CANCEL once it has ended
 * (cancelled, rejected, released as a no-show, cancelled by a closure). An occurrence of a series
 * carries its series' object instead (seriesInvitation.ts), so a calendar keeps one repeating event.
 * The mail job drops it for people who turned invitations off (mailOutbox.repo.ts).
 */
import type pg from 'pg';
import { ACTIVE_STATUSES, type BookingStatus } from '../../../domain/bookingStatus.js';
import { writeCalendar } from '../../../domain/ical/calendarObject.js';
import type { Config } from '../../config.js';
import { bookingCalendarEvent, organizerOf } from './calendarEvents.js';
import { loadCalendarBooking, type StoredBooking } from './invitationFacts.repo.js';
import { seriesInvitation } from './seriesInvitation.js';

type Queryable = Pick<pg.PoolClient, 'query'>;

export const isActive = (status: number) => ACTIVE_STATUSES.includes(status as BookingStatus);

/** One stored booking's object, REQUEST or CANCEL by its status. */
export function singleInvitation(b: StoredBooking, mailFrom: string, stamp = new Date()): string {
  const active = isActive(b.status);
  return writeCalendar([bookingCalendarEvent(b, organizerOf(mailFrom), !active)], { method: active ? 'REQUEST' : 'CANCEL', stamp });
}

/**
 * A booking made by inviting the room (issue 23) is the organiser's own meeting, already in their
 * calendar with the room as an attendee; the room's iTIP REPLYs keep it up to date (inboundMail).
 * Hotdesk's own REQUEST would put a second event beside it, and its CANCEL would cancel an event they
 * never had, so such a booking's notices carry no calendar object (and a cancellation of their own
 * sends no mail at all: cancelInvitation.ts).
 */
async function madeByInvitation(db: Queryable, bookingId: number): Promise<boolean> {
  const { rowCount } = await db.query(
    `SELECT 1 FROM inbound_invitation_answers WHERE booking_id = $1
     UNION ALL SELECT 1 FROM inbound_invitations WHERE booking_id = $1 LIMIT 1`, [bookingId]);
  return (rowCount ?? 0) > 0;
}

export async function bookingInvitation(db: Queryable, config: Pick<Config, 'mailFrom'>, bookingId: number, stamp = new Date()): Promise<string | undefined> {
  const b = await loadCalendarBooking(db, bookingId);
  if (!b || (await madeByInvitation(db, bookingId))) return undefined;
  if (b.seriesId) return seriesInvitation(db, config, b.seriesId, stamp);
  return singleInvitation(b, config.mailFrom, stamp);
}
