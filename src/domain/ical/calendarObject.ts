/**
 * Writes calendar objects (RFC 5545) and their iTIP method (RFC 5546): the invitations mailed with
 * bookings (REQUEST for a new or changed booking, CANCEL when it ends), the personal feed and the
 * "Add to calendar" download (PUBLISH). One writer, so the three agree on UID, SEQUENCE and content
 * and a calendar that gets the same booking by more than one road shows one event.
 *
 * Times are written on each event's site clock with its VTIMEZONE (vtimezone.ts) when the zone is known,
 * so a repeating event keeps its wall-clock time across daylight-saving changes; otherwise in UTC.
 */
import { CRLF, foldLine, icsLocal, icsParam, icsText, icsUtc } from './icsLines.js';
import { zoneBlock } from './vtimezone.js';

export type ItipMethod = 'REQUEST' | 'CANCEL' | 'PUBLISH';
export type EventStatus = 'CONFIRMED' | 'TENTATIVE' | 'CANCELLED';

export interface CalendarPerson { email: string; name?: string }
export interface Attendee extends CalendarPerson {
  partstat: 'ACCEPTED' | 'TENTATIVE' | 'DECLINED' | 'NEEDS-ACTION';
  role: 'REQ-PARTICIPANT' | 'OPT-PARTICIPANT' | 'NON-PARTICIPANT' | 'CHAIR';
}

export interface CalendarEvent {
  uid: string;
  /** The site's IANA zone: times are written on its clock with its VTIMEZONE. */
  timeZone: string;
  /** Raised by every change, so a calendar replaces its copy (iTIP); below 2^31. */
  sequence: number;
  start: Date;
  finish: Date;
  summary: string;
  description: string;
  location: string;
  status: EventStatus;
  organizer?: CalendarPerson;
  attendees?: readonly Attendee[];
  /** A repeating event: its RRULE value (recurrenceRrule.ts), and the starts of the occurrences left out. */
  rrule?: string;
  exdates?: readonly Date[];
  /** One occurrence of a repeating event that differs from its rule: the start the rule gives it. */
  recurrenceId?: Date;
}

export interface CalendarOptions {
  method: ItipMethod;
  /** DTSTAMP: when the object was written. */
  stamp: Date;
  prodId?: string;
  /** X-WR-CALNAME, for feeds. */
  name?: string;
}

const person = (p: CalendarPerson) => `${p.name ? `;CN=${icsParam(p.name)}` : ''}:mailto:${p.email}`;

function eventLines(e: CalendarEvent, o: CalendarOptions): string[] {
  const tzid = zoneBlock(e.timeZone)?.tzid;
  const at = (prop: string, d: Date) => (tzid ? `${prop};TZID=${tzid}:${icsLocal(d, e.timeZone)}` : `${prop}:${icsUtc(d)}`);
  const lines = ['BEGIN:VEVENT', `UID:${icsText(e.uid)}`, `DTSTAMP:${icsUtc(o.stamp)}`];
  if (e.recurrenceId) lines.push(at('RECURRENCE-ID', e.recurrenceId));
  lines.push(at('DTSTART', e.start), at('DTEND', e.finish), `SEQUENCE:${e.sequence}`);
  if (e.rrule) lines.push(`RRULE:${e.rrule}`);
  // One EXDATE line per day keeps each short (a long list would fold into one very long property).
  for (const d of e.exdates ?? []) lines.push(at('EXDATE', d));
  if (e.summary) lines.push(`SUMMARY:${icsText(e.summary)}`);
  lines.push(`DESCRIPTION:${icsText(e.description)}`, `LOCATION:${icsText(e.location)}`);
  if (e.organizer) lines.push(`ORGANIZER${person(e.organizer)}`);
  for (const a of e.attendees ?? []) lines.push(`ATTENDEE;ROLE=${a.role};PARTSTAT=${a.partstat};RSVP=FALSE${person(a)}`);
  lines.push(`STATUS:${e.status}`, 'TRANSP:OPAQUE', `X-MICROSOFT-CDO-BUSYSTATUS:${e.status === 'TENTATIVE' ? 'TENTATIVE' : 'BUSY'}`, 'END:VEVENT');
  return lines;
}

/** The whole object: VCALENDAR with METHOD, a VTIMEZONE per zone the events use, and the events; CRLF after every line. */
export function writeCalendar(events: readonly CalendarEvent[], o: CalendarOptions): string {
  const zones = [...new Set(events.map((e) => e.timeZone))].map((z) => zoneBlock(z)?.text ?? '').join('');
  const head = ['BEGIN:VCALENDAR', 'VERSION:2.0', `PRODID:${o.prodId ?? '-//Hotdesk//Bookings//EN'}`, 'CALSCALE:GREGORIAN', `METHOD:${o.method}`];
  if (o.name) head.push(`X-WR-CALNAME:${icsText(o.name)}`, 'X-PUBLISHED-TTL:PT1H', 'REFRESH-INTERVAL;VALUE=DURATION:PT1H');
  const body = events.flatMap((e) => eventLines(e, o));
  const lines = (list: string[]) => list.map((l) => `${foldLine(l)}${CRLF}`).join('');
  return `${lines(head)}${zones}${lines(body)}END:VCALENDAR${CRLF}`;
}
