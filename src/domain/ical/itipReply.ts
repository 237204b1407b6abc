/**
 * An iTIP REPLY (RFC 5546 §3.2.3): a room's answer to an invitation it was sent (issue 23, booking a
 * room by inviting it). It names the organizer's event (UID, and RECURRENCE-ID for one occurrence),
 * carries the room as the only ATTENDEE with its PARTSTAT, and says why in a COMMENT, which Outlook,
 * Google and Apple show next to the answer. Hotdesk sends it from its own address on the room's
 * behalf, so the ATTENDEE says SENT-BY that address.
 *
 * Written with the same content-line rules as every other object Hotdesk writes (icsLines.ts). Times
 * are in UTC: a reply only identifies the event and restates the slot, the organizer's copy keeps its zone.
 */
import { CRLF, foldLine, icsParam, icsText, icsUtc } from './icsLines.js';

export type ReplyPartstat = 'ACCEPTED' | 'TENTATIVE' | 'DECLINED';

export interface ItipReply {
  uid: string;
  /** The organizer's SEQUENCE and DTSTART/DTEND of the invitation answered (echoed, as RFC 5546 asks). */
  sequence: number;
  start?: Date;
  finish?: Date;
  recurrenceId?: Date;
  organizer: { email: string; name?: string };
  /** The room: its booking address and name. */
  attendee: { email: string; name: string };
  /** Hotdesk's own address (MAIL_FROM), sending on the room's behalf. */
  sentBy: string;
  partstat: ReplyPartstat;
  /** The answer in words ("Booked.", "This slot clashes with another booking"). */
  comment: string;
  summary?: string;
}

/** The whole VCALENDAR with METHOD:REPLY; CRLF after every line. */
export function writeItipReply(r: ItipReply, stamp: Date): string {
  const cn = (name: string | undefined) => (name ? `;CN=${icsParam(name)}` : '');
  const lines = [
    'BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Hotdesk//Room invitations//EN', 'CALSCALE:GREGORIAN', 'METHOD:REPLY',
    'BEGIN:VEVENT', `UID:${icsText(r.uid)}`, `DTSTAMP:${icsUtc(stamp)}`, `SEQUENCE:${r.sequence}`,
  ];
  if (r.recurrenceId) lines.push(`RECURRENCE-ID:${icsUtc(r.recurrenceId)}`);
  if (r.start) lines.push(`DTSTART:${icsUtc(r.start)}`);
  if (r.finish) lines.push(`DTEND:${icsUtc(r.finish)}`);
  if (r.summary) lines.push(`SUMMARY:${icsText(r.summary)}`);
  lines.push(
    `ORGANIZER${cn(r.organizer.name)}:mailto:${r.organizer.email}`,
    `ATTENDEE;PARTSTAT=${r.partstat};CUTYPE=ROOM;SENT-BY=${icsParam(`mailto:${r.sentBy}`)}${cn(r.attendee.name)}:mailto:${r.attendee.email}`,
    `COMMENT:${icsText(r.comment)}`,
    'REQUEST-STATUS:2.0;Success',
    'END:VEVENT', 'END:VCALENDAR',
  );
  return lines.map((l) => `${foldLine(l)}${CRLF}`).join('');
}

/** The address in a From-style value: "Hotdesk <hotdesk@x.org>" → hotdesk@x.org. */
export const bareAddress = (from: string): string => /<([^>]+)>/.exec(from)?.[1]?.trim() ?? from.trim();
