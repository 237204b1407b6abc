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

export async function bookingInvitation(db: Queryable, config: Pick<Config, 'mailFrom'>, bookingId: number, stamp = new Date()): Promise<string | undefined> {
  const b = await loadCalendarBooking(db, bookingId);
  if (!b) return undefined;
  if (b.seriesId) return seriesInvitation(db, config, b.seriesId, stamp);
  return singleInvitation(b, config.mailFrom, stamp);
}
