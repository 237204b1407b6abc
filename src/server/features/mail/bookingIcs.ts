/**
 * The calendar entry (.ics, RFC 5545) sent with an approved room booking, written directly. The `ics`
 * library's createEvent validated its input twice on every call, ~0.3 ms on a quiet host: more than
 * the rest of a room booking's notice, on every room booking. This writes the same properties in the
 * same order (bookingIcs.test.ts compares the two), and folds lines at 75 octets as the RFC asks (the
 * library counted characters, so a line of accented letters could run longer).
 *
 * A template leaves out the two parts only the saved booking knows, its id (the UID) and its
 * updated_at (the SEQUENCE), so a new booking's entry can be written before its statement runs and
 * completed by that statement (roomInsertBatcher.ts), or here by fillIcs.
 */
export interface IcsTemplate {
  /** Everything up to the booking id of the UID. */
  head: string;
  /** From the end of the UID to the SEQUENCE's number. */
  middle: string;
  /** The rest, after the SEQUENCE's number. */
  tail: string;
}

export interface IcsBooking {
  start: Date; finish: Date; description: string; roomName: string; locationName: string; siteName: string;
}

const CRLF = '\r\n';
const MAX_LINE_OCTETS = 75;

/** RFC 5545 TEXT: backslash, newline, semicolon and comma escaped (as the library's formatText). */
const text = (s: string) => s.replace(/\\/g, '\\\\').replace(/\r?\n/g, '\\n').replace(/;/g, '\\;').replace(/,/g, '\\,');
/** The same escaping and times for other calendar entries (myBookings/bookingCalendarFile.ts). */
export { text as icsText, utc as icsUtc };

/** 20300402T080000Z */
function utc(d: Date): string {
  const iso = d.toISOString();
  return `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}T${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z`;
}

/** UTF-8 octets of one code point (a string of one or two UTF-16 units). */
const octets = (ch: string) => {
  if (ch.length === 2) return 4;
  const c = ch.charCodeAt(0);
  return c < 0x80 ? 1 : c < 0x800 ? 2 : 3;
};

/** A content line folded so no line is longer than 75 octets; a continuation starts with a tab. */
export function foldLine(line: string): string {
  // Three octets a UTF-16 unit at most: a short line needs no counting.
  if (line.length * 3 <= MAX_LINE_OCTETS) return line;
  const parts: string[] = [];
  let part = '', used = 0, limit = MAX_LINE_OCTETS;
  for (const ch of line) {
    const n = octets(ch);
    if (used + n > limit) {
      parts.push(part);
      part = '';
      used = 0;
      limit = MAX_LINE_OCTETS - 1; // the tab that starts a continuation counts
    }
    part += ch;
    used += n;
  }
  parts.push(part);
  return parts.join(`${CRLF}\t`);
}

/** The SEQUENCE of a booking's entry: each change bumps updated_at, so calendars replace the older copy. */
export const icsSequence = (updatedAt: Date) => Math.floor(updatedAt.getTime() / 1000) % 2_000_000_000;

/** The same SEQUENCE in SQL, over a bookings row aliased `b` (roomInsertBatcher.ts). */
export const ICS_SEQUENCE_SQL = '(floor(extract(epoch FROM b.updated_at))::bigint % 2000000000)';

/** The entry with its UID and SEQUENCE left out; `stamp` is its DTSTAMP (when it was written). */
export function bookingIcsTemplate(f: IcsBooking, stamp = new Date()): IcsTemplate {
  const line = (s: string) => `${foldLine(s)}${CRLF}`;
  const title = f.description || f.roomName;
  return {
    head: `BEGIN:VCALENDAR${CRLF}VERSION:2.0${CRLF}CALSCALE:GREGORIAN${CRLF}PRODID:hotdesk/room-booking${CRLF}METHOD:PUBLISH${CRLF}`
      + `X-PUBLISHED-TTL:PT1H${CRLF}BEGIN:VEVENT${CRLF}UID:hotdesk-booking-`,
    middle: CRLF
      + (title ? line(`SUMMARY:${text(title)}`) : '')
      + `DTSTAMP:${utc(stamp)}${CRLF}DTSTART:${utc(f.start)}${CRLF}DTEND:${utc(f.finish)}${CRLF}SEQUENCE:`,
    tail: CRLF
      + line(`DESCRIPTION:${text(`Room booking: ${f.roomName}`)}`)
      + line(`LOCATION:${text(`${f.roomName}, ${f.locationName}, ${f.siteName}`)}`)
      + `STATUS:CONFIRMED${CRLF}X-MICROSOFT-CDO-BUSYSTATUS:BUSY${CRLF}END:VEVENT${CRLF}END:VCALENDAR${CRLF}`,
  };
}

/** A template completed with the booking's id and updated_at. */
export const fillIcs = (t: IcsTemplate, id: number, updatedAt: Date) => `${t.head}${id}${t.middle}${icsSequence(updatedAt)}${t.tail}`;
