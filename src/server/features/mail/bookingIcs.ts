/**
 * The invitation of a room booking that is not saved yet, as a template: the room insert batcher
 * (roomBooking/roomInsertBatcher.ts) completes it in the statement that saves the booking, with the
 * two parts only the saved row knows, its id (the UID) and its ics_sequence (the SEQUENCE). Written
 * by the same writer as every other calendar object (domain/ical/calendarObject.ts), with
 * placeholders cut out, so the fast path and notifyBookingEvent mail the same thing.
 */
import { writeCalendar } from '../../../domain/ical/calendarObject.js';
import { bookingCalendarEvent, organizerOf, type CalendarBooking } from './calendarEvents.js';

/** The line rules, for other calendar writers that still import them from here. */
export { foldLine, icsText, icsUtc } from '../../../domain/ical/icsLines.js';

export interface IcsTemplate {
  /** Everything up to the booking id of the UID. */
  head: string;
  /** From the end of the UID to the SEQUENCE's number. */
  middle: string;
  /** The rest, after the SEQUENCE's number. */
  tail: string;
}

/** What the template needs of the booking; people and zone default for callers that know only the room. */
export interface IcsBooking extends Partial<CalendarBooking> {
  start: Date; finish: Date; description: string; roomName: string; locationName: string; siteName: string;
}

/** The SEQUENCE in SQL, over a bookings row aliased `b` (roomInsertBatcher.ts); raised by every UPDATE (migration 0023). */
export const ICS_SEQUENCE_SQL = 'b.ics_sequence';

const DEFAULT_MAIL_FROM = 'Hotdesk <hotdesk@localhost>';
// Stand-ins that cannot occur in a booking's text (control characters are not valid in TEXT).
const ID = '\u0001ID\u0001';
const SEQ = 7_777_777_777;

/** The REQUEST with its UID's id and SEQUENCE left out; `stamp` is its DTSTAMP (when it was written). */
export function bookingIcsTemplate(f: IcsBooking, stamp = new Date(), mailFrom = DEFAULT_MAIL_FROM): IcsTemplate {
  const b: CalendarBooking = {
    status: 1, deskName: null, deskId: null, timeZone: 'UTC', bookerName: '', bookerEmail: '', onBehalfOfEmail: '', ...f,
  };
  const event = { ...bookingCalendarEvent({ ...b, id: 0, sequence: SEQ }, organizerOf(mailFrom)), uid: `hotdesk-booking-${ID}` };
  if (!b.bookerEmail) event.attendees = [];
  const whole = writeCalendar([event], { method: 'REQUEST', stamp });
  const [head, rest] = whole.split(ID) as [string, string];
  const at = rest.indexOf(`\r\nSEQUENCE:${SEQ}\r\n`) + '\r\nSEQUENCE:'.length;
  return { head, middle: rest.slice(0, at), tail: rest.slice(at + String(SEQ).length) };
}

/** A template completed with the booking's id and SEQUENCE. */
export const fillIcs = (t: IcsTemplate, id: number, sequence: number) => `${t.head}${id}${t.middle}${sequence}${t.tail}`;
