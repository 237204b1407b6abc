import type pg from 'pg';
import { BOOKING_STATUS } from '../../../domain/bookingStatus.js';
import { isAdmin } from '../../../domain/permissions.js';
import type { SessionUser } from '../../auth/sessions.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../http/errors.js';
import { foldLine, icsSequence, icsText, icsUtc } from '../mail/bookingIcs.js';
import { countRead } from '../whosIn/readLimit.js';

/**
 * Downloads per person and minute: far above what a person clicking "Add to calendar" needs, low enough
 * that walking the id space (every other id answers 404) is slow. Counted before the lookup, so probing
 * costs the same as fetching.
 */
export const CALENDAR_FILE_READS_PER_MINUTE = 30;

/**
 * "Add to calendar" on the booking confirmation (issue 20, point 7): one booking as an .ics file.
 *
 * The entry carries the UID and SEQUENCE of the calendar entry mailed with a room booking
 * (mail/bookingIcs.ts: hotdesk-booking-{id}, SEQUENCE from updated_at), so a calendar that receives
 * both the download and the mail keeps one event, and a later change's mail replaces it. A request
 * waiting for approval is TENTATIVE; a desk booking says "Desk booking" where a room's says "Room booking".
 *
 * Who may fetch it: the booker, the person booked on behalf of (e-mail compared case-insensitively,
 * as My Bookings), and Admins. Anyone else, and any booking no longer Pending or Approved, gets the
 * same 404 as an id that does not exist: the answer never says that someone else's booking exists.
 * Past CALENDAR_FILE_READS_PER_MINUTE in a minute a person gets 429.
 */
export interface CalendarFileRow {
  id: number; starts_at: Date; finishes_at: Date; description: string; status: number; updated_at: Date;
  room_id: number | null; room_name: string | null; desk_name: string | null; desk_id: string | null;
  location_name: string; site_name: string;
}

const CRLF = '\r\n';

async function visibleBooking(db: pg.Pool, user: SessionUser, bookingId: number): Promise<CalendarFileRow | undefined> {
  const { rows } = await db.query<CalendarFileRow>(
    `SELECT b.id, b.starts_at, b.finishes_at, b.description, b.status, b.updated_at, b.room_id, r.name AS room_name,
       b.desk_name, b.desk_id, l.title AS location_name, s.title AS site_name
     FROM bookings b JOIN sites s ON s.id = b.site_id JOIN locations l ON l.id = b.location_id LEFT JOIN rooms r ON r.id = b.room_id
     WHERE b.id = $1 AND b.status IN (${BOOKING_STATUS.Pending}, ${BOOKING_STATUS.Approved})
       AND ($4::boolean OR b.booked_by_user_id = $2 OR (b.on_behalf_of_email <> '' AND lower(b.on_behalf_of_email) = lower($3)))`,
    [bookingId, user.id, user.email, isAdmin(user.caller)],
  );
  return rows[0];
}

/** 'Desk 4' from a desk named '4' or 'Desk 4' (the name saved with the booking, else its id). */
const deskWords = (name: string | null, id: string | null) => {
  const n = (name ?? id ?? '').trim();
  return /^desk\b/i.test(n) ? n : `Desk ${n}`.trim();
};

/** The entry (RFC 5545), lines folded at 75 octets as the mailed one. `stamp` is its DTSTAMP. */
export function bookingCalendarEntry(b: CalendarFileRow, stamp: Date): string {
  const isRoom = b.room_id !== null;
  const what = isRoom ? (b.room_name ?? 'Room') : deskWords(b.desk_name, b.desk_id);
  const pending = b.status === BOOKING_STATUS.Pending;
  const title = b.description || what;
  const lines = [
    'BEGIN:VCALENDAR', 'VERSION:2.0', 'CALSCALE:GREGORIAN', 'PRODID:hotdesk/booking', 'METHOD:PUBLISH', 'X-PUBLISHED-TTL:PT1H',
    'BEGIN:VEVENT', `UID:hotdesk-booking-${b.id}`, `SUMMARY:${icsText(title)}`,
    `DTSTAMP:${icsUtc(stamp)}`, `DTSTART:${icsUtc(b.starts_at)}`, `DTEND:${icsUtc(b.finishes_at)}`, `SEQUENCE:${icsSequence(b.updated_at)}`,
    `DESCRIPTION:${icsText(`${isRoom ? 'Room' : 'Desk'} booking: ${what}${pending ? ' (waiting for approval)' : ''}`)}`,
    `LOCATION:${icsText(`${what}, ${b.location_name}, ${b.site_name}`)}`,
    `STATUS:${pending ? 'TENTATIVE' : 'CONFIRMED'}`, 'X-MICROSOFT-CDO-BUSYSTATUS:BUSY', 'END:VEVENT', 'END:VCALENDAR',
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}

/** GET /api/bookings/my/{id}.ics: the file's name and body, or 404 (see above). */
export async function bookingCalendarFile(deps: AppDeps, user: SessionUser, bookingId: number): Promise<{ filename: string; body: string }> {
  await countRead(deps.pool, 'calendarFile', user.id, CALENDAR_FILE_READS_PER_MINUTE);
  const row = await visibleBooking(deps.pool, user, bookingId);
  if (!row) throw notFound('An active booking of yours with this id');
  return { filename: `hotdesk-booking-${row.id}.ics`, body: bookingCalendarEntry(row, deps.now()) };
}
