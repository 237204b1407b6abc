/**
 * A booking cancelled by the person themselves (or the person booked for) has no notice of its own:
 * they did it on the screen. Their calendar still holds the invitation it was sent, so they get one
 * short mail carrying its CANCEL (issue 23) that removes the event, and only when they would have got
 * invitations: the booker and the person booked for, each unless they turned invitations off. No
 * push (the person is looking at the screen).
 */
import type pg from 'pg';
import type { Config } from '../../config.js';
import { notify } from '../notifications/notify.js';
import { bookingInvitation } from './bookingInvitation.js';
import { loadCalendarBooking } from './invitationFacts.repo.js';
import { placeWords } from './calendarEvents.js';
import { whenText } from './bookingMail.js';

type Queryable = Pick<pg.PoolClient, 'query'>;

export async function queueCancelInvitation(db: Queryable, config: Pick<Config, 'mailFrom'> & Partial<Pick<Config, 'mailLocale'>>, bookingId: number): Promise<void> {
  const b = await loadCalendarBooking(db, bookingId);
  if (!b) return;
  const { rows } = await db.query<{ addr: string }>(
    `SELECT a.addr FROM unnest($1::text[]) AS a(addr)
     WHERE a.addr <> '' AND NOT EXISTS (SELECT 1 FROM users u WHERE u.email_key = lower(a.addr) AND NOT u.calendar_invitations)`,
    [[b.bookerEmail, b.onBehalfOfEmail]]);
  if (rows.length === 0) return;
  const ics = await bookingInvitation(db, config, bookingId);
  if (!ics) return;
  const what = `${placeWords(b)} (${b.siteName}) on ${whenText(b.start, b.finish, b.timeZone, config.mailLocale)}`;
  await notify(db, {
    userIds: [], emails: rows.map((r) => r.addr), ics,
    subject: 'Booking cancelled',
    text: `Your booking of ${what} is cancelled. The attached calendar update takes it out of your calendar.`,
    url: '/menu/mybookings',
  });
}
