/**
 * Writes a published free/busy object (RFC 5545 §3.6.4, VFREEBUSY): when a room is taken over a
 * range, and how (FBTYPE), without saying by whom or for what. Room finders and calendar clients
 * that read free/busy (Outlook's Internet Free/Busy, CalDAV tools) take this form; the busy blocks
 * as events are written by calendarObject.ts.
 *
 * No METHOD: this is a plain calendar object for reading, not an iTIP message (METHOD:PUBLISH would
 * require an ORGANIZER, and a room has no mailbox of its own). FREEBUSY values are in UTC, as the RFC
 * requires, so no VTIMEZONE is needed. Periods are sorted, clipped to the object's range and merged
 * where they overlap or touch within one FBTYPE, one period a line.
 */
import { CRLF, foldLine, icsText, icsUtc } from './icsLines.js';

export type FreeBusyType = 'BUSY' | 'BUSY-TENTATIVE' | 'BUSY-UNAVAILABLE';

export interface BusyPeriod { start: Date; end: Date; type: FreeBusyType }

export interface FreeBusyOptions {
  uid: string;
  /** DTSTAMP: when the object was written. */
  stamp: Date;
  /** The range the object speaks for (DTSTART, DTEND): outside it nothing is said. */
  start: Date;
  end: Date;
  periods: readonly BusyPeriod[];
  prodId?: string;
  /** COMMENT: what the object is about (e.g. the room's name); never a person's data. */
  comment?: string;
}

const TYPE_ORDER: readonly FreeBusyType[] = ['BUSY-UNAVAILABLE', 'BUSY', 'BUSY-TENTATIVE'];

/** The periods of each type, clipped to [start, end), sorted, overlapping or touching ones merged. */
export function mergedPeriods(periods: readonly BusyPeriod[], start: Date, end: Date): BusyPeriod[] {
  const out: BusyPeriod[] = [];
  for (const type of TYPE_ORDER) {
    const clipped = periods
      .filter((p) => p.type === type)
      .map((p) => ({ s: Math.max(p.start.getTime(), start.getTime()), e: Math.min(p.end.getTime(), end.getTime()) }))
      .filter((p) => p.e > p.s)
      .sort((a, b) => a.s - b.s);
    let open: { s: number; e: number } | undefined;
    for (const p of clipped) {
      if (open && p.s <= open.e) open.e = Math.max(open.e, p.e);
      else {
        if (open) out.push({ start: new Date(open.s), end: new Date(open.e), type });
        open = { ...p };
      }
    }
    if (open) out.push({ start: new Date(open.s), end: new Date(open.e), type });
  }
  return out.sort((a, b) => a.start.getTime() - b.start.getTime() || TYPE_ORDER.indexOf(a.type) - TYPE_ORDER.indexOf(b.type));
}

export function writeFreeBusy(o: FreeBusyOptions): string {
  const lines = [
    'BEGIN:VCALENDAR', 'VERSION:2.0', `PRODID:${o.prodId ?? '-//Hotdesk//Room free-busy//EN'}`, 'CALSCALE:GREGORIAN',
    'BEGIN:VFREEBUSY', `UID:${icsText(o.uid)}`, `DTSTAMP:${icsUtc(o.stamp)}`, `DTSTART:${icsUtc(o.start)}`, `DTEND:${icsUtc(o.end)}`,
  ];
  if (o.comment) lines.push(`COMMENT:${icsText(o.comment)}`);
  for (const p of mergedPeriods(o.periods, o.start, o.end)) lines.push(`FREEBUSY;FBTYPE=${p.type}:${icsUtc(p.start)}/${icsUtc(p.end)}`);
  lines.push('END:VFREEBUSY', 'END:VCALENDAR');
  return lines.map((l) => `${foldLine(l)}${CRLF}`).join('');
}
