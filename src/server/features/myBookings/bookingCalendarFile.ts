import type pg from 'pg';
import { BOOKING_STATUS } from '../../../domain/bookingStatus.js';
import { isAdmin } from '../../../domain/permissions.js';
import type { SessionUser } from '../../auth/sessions.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../http/errors.js';
import { writeCalendar } from '../../../domain/ical/calendarObject.js';
import { bookingCalendarEvent, organizerOf, seriesCalendarEvents, seriesUid } from '../mail/calendarEvents.js';
import { CALENDAR_COLUMNS, CALENDAR_JOINS, loadSeriesMany, toStoredBooking, type CalendarRow, type StoredBooking } from '../mail/invitationFacts.repo.js';
import { countRead } from '../../http/perPersonLimit.js';

/**
 * Downloads per person and minute: far above what a person clicking "Add to calendar" needs, low enough
 * that walking the id space (every other id answers 404) is slow. Counted before the lookup, so probing
 * costs the same as fetching.
 */
export const CALENDAR_FILE_READS_PER_MINUTE = 30;

/**
 * "Add to calendar" on the booking confirmation (issue 20, point 7): one booking as an .ics file.
 *
 * Written by the builders of the mailed invitations and the personal feed (mail/calendarEvents.ts):
 * the same UID (hotdesk-booking-{id}), SEQUENCE (bookings.ics_sequence), times on the site's clock
 * with its VTIMEZONE, and text, so a calendar that receives the download, the mail and the feed keeps
 * one event, and a later change's mail replaces it. An occurrence of a repeating booking downloads as
 * its whole series (one event with RRULE and EXDATE, UID hotdesk-series-{id}), as it is mailed and in
 * the feed. A request waiting for approval is TENTATIVE. METHOD:PUBLISH: a file, not an invitation.
 *
 * Who may fetch it: the booker, the person booked on behalf of (e-mail compared case-insensitively,
 * as My Bookings), and Admins. Anyone else, and any booking no longer Pending or Approved, gets the
 * same 404 as an id that does not exist: the answer never says that someone else's booking exists.
 * Past CALENDAR_FILE_READS_PER_MINUTE in a minute a person gets 429.
 */
async function visibleBooking(db: pg.Pool, user: SessionUser, bookingId: number): Promise<StoredBooking | undefined> {
  const { rows } = await db.query<CalendarRow>(
    `SELECT ${CALENDAR_COLUMNS} FROM bookings b ${CALENDAR_JOINS}
     WHERE b.id = $1 AND b.status IN (${BOOKING_STATUS.Pending}, ${BOOKING_STATUS.Approved})
       AND ($4::boolean OR b.booked_by_user_id = $2 OR (b.on_behalf_of_email <> '' AND lower(b.on_behalf_of_email) = lower($3)))`,
    [bookingId, user.id, user.email, isAdmin(user.caller)],
  );
  return rows[0] && toStoredBooking(rows[0]);
}

/** The file (RFC 5545) of one stored booking that is not part of a series. `stamp` is its DTSTAMP. */
export function bookingCalendarEntry(b: StoredBooking, stamp: Date, mailFrom: string): string {
  return writeCalendar([bookingCalendarEvent(b, organizerOf(mailFrom))], { method: 'PUBLISH', stamp, prodId: '-//Hotdesk//Booking file//EN' });
}

/** GET /api/bookings/my/{id}.ics: the file's name and body, or 404 (see above). */
export async function bookingCalendarFile(deps: AppDeps, user: SessionUser, bookingId: number): Promise<{ filename: string; body: string }> {
  await countRead(deps.pool, 'calendarFile', user.id, CALENDAR_FILE_READS_PER_MINUTE);
  const row = await visibleBooking(deps.pool, user, bookingId);
  if (!row) throw notFound('An active booking of yours with this id');
  const stamp = deps.now();
  if (row.seriesId) {
    const [series] = await loadSeriesMany(deps.pool, [row.seriesId]);
    const events = series ? seriesCalendarEvents(series.series, series.occurrences, organizerOf(deps.config.mailFrom)) : [];
    if (events.length > 0) {
      return { filename: `${seriesUid(row.seriesId)}.ics`, body: writeCalendar(events, { method: 'PUBLISH', stamp, prodId: '-//Hotdesk//Booking file//EN' }) };
    }
  }
  return { filename: `hotdesk-booking-${row.id}.ics`, body: bookingCalendarEntry(row, stamp, deps.config.mailFrom) };
}
